"""The salon's settings: one frozen object, made by ``kahvehane serve`` from its flags.

Durations are seconds. The defaults are the salon's (a 10-second countdown from Start
and a 30-second move clock: docs/server.md "Running it"); tests and the benchmark
shorten them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from kahvehane.server.rooms import DEFAULT_ROOMS, Room
from kahvehane.store.db import DEADLINE

WEB_STATIC = Path(__file__).resolve().parent.parent / "web" / "static"

#: Steps a test can make fail (``kahvehane serve --fault NAME``), as an engine error
#: would: ``deal`` (dealing a deal of a match), ``restore`` (resuming a match from its
#: record after a restart). What follows is the salon's own handling of such a failure
#: (docs/server.md "A match that cannot go on"); nothing else changes.
FAULTS = frozenset({"deal", "restore"})


@dataclass(frozen=True)
class Settings:
    db_url: str = "sqlite:///kahvehane.sqlite3"
    # a database write not committed this long after it was asked for fails (rolled
    # back, ``storage_failed``); also any one lock wait, connect and statement
    db_deadline: float = DEADLINE
    countdown: float = 10.0  # from the manager's Start to the first deal (P-1)
    clock: int = 30  # default move clock of a table, seconds
    bot_delay: float = 0.8  # pause before a bot (or an away seat's bot) moves
    deal_pause: float = 3.0  # between the end of a deal and the next deal
    starting_chips: int = 10_000  # granted once to a new account
    # granted once to a new guest; a guest never sits at a table with an entry, so no
    # chip ever leaves a guest's account (docs/server.md "Guests and chips")
    guest_chips: int = 0
    # daily chips (kahvehane.store.daily): the bonus a signed-up account may claim once
    # a salon day, and the floor an account below it is topped up to once a day (the
    # lowest entry the salon expects people to pay); 0 turns either off
    daily_bonus: int = 500
    daily_floor: int = 1_000
    # a rating is shown as provisional until this many rated matches of its game
    rating_provisional: int = 10
    # rooms by stake (kahvehane.server.rooms): the tables with an entry grouped by it,
    # each room with a minimum balance to sit; () for none
    rooms: tuple[Room, ...] = DEFAULT_ROOMS
    new_accounts_per_hour: int = 10  # guests and sign-ups from one address, an hour
    max_message_bytes: int = 16 * 1024
    rate: float = 20.0  # messages per second per connection (token bucket)
    burst: int = 40
    replay_events: int = 512  # events kept per table for reconnecting clients
    outbox_limit: int = 2_000  # a client this far behind is disconnected (ASGI path)
    send_buffer_limit: int = 4 * 1024 * 1024  # bytes unsent: the same, direct line
    close_deadline: float = 3.0  # a cut-off client's TCP connection is aborted after this
    lobby_every: float = 0.5  # at most one lobby flush (one write per watcher) this often
    session_days: float = 30.0
    secure_cookies: bool = False
    # proxies whose X-Forwarded-For / -Proto and Forwarded are believed (addresses or
    # networks): the client's address, and HTTPS (a Secure cookie, the Origin's scheme)
    trusted_proxies: tuple[str, ...] = ()
    # the door (kahvehane/server/guard.py): seconds for a request's header to arrive,
    # TCP connections (HTTP and WebSocket) one address holds open (0: no cap), and the
    # addresses not counted (besides the trusted proxies)
    header_timeout: float = 10.0
    max_connections_per_address: int = 64
    cap_exempt: tuple[str, ...] = ("127.0.0.0/8", "::1")
    keep_alive: float = 5.0  # an idle HTTP keep-alive connection is closed after this
    # (uvicorn types it int but takes any number of seconds: loop.call_later)
    idle_close: float = 600.0  # a table with nobody seated and no match closes after this
    # what one account may open (kahvehane/server/limits.py, docs/server.md "Limits"):
    # tables open at once (a guest: fewer), new tables a minute, the lobby's own cap
    # on listed tables, and how soon a guest's table with nobody left at it closes
    tables_open: int = 10
    guest_tables_open: int = 3
    tables_per_minute: int = 20
    lobby_max_tables: int = 2_000
    guest_idle_close: float = 30.0
    # a waiting table none of whose seated people is at it (watching) closes after this:
    # the lobby shows no table whose "Otur" leads nowhere (docs/server.md "Quick play")
    grace_close: float = 60.0
    # "Hemen oyna" (``quick``): at most this long a new table waits for other people
    # before bots fill it (the person asks for up to this, and may skip the wait)
    quick_wait: float = 10.0
    bot_kind: str = "heuristic"  # used when the game has it, else "random"
    gc_freeze_every: float = 1.0  # freeze what survived (out of automatic collections)
    gc_full_every: float = 600.0  # one full collection, frozen objects included
    chat_max_chars: int = 200  # a table talk line, after cleaning
    chat_lines: int = 5  # lines a person may say at a table per chat_seconds
    chat_seconds: float = 10.0
    chat_recent: int = 50  # lines a (re)joining client is given
    # friends, invitations and private messages (issue 30; docs/server.md "Friends"):
    # how long a private message is kept, its length after cleaning, and how many
    # messages, invitations and friend requests one account may send
    messages_keep_days: float = 90.0
    message_max_chars: int = 500
    messages_per_minute: int = 20
    invites_per_minute: int = 10
    friend_requests_per_hour: int = 30
    static_dir: Path | None = field(default=WEB_STATIC)
    faults: frozenset[str] = frozenset()  # FAULTS to inject, for tests only
    # a salon on several nodes (docs/scaling.md): Redis, this node's id, the prefix of
    # every key (several salons or test runs share one Redis), the table lease
    redis_url: str | None = None
    node_id: str | None = None
    redis_prefix: str = "kh"
    lease: float = 5.0  # a table's lease in Redis; renewed every lease / 5
    # GET /metrics and POST /api/ops/backup (docs/operations.md): answered to a request
    # with ``Authorization: Bearer <ops_token>`` or from an address of ``ops_allow``
    # (forwarded addresses only from a trusted proxy); with neither set, both are 404
    ops_token: str | None = None
    ops_allow: tuple[str, ...] = ()
    log_format: str = "text"  # or "json": one JSON object a line (kahvehane.server.logs)
