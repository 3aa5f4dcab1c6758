"""The ASGI application: HTTP API, the WebSocket, and the web client's static files.

``create_app(settings)`` gives a Starlette app; ``kahvehane serve`` runs it on uvicorn.
See ``docs/protocol.md`` for every endpoint and message and ``docs/server.md`` for how
the parts fit.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import math
import mimetypes
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any
from urllib.parse import urlsplit

from sqlalchemy import select
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from kahvehane import __version__
from kahvehane.games import GAME_NAMES
from kahvehane.positions import MatchPositions
from kahvehane.server.addresses import client_address, trusted_networks
from kahvehane.server.catalogue import games_json, messages_json
from kahvehane.server.connection import Conn
from kahvehane.server.errors import (
    BAD_CREDENTIALS,
    BAD_PERIOD,
    BODY_NOT_JSON,
    BODY_NOT_OBJECT,
    BODY_TOO_LARGE,
    GUEST_NO_PASSWORD,
    LOGIN_THROTTLED,
    MATCH_ABORTED,
    MATCH_IN_PROGRESS,
    NAME_AND_PASSWORD,
    NEW_ACCOUNTS_LIMITED,
    NO_GAME,
    NO_INVITE,
    NO_MATCH,
    NO_OPEN_TABLE,
    NO_PLAYER,
    NO_SUCH_DEAL,
    NOT_JSON_CONTENT,
    NOT_UTF8,
    NOT_WHOLE_NUMBER,
    OLD_AND_NEW,
    SIGN_IN_FIRST,
    STORAGE_FAILED,
    HTTPError,
    ProtocolError,
    i18n,
)
from kahvehane.server.gateway import PASSWORD_CHANGED, Gateway
from kahvehane.server.limits import (
    NEW_ACCOUNT,
    SIGN_IN_ADDRESS,
    SIGN_IN_PAIR,
    Limiter,
    StoreLimiter,
)
from kahvehane.server.protocol import PROTOCOL, JSONObj
from kahvehane.server.salon import Salon
from kahvehane.server.settings import Settings
from kahvehane.server.wsdirect import EXTENSION, SalonWSProtocol
from kahvehane.store.accounts import (
    BAD_NAME,
    BAD_PASSWORD,
    NAME_LOOKS_TAKEN,
    NAME_NOT_STRING,
    NAME_TAKEN,
    AccountError,
    UserInfo,
    change_password,
    check_name,
    check_password,
    chips_of,
    create_user,
    end_session,
    find_user,
    guest_name,
    hash_password,
    new_session,
    token_hash,
    verify_password,
)
from kahvehane.store.ledger import now_ms, user_account
from kahvehane.store.matches import match_info
from kahvehane.store.models import LedgerEntry, LedgerTxn, MatchRow, User
from kahvehane.store.names import name_skeleton
from kahvehane.store.standings import chip_history, history, standings_rows, week_start

log = logging.getLogger("kahvehane.server.http")

COOKIE = "kahvehane_session"
#: Content types of the web client's files that not every system's table knows.
STATIC_TYPES = {".webmanifest": "application/manifest+json", ".svg": "image/svg+xml",
                ".png": "image/png", ".js": "text/javascript", ".css": "text/css"}
#: A leaderboard's periods (``?period=``).
PERIODS = ("week", "all")
MAX_BODY = 16 * 1024


#: The HTTP status and protocol code of each refusal of a sign-up or sign-in.
ACCOUNT_REFUSALS: dict[str, tuple[int, str]] = {
    NAME_NOT_STRING.code: (400, "bad_name"),
    BAD_NAME.code: (400, "bad_name"),
    BAD_PASSWORD.code: (400, "bad_password"),
    NAME_TAKEN.code: (409, "name_taken"),
    NAME_LOOKS_TAKEN.code: (409, "name_taken"),
}


def _error(exc: HTTPError) -> JSONResponse:
    """``{"error": {"code", "message", "i18n"}}`` with the error's status."""
    return JSONResponse({"error": {"code": exc.protocol_code, "message": exc.reason,
                                   "i18n": i18n(exc)}}, status_code=exc.status)


