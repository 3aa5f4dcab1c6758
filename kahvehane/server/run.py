"""``kahvehane serve``: run the salon on uvicorn."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Mapping
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from kahvehane.server.rooms import parse_rooms, room_flag
from kahvehane.server.settings import FAULTS, Settings


def add_arguments(p: argparse.ArgumentParser) -> None:
    d = Settings()
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port (8000)")
    p.add_argument("--db", default=d.db_url,
                   help="database URL: sqlite:///FILE (default: %(default)s, created if"
                        " missing) or postgresql://USER@HOST/DB")
    p.add_argument("--db-deadline", type=float, default=d.db_deadline,
                   help="seconds a database write may wait (a lock, an outage) before it"
                        " fails as storage_failed (3)")
    p.add_argument("--countdown", type=float, default=d.countdown,
                   help="seconds from Start to the first deal (10)")
    p.add_argument("--clock", type=int, default=d.clock, help="default move clock, s (30)")
    p.add_argument("--bot-delay", type=float, default=d.bot_delay,
                   help="pause before a bot moves, s (0.8)")
    p.add_argument("--deal-pause", type=float, default=d.deal_pause,
                   help="pause between deals, s (3)")
    p.add_argument("--starting-chips", type=int, default=d.starting_chips)
    p.add_argument("--guest-chips", type=int, default=d.guest_chips)
    p.add_argument("--daily-bonus", type=int, default=d.daily_bonus,
                   help="chips a signed-up account may claim once a day, Europe/Istanbul;"
                        " 0: none (500)")
    p.add_argument("--daily-floor", type=int, default=d.daily_floor,
                   help="an account below this many chips may be topped up to it once a"
                        " day; 0: none (1000)")
    p.add_argument("--rating-provisional", type=int, default=d.rating_provisional,
                   help="a rating is provisional until this many rated matches (10)")
    p.add_argument("--room", action="append", default=[], metavar="NAME:ENTRY_FROM:MIN",
                   type=room_flag,
                   help="a room by stake: its name, the lowest entry of its tables (up to"
                        " the next room's) and the chips a person needs to sit there;"
                        " repeatable, in rising order; 'none' for no rooms (default:"
                        " Acemi:1:0, Orta:100:1000, Usta:1000:10000, VIP:5000:50000)")
    p.add_argument("--new-accounts", type=int, default=d.new_accounts_per_hour,
                   help="new accounts (guests and sign-ups) per address an hour (10)")
    p.add_argument("--messages-keep-days", type=float, default=d.messages_keep_days,
                   help="days a private message is kept (90)")
    p.add_argument("--message-max-chars", type=int, default=d.message_max_chars,
                   help="characters of a private message at most (500)")
    p.add_argument("--messages-per-minute", type=int, default=d.messages_per_minute,
                   help="private messages one account may send a minute (20)")
    p.add_argument("--invites-per-minute", type=int, default=d.invites_per_minute,
                   help="invitations to a table one account may send a minute (10)")
    p.add_argument("--friend-requests-per-hour", type=int,
                   default=d.friend_requests_per_hour,
                   help="friend requests one account may send an hour (30)")
    p.add_argument("--rate", type=float, default=d.rate, help="messages/s per connection")
    p.add_argument("--burst", type=int, default=d.burst)
    p.add_argument("--idle-close", type=float, default=d.idle_close,
                   help="close an empty table after this many seconds")
    p.add_argument("--tables-open", type=int, default=d.tables_open,
                   help="tables one account may have open at once (10)")
    p.add_argument("--guest-tables-open", type=int, default=d.guest_tables_open,
                   help="tables one guest may have open at once (3)")
    p.add_argument("--tables-per-minute", type=int, default=d.tables_per_minute,
                   help="new tables one account may open a minute (20)")
    p.add_argument("--lobby-max-tables", type=int, default=d.lobby_max_tables,
                   help="listed open tables in the whole salon at most (2000)")
    p.add_argument("--guest-idle-close", type=float, default=d.guest_idle_close,
                   help="close a guest's table with nobody at it after this many"
                        " seconds (30)")
    p.add_argument("--grace-close", type=float, default=d.grace_close,
                   help="close a waiting table none of whose seated people is at it after"
                        " this many seconds (60)")
    p.add_argument("--quick-wait", type=float, default=d.quick_wait,
                   help="the longest a quick-play table waits for other people before"
                        " bots fill it, s (10)")
    p.add_argument("--session-days", type=float, default=d.session_days,
                   help="a sign-in lasts this many days (30)")
    p.add_argument("--secure-cookies", action="store_true",
                   help="always mark the session cookie Secure (it is anyway on a request"
                        " that came over HTTPS, directly or by a --trusted-proxy)")
    p.add_argument("--trusted-proxy", action="append", default=[], metavar="ADDRESS",
                   help="a proxy (address or network) whose X-Forwarded-For /"
                        " X-Forwarded-Proto / Forwarded is believed; repeatable; none by"
                        " default")
    p.add_argument("--header-timeout", type=float, default=d.header_timeout,
                   help="seconds a request's header may take to arrive, then 408 and"
                        " the connection closed (10)")
    p.add_argument("--keep-alive", type=float, default=d.keep_alive,
                   help="close an idle HTTP keep-alive connection after this many"
                        " seconds (5)")
    p.add_argument("--max-connections-per-address", type=int,
                   default=d.max_connections_per_address, metavar="N",
                   help="TCP connections (HTTP and WebSocket) one address may hold open;"
                        " one more is answered 503; 0: no cap (64)")
    p.add_argument("--cap-exempt", action="append", default=None, metavar="ADDRESS",
                   help="an address or network whose connections are not capped (besides"
                        " the trusted proxies); repeatable; 'none' for none (default:"
                        " loopback, 127.0.0.0/8 and ::1)")
    p.add_argument("--static", default=None,
                   help="folder of the web client (default: kahvehane/web/static)")
    p.add_argument("--ws", choices=["direct", "asgi"], default="direct",
                   help="WebSocket path: direct (the salon's line to uvicorn's protocol,"
                        " the default) or asgi (plain ASGI messages, as on any server)")
    p.add_argument("--redis", default=None, metavar="URL",
                   help="run as one node of a salon on several nodes, on this Redis"
                        " (redis://[USER:PASSWORD@]HOST:PORT/DB, or rediss://... for TLS,"
                        " ?ssl_ca_certs=CA.pem; with a PostgreSQL --db): docs/scaling.md")
    p.add_argument("--node-id", default=None,
                   help="this node's id in the cluster (default: a random one)")
    p.add_argument("--redis-prefix", default=d.redis_prefix,
                   help="prefix of every Redis key, so several salons share one Redis (kh)")
    p.add_argument("--lease", type=float, default=d.lease,
                   help="a table's lease in Redis, s: how soon another node takes over (5)")
    p.add_argument("--fault", action="append", default=[], choices=sorted(FAULTS),
                   help="for tests: make this step fail as an engine error would (deal:"
                        " dealing a match's deals; restore: resuming a match after a"
                        " restart); repeatable")
    p.add_argument("--ops-token", default=None, metavar="TOKEN",
                   help="GET /metrics and POST /api/ops/backup answer a request with"
                        " 'Authorization: Bearer TOKEN' (docs/operations.md); off by"
                        " default")
    p.add_argument("--ops-allow", action="append", default=[], metavar="ADDRESS",
                   help="an address or network that may ask GET /metrics and POST"
                        " /api/ops/backup without the token; repeatable; none by default")
    p.add_argument("--log-level", default="info")
    p.add_argument("--log-format", choices=["text", "json"], default=d.log_format,
                   help="text, or json: one JSON object a line with the table, match and"
                        " user ids where they apply (docs/operations.md)")
    from_environment(p)


#: Every ``serve`` option also comes from the environment: ``--db`` from
#: ``KAHVEHANE_DB``, ``--trusted-proxy`` from ``KAHVEHANE_TRUSTED_PROXY`` (several
#: separated by commas), ``--secure-cookies`` from ``KAHVEHANE_SECURE_COOKIES=1``. A flag
#: on the command line wins over the environment.
ENV_PREFIX = "KAHVEHANE_"
TRUE = frozenset({"1", "true", "yes", "on"})
FALSE = frozenset({"0", "false", "no", "off", ""})


def env_name(dest: str) -> str:
    """The environment variable of an option.

    >>> env_name("max_connections_per_address")
    'KAHVEHANE_MAX_CONNECTIONS_PER_ADDRESS'
    """
    return ENV_PREFIX + dest.upper()


def from_environment(p: argparse.ArgumentParser,
                     environ: Mapping[str, str] | None = None) -> None:
    """Take each option's default from its environment variable, if set (a value that
    does not parse stops the program, as the same flag would)."""
    env = os.environ if environ is None else environ
    for action in p._actions:
        if not action.option_strings or action.dest == "help":
            continue
        raw = env.get(env_name(action.dest))
        if raw is None:
            continue
        flag = action.option_strings[0]
        if isinstance(action, argparse._StoreTrueAction):
            if raw.strip().lower() not in TRUE | FALSE:
                p.error(f"{env_name(action.dest)}={raw!r}: 1 or 0 ({flag})")
            action.default = raw.strip().lower() in TRUE
            continue
        values = [v.strip() for v in raw.split(",") if v.strip()] \
            if isinstance(action, argparse._AppendAction) else [raw]
        converted = []
        for value in values:
            try:
                converted.append(action.type(value) if callable(action.type) else value)
            except (TypeError, ValueError):
                p.error(f"{env_name(action.dest)}={raw!r}: not a valid {flag}")
            if action.choices is not None and converted[-1] not in action.choices:
                p.error(f"{env_name(action.dest)}={raw!r}: {flag} is one of"
                        f" {', '.join(map(str, action.choices))}")
        action.default = converted if isinstance(action, argparse._AppendAction) \
            else converted[0]


def settings_from(args: argparse.Namespace) -> Settings:
    d = Settings()
    return Settings(
        db_url=args.db, db_deadline=args.db_deadline, countdown=args.countdown,
        clock=args.clock, bot_delay=args.bot_delay,
        deal_pause=args.deal_pause, starting_chips=args.starting_chips,
        guest_chips=args.guest_chips, daily_bonus=args.daily_bonus,
        daily_floor=args.daily_floor, rating_provisional=args.rating_provisional,
        rooms=parse_rooms(args.room) if args.room else d.rooms,
        new_accounts_per_hour=args.new_accounts, rate=args.rate,
        messages_keep_days=args.messages_keep_days,
        message_max_chars=args.message_max_chars,
        messages_per_minute=args.messages_per_minute,
        invites_per_minute=args.invites_per_minute,
        friend_requests_per_hour=args.friend_requests_per_hour,
        burst=args.burst,
        idle_close=args.idle_close, secure_cookies=args.secure_cookies,
        tables_open=args.tables_open, guest_tables_open=args.guest_tables_open,
        tables_per_minute=args.tables_per_minute, lobby_max_tables=args.lobby_max_tables,
        guest_idle_close=args.guest_idle_close, grace_close=args.grace_close,
        quick_wait=args.quick_wait,
        session_days=args.session_days,
        trusted_proxies=tuple(args.trusted_proxy), faults=frozenset(args.fault),
        header_timeout=args.header_timeout, keep_alive=args.keep_alive,
        max_connections_per_address=args.max_connections_per_address,
        cap_exempt=d.cap_exempt if args.cap_exempt is None
        else tuple(a for a in args.cap_exempt if a != "none"),
        static_dir=Path(args.static) if args.static else d.static_dir,
        redis_url=args.redis, node_id=args.node_id, redis_prefix=args.redis_prefix,
        lease=args.lease, ops_token=args.ops_token or None,
        ops_allow=tuple(args.ops_allow), log_format=args.log_format,
    )


def redacted(url: str) -> str:
    """``url`` with its password, if any, replaced by ``***`` (for the log).

    >>> redacted("postgresql://kh:s3cret@db/salon"), redacted("sqlite:///x.sqlite3")
    ('postgresql://kh:***@db/salon', 'sqlite:///x.sqlite3')
    """
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@", 1)
    return urlunsplit(parts._replace(netloc=netloc))


def serve(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from kahvehane.server.addresses import trusted_networks
        from kahvehane.server.app import create_app
        from kahvehane.server.guard import Guard, GuardedWS, protocols
        from kahvehane.server.logs import setup as setup_logs
        from kahvehane.server.logs import uvicorn_config
        from kahvehane.server.wsdirect import SalonWSProtocol
    except ImportError as exc:  # pragma: no cover - depends on the installation
        print(f"kahvehane serve: the server needs its extra: pip install 'kahvehane[server]'"
              f" ({exc})", file=sys.stderr)
        return 2
    try:
        settings = settings_from(args)
    except ValueError as exc:  # --room: names twice, entries not rising
        print(f"kahvehane serve: --room: {exc}", file=sys.stderr)
        return 2
    if settings.redis_url is not None and settings.db_url.startswith("sqlite"):
        print("kahvehane serve: --redis (several nodes) needs a database they share:"
              " --db postgresql://USER@HOST/DB", file=sys.stderr)
        return 2
    setup_logs(args.log_level, settings.log_format)
    try:
        exempt = trusted_networks(settings.trusted_proxies + settings.cap_exempt)
        trusted_networks(settings.ops_allow)
    except ValueError as exc:
        print(f"kahvehane serve: {exc}", file=sys.stderr)
        return 2
    app = create_app(settings)
    guard = Guard(settings.max_connections_per_address, settings.header_timeout, exempt)
    http, ws = protocols(guard, SalonWSProtocol if args.ws == "direct" else GuardedWS)
    loop = "uvloop" if sys.platform != "win32" else "asyncio"
    print(f"kahvehane: the salon is at http://{args.host}:{args.port}/ (database"
          f" {redacted(settings.db_url)})", flush=True)
    uvicorn.run(app, host=args.host, port=args.port, loop=loop, http=http, ws=ws,
                ws_max_size=settings.max_message_bytes,
                ws_per_message_deflate=False, log_level=args.log_level.lower(),
                access_log=False, lifespan="on",
                log_config=uvicorn_config(settings.log_format),
                # the salon reads forwarded addresses itself, from --trusted-proxy only
                proxy_headers=False, timeout_graceful_shutdown=5,
                timeout_keep_alive=settings.keep_alive,  # type: ignore[arg-type]
                server_header=False)  # no "server: uvicorn": nothing to fingerprint
    return 0