#: Seconds a client is asked to wait (``Retry-After``) after the database failed.
RETRY_AFTER = 2


def storage_failed(request: Request, exc: BaseException) -> JSONResponse:
    """A request the database could not serve (a full disk, an unwritable file, an
    outage, a lock past its deadline): ``503`` with ``Retry-After`` and the documented
    ``storage_failed`` error, and one log line, not a traceback. What the request would
    have written was one transaction, rolled back whole."""
    reason = (str(exc).splitlines() or [type(exc).__name__])[0]
    log.warning("%s %s: the database failed (%s); answered 503", request.method,
                request.url.path, reason)
    resp = _error(HTTPError(503, "storage_failed", STORAGE_FAILED))
    resp.headers["Retry-After"] = str(RETRY_AFTER)
    return resp


def _http(exc: ProtocolError, status: int = 400) -> HTTPError:
    return HTTPError.wrap(status, exc.protocol_code, exc)


def create_app(settings: Settings | None = None, salon: Salon | None = None) -> Starlette:
    settings = settings or Settings()
    if salon is None and settings.redis_url is not None:
        from kahvehane.server.cluster.node import ClusterSalon

        salon = ClusterSalon(settings)
    salon = salon or Salon(settings)
    gateway = Gateway(salon)
    limiter: Limiter = StoreLimiter(salon.store)
    if settings.redis_url is not None:  # one limit for every node of the salon
        from kahvehane.server.cluster.limiter import RedisLimiter
        from kahvehane.server.cluster.redisbus import RedisBus

        assert isinstance(salon.bus, RedisBus)
        limiter = RedisLimiter(salon.bus.redis, salon.bus.keys)
    proxies = trusted_networks(settings.trusted_proxies)
    new_account_rule = NEW_ACCOUNT(settings.new_accounts_per_hour)

    # ------------------------------------------------------------ helpers
    async def body(request: Request) -> JSONObj:
        if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
            raise HTTPError(400, "bad_request", NOT_JSON_CONTENT)
        raw = await request.body()
        if len(raw) > MAX_BODY:
            raise HTTPError(413, "too_large", BODY_TOO_LARGE, max=MAX_BODY)
        try:
            obj = json.loads(raw or b"{}")
        except ValueError:
            raise HTTPError(400, "bad_request", BODY_NOT_JSON) from None
        if not isinstance(obj, dict):
            raise HTTPError(400, "bad_request", BODY_NOT_OBJECT)
        return obj

    async def current_user(request: Request) -> UserInfo | None:
        return await gateway.user_for_token(request.cookies.get(COOKIE))

    async def require_user(request: Request) -> UserInfo:
        user = await current_user(request)
        if user is None:
            raise HTTPError(401, "auth_required", SIGN_IN_FIRST)
        return user

    async def user_json(user: UserInfo) -> JSONObj:
        chips = await salon.store.read(lambda s: chips_of(s, user.id))
        return {"id": user.id, "name": user.name, "guest": user.guest, "chips": chips}

    def with_cookie(resp: Response, token: str) -> Response:
        resp.set_cookie(COOKIE, token, max_age=int(settings.session_days * 86400),
                        httponly=True, samesite="lax", secure=settings.secure_cookies, path="/")
        return resp

    def endpoint(fn: Callable[[Request], Awaitable[Response]]
                 ) -> Callable[[Request], Awaitable[Response]]:
        async def wrapped(request: Request) -> Response:
            try:
                return await fn(request)
            except HTTPError as exc:
                return _error(exc)
            except AccountError as exc:
                status, code = ACCOUNT_REFUSALS.get(exc.code, (400, "bad_request"))
                return _error(HTTPError.wrap(status, code, exc))
            except SQLAlchemyError as exc:
                return storage_failed(request, exc)
        return wrapped

    # ------------------------------------------------------------ accounts
    def address(request: Request) -> str:
        """The client's address, the key of the per-address limits (forwarded headers
        only from ``--trusted-proxy``)."""
        return client_address(request.client.host if request.client else None,
                              request.headers, proxies)

    async def new_account(request: Request, name_of: Callable[[Session], str],
                          hashed: str | None) -> Response:
        """Create a person (``hashed``: their password hash) or a guest (``None``) with
        the starting chips of their kind, signed in: ``201`` with the session cookie.
        At most ``new_accounts_per_hour`` from one address (429 beyond)."""
        key = f"new:{address(request)}"
        wait = await limiter.wait(key, new_account_rule)
        if wait > 0:
            raise HTTPError(429, "rate_limited", NEW_ACCOUNTS_LIMITED,
                            limit=new_account_rule.limit, seconds=math.ceil(wait))
        guest = hashed is None
        chips = settings.guest_chips if guest else settings.starting_chips

        def op(s: Session) -> tuple[UserInfo, str]:
            user = create_user(s, name_of(s), hashed, guest=guest, chips=chips)
            return user, new_session(s, user.id, settings.session_days)

        user, token = await salon.store.write(op)
        await limiter.hit(key, new_account_rule)
        return with_cookie(JSONResponse({"user": await user_json(user)}, status_code=201), token)

    @endpoint
    async def signup(request: Request) -> Response:
        data = await body(request)
        name = check_name(data.get("name"))
        password = check_password(data.get("password"))
        hashed = await asyncio.to_thread(hash_password, password)
        return await new_account(request, lambda s: name, hashed)

    @endpoint
    async def login(request: Request) -> Response:
        data = await body(request)
        name, password = data.get("name"), data.get("password")
        if not isinstance(name, str) or not isinstance(password, str):
            raise HTTPError(400, "bad_request", NAME_AND_PASSWORD)
        row = await checked_password(request, name, password)
        uid = row.id
        token = await salon.store.write(lambda s: new_session(s, uid, settings.session_days))
        user = UserInfo(row.id, row.name, row.guest)
        return with_cookie(JSONResponse({"user": await user_json(user)}), token)

    async def checked_password(request: Request, name: str, password: str) -> User:
        """The account ``name`` if ``password`` is its password; else ``401`` — each
        failure slows the next try of that (name, address) and counts for the address
        (``429`` while either must wait), a success clears the (name, address)."""
        addr = address(request)
        # keyed by the look-alike key: ``ALİ`` and ``Alı`` are guesses at ``Ali`` too
        pair = f"signin:{hashlib.sha256(name_skeleton(name).encode()).hexdigest()[:32]}|{addr}"
        per_address = f"signin-addr:{addr}"
        wait = max(await limiter.wait(pair, SIGN_IN_PAIR),
                   await limiter.wait(per_address, SIGN_IN_ADDRESS))
        if wait > 0:
            raise HTTPError(429, "rate_limited", LOGIN_THROTTLED, seconds=math.ceil(wait))
        row = await salon.store.read(lambda s: find_user(s, name))
        ok = (row is not None and row.password_hash is not None
              and await asyncio.to_thread(verify_password, row.password_hash, password))
        if not ok or row is None:
            await limiter.hit(pair, SIGN_IN_PAIR)
            await limiter.hit(per_address, SIGN_IN_ADDRESS)
            raise HTTPError(401, "bad_credentials", BAD_CREDENTIALS)
        await limiter.clear(pair)
        return row

    @endpoint
    async def password_change(request: Request) -> Response:
        """Change the signed-in account's password (the old one proves it is its owner,
        and is throttled as a sign-in): every other session of the account ends and its
        sockets close with :data:`PASSWORD_CHANGED`; this one stays signed in."""
        data = await body(request)
        token = request.cookies.get(COOKIE)
        signed_in = await gateway.sign_in_for_token(token)
        if signed_in is None:
            raise HTTPError(401, "auth_required", SIGN_IN_FIRST)
        if signed_in.user.guest:
            raise HTTPError(403, "forbidden", GUEST_NO_PASSWORD)
        old, new = data.get("old_password"), data.get("new_password")
        if not isinstance(old, str) or not isinstance(new, str):
            raise HTTPError(400, "bad_request", OLD_AND_NEW)
        new = check_password(new)  # before the old one is tried: a bad request costs nothing
        row = await checked_password(request, signed_in.user.name, old)
        hashed = await asyncio.to_thread(hash_password, new)
        uid, keep = row.id, signed_in.token_hash
        ended = await salon.store.write(lambda s: change_password(s, uid, hashed, keep))
        gateway.sessions_ended(set(ended), PASSWORD_CHANGED)
        return JSONResponse({"sessions_ended": len(ended)})

    @endpoint
    async def guest(request: Request) -> Response:
        data = await body(request)
        wanted = data.get("name")
        return await new_account(
            request, lambda s: guest_name(s, wanted if isinstance(wanted, str) else None), None)

    @endpoint
    async def logout(request: Request) -> Response:
        await body(request)
        token = request.cookies.get(COOKIE)
        if token:
            await salon.store.write(lambda s: end_session(s, token))
            gateway.session_ended(token_hash(token))
        resp = JSONResponse({})
        resp.delete_cookie(COOKIE, path="/")
        return resp

    @endpoint
    async def me(request: Request) -> Response:
        user = await require_user(request)
        return JSONResponse({"user": await user_json(user)})

    @endpoint
    async def my_ledger(request: Request) -> Response:
        user = await require_user(request)
        limit = _int_param(request, "limit", 50, 1, 500)

        def op(s: Session) -> JSONObj:
            acct = user_account(s, user.id)
            rows = s.execute(
                select(LedgerEntry.amount, LedgerTxn.created_at, LedgerTxn.kind, LedgerTxn.memo,
                       LedgerTxn.match_id)
                .join(LedgerTxn, LedgerTxn.id == LedgerEntry.txn_id)
                .where(LedgerEntry.account_id == acct.id)
                .order_by(LedgerEntry.id.desc()).limit(limit))
            return {"balance": acct.balance, "entries": [
                {"at": at, "amount": amount, "kind": kind, "memo": memo, "match": match}
                for amount, at, kind, memo, match in rows]}

        return JSONResponse(await salon.store.read(op))

    # ------------------------------------------------------------ lobby, tables
    async def health(request: Request) -> Response:
        return JSONResponse({"ok": True, "version": __version__, "protocol": PROTOCOL})

    async def games(request: Request) -> Response:
        return JSONResponse(games_json())

    async def messages(request: Request) -> Response:
        return JSONResponse(messages_json())

    async def lobby(request: Request) -> Response:
        return JSONResponse({"tables": salon.lobby()})

    @endpoint
    async def open_table(request: Request) -> Response:
        user = await require_user(request)
        data = await body(request)
        try:
            table = await salon.create_table(user, data)
        except ProtocolError as exc:
            raise _http(exc) from None
        out: JSONObj = {"table": table.info()}
        if table.access.private:
            out["invite"] = table.access.invite
        return JSONResponse(out, status_code=201)

    @endpoint
    async def table(request: Request) -> Response:
        info = salon.table_info(request.path_params["table_id"])
        if info is None:
            raise HTTPError(404, "not_found", NO_OPEN_TABLE)
        return JSONResponse({"table": info})

    @endpoint
    async def invite(request: Request) -> Response:
        t = salon.by_invite(request.path_params["code"])
        if t is None:
            raise HTTPError(404, "not_found", NO_INVITE)
        return JSONResponse({"table": t.info()})

    # ------------------------------------------------------------ matches, standings
    async def load_match(request: Request) -> MatchRow:
        try:
            match_id = int(request.path_params["match_id"])
        except ValueError:
            raise HTTPError(404, "not_found", NO_MATCH) from None
        row = await salon.store.read(lambda s: s.get(MatchRow, match_id))
        if row is None:
            raise HTTPError(404, "not_found", NO_MATCH)
        return row

    @endpoint
    async def match(request: Request) -> Response:
        row = await load_match(request)
        return JSONResponse({"match": match_info(row)})

    def finished_record(row: MatchRow) -> JSONObj:
        """A finished match's record; 409 while it is played (its seeds are secret) or
        for a match that was aborted (it has no result)."""
        if row.status == "aborted":
            raise HTTPError(409, "match_aborted", MATCH_ABORTED)
        if row.status != "finished" or row.record is None:
            raise HTTPError(409, "match_in_progress", MATCH_IN_PROGRESS)
        rec: JSONObj = row.record
        return rec

    @endpoint
    async def record(request: Request) -> Response:
        row = await load_match(request)
        text = json.dumps(finished_record(row), ensure_ascii=False, indent=1)
        return Response(text, media_type="application/json", headers={
            "Content-Disposition":
                f'attachment; filename="kahvehane-{row.game}-{row.id}.json"'})

    #: Finished matches replayed for their match pages, newest use last (a few only:
    #: a record replays in milliseconds, a deal's positions are made on each request).
    replayed: dict[int, MatchPositions] = {}

    @endpoint
    async def positions(request: Request) -> Response:
        """``?deal=k``: deal k's positions, each the full view after one more action."""
        row = await load_match(request)
        rec = finished_record(row)
        mp = replayed.pop(row.id, None)
        if mp is None:
            mp = await asyncio.to_thread(MatchPositions, rec)
        replayed[row.id] = mp
        while len(replayed) > 8:
            replayed.pop(next(iter(replayed)))
        deal = _int_param(request, "deal", 0, -1, 10**6)
        if not 0 <= deal < mp.deals:
            raise HTTPError(404, "not_found", NO_SUCH_DEAL, last=mp.deals - 1, deal=deal)
        out = await asyncio.to_thread(mp.deal, deal)
        out.update({"match": row.id, "game": row.game, "players": row.players,
                    "match_result": mp.result})
        return JSONResponse(out)

    @endpoint
    async def leaderboard(request: Request) -> Response:
        """``?period=week`` (from Monday 00:00 salon time) or ``all`` (the default)."""
        game = request.path_params["game"]
        if game not in GAME_NAMES:
            raise HTTPError(404, "not_found", NO_GAME, game=repr(game))
        limit = _int_param(request, "limit", 50, 1, 500)
        period = request.query_params.get("period", "all")
        if period not in PERIODS:
            raise HTTPError(400, "bad_request", BAD_PERIOD, choices=list(PERIODS),
                            period=repr(period))
        since = week_start(now_ms()) if period == "week" else None
        rows = await salon.store.read(lambda s: standings_rows(s, game, None, limit, since))
        for rank, row in enumerate(rows, 1):
            row["rank"] = rank
            row.pop("game", None)
        return JSONResponse({"game": game, "period": period, "since": since, "rows": rows})

    async def find(request: Request) -> UserInfo:
        name = request.path_params["name"]
        row = await salon.store.read(lambda s: find_user(s, name))
        if row is None:
            raise HTTPError(404, "not_found", NO_PLAYER)
        return UserInfo(row.id, row.name, row.guest)

    @endpoint
    async def user(request: Request) -> Response:
        u = await find(request)
        rows = await salon.store.read(lambda s: standings_rows(s, None, u.id, 100))
        standings = [{k: v for k, v in r.items() if k != "user"} for r in rows]
        return JSONResponse({"user": {"id": u.id, "name": u.name, "guest": u.guest},
                             "standings": standings})

    @endpoint
    async def user_matches(request: Request) -> Response:
        u = await find(request)
        limit = _int_param(request, "limit", 20, 1, 200)
        before_raw = request.query_params.get("before")
        before = int(before_raw) if before_raw and before_raw.isdigit() else None
        rows = await salon.store.read(lambda s: history(s, u.id, limit, before))
        return JSONResponse({"matches": rows})

    @endpoint
    async def user_chips(request: Request) -> Response:
        u = await find(request)
        limit = _int_param(request, "limit", 200, 1, 1000)
        rows = await salon.store.read(lambda s: chip_history(s, u.id, limit))
        return JSONResponse({"points": rows})

    # ------------------------------------------------------------ the WebSocket
    limit = settings.max_message_bytes

    def on_message(conn: Conn, data: bytes | str, is_text: bool) -> None:
        """One message from a client, from either path: size, UTF-8, rate, dispatch."""
        if len(data) > limit:
            conn.close(1009)
            return
        if isinstance(data, bytes):
            try:
                text = data.decode("utf-8")
            except UnicodeDecodeError:
                if is_text:  # a text frame must be UTF-8 (RFC 6455, section 8.1)
                    conn.close(1007)
                else:
                    conn.refuse(ProtocolError("bad_json", NOT_UTF8))
                return
        else:
            text = data
            if len(text.encode("utf-8")) > limit:
                conn.close(1009)
                return
        if conn.admit():
            gateway.dispatch(conn, text)

    async def ws_endpoint(websocket: WebSocket) -> None:
        origin = websocket.headers.get("origin")
        host = websocket.headers.get("host", "")
        if origin and urlsplit(origin).netloc != host:
            await websocket.close(code=1008)
            return
        await websocket.accept()
        signed_in = await gateway.sign_in_for_token(websocket.cookies.get(COOKIE))
        user = signed_in.user if signed_in is not None else None
        direct = websocket.scope.get("extensions", {}).get(EXTENSION)
        line: SalonWSProtocol | None = direct["line"] if direct else None
        conn = gateway.connect(websocket, user, line, signed_in)
        writer = asyncio.get_running_loop().create_task(conn.writer())
        conn.send(await gateway.hello(conn))
        if line is not None:  # from now on messages come straight off the wire
            line.receiver = lambda data, is_text: on_message(conn, data, is_text)
        try:
            # With a direct line this returns what was queued before the receiver was
            # set, in order, then waits for the disconnect.
            while not conn.closed:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                if text is not None:
                    on_message(conn, text, True)
                else:
                    on_message(conn, message.get("bytes") or b"", False)
        except WebSocketDisconnect:
            pass
        finally:
            if line is not None:
                line.receiver = None
            gateway.disconnected(conn)
            conn.close(conn.close_code)
            with contextlib.suppress(asyncio.TimeoutError, Exception):
                await asyncio.wait_for(writer, timeout=2)
            writer.cancel()

    # ------------------------------------------------------------ the app
    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await salon.start()
        try:
            yield
        finally:
            await salon.stop()

    routes: list[Any] = [
        Route("/api/health", health),
        Route("/api/games", games),
        Route("/api/messages", messages),
        Route("/api/auth/signup", signup, methods=["POST"]),
        Route("/api/auth/login", login, methods=["POST"]),
        Route("/api/auth/guest", guest, methods=["POST"]),
        Route("/api/auth/logout", logout, methods=["POST"]),
        Route("/api/auth/password", password_change, methods=["POST"]),
        Route("/api/me", me),
        Route("/api/me/ledger", my_ledger),
        Route("/api/tables", lobby, methods=["GET"]),
        Route("/api/tables", open_table, methods=["POST"]),
        Route("/api/tables/{table_id}", table),
        Route("/api/invites/{code}", invite),
        Route("/api/matches/{match_id}", match),
        Route("/api/matches/{match_id}/record", record),
        Route("/api/matches/{match_id}/positions", positions),
        Route("/api/leaderboard/{game}", leaderboard),
        Route("/api/users/{name}", user),
        Route("/api/users/{name}/matches", user_matches),
        Route("/api/users/{name}/chips", user_chips),
        WebSocketRoute("/ws", ws_endpoint),
    ]
    if settings.static_dir is not None and settings.static_dir.is_dir():
        # The web app's manifest and icons by their proper types, whatever the system's
        # mime.types says (an installable app needs application/manifest+json).
        for ext, kind in STATIC_TYPES.items():
            mimetypes.add_type(kind, ext)
        routes.append(Mount("/", app=StaticFiles(directory=settings.static_dir, html=True),
                            name="web"))
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.salon = salon
    app.state.gateway = gateway
    return app


def _int_param(request: Request, name: str, default: int, low: int, high: int) -> int:
    raw = request.query_params.get(name)
    if raw is None:
        return default
    try:
        value = int(raw)
    except ValueError:
        raise HTTPError(400, "bad_request", NOT_WHOLE_NUMBER, name=repr(name)) from None
    return max(low, min(high, value))
