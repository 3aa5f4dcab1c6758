"""The gateway: the side of the salon that owns the sockets — connections and what each
watches, sessions (who a cookie is), the first checks of every client message, and the
lobby's fan-out. It hands table messages to the salon's router as commands carrying the
connection's :class:`~kahvehane.server.table.ports.Viewer`, and it is where the bus
delivers the tables' texts.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from collections.abc import Sequence
from itertools import count
from time import perf_counter

import orjson
from sqlalchemy.exc import SQLAlchemyError
from starlette.websockets import WebSocket

from kahvehane.server.connection import Conn, DirectLine
from kahvehane.server.errors import (
    BAD_ID,
    BAD_SETTINGS,
    NO_TABLE,
    NOT_JSON,
    NOT_OBJECT,
    STORAGE_FAILED,
    UNKNOWN_TYPE,
    ProtocolError,
)
from kahvehane.server.protocol import PROTOCOL, JSONObj, has_bad_id, message_id, now_ms
from kahvehane.server.salon import Salon
from kahvehane.server.table.commands import CHANGING_KINDS, CLIENT_KINDS
from kahvehane.server.table.ports import Command, Viewer
from kahvehane.store.accounts import SignIn, chips_of, sign_in
from kahvehane.users import UserInfo

__all__ = ["CHANGING", "PASSWORD_CHANGED", "SESSION_EXPIRED", "SIGNED_OUT", "TABLE_MESSAGES",
           "Gateway"]

#: Client message types handled by a table (``docs/protocol.md`` §3.2): the table's
#: commands (:mod:`kahvehane.server.table.commands`), each defined there once.
TABLE_MESSAGES = CLIENT_KINDS
#: Client message types that change something: the session is checked before each
#: (``create``, the gateway's own, and every table command that says it changes).
CHANGING = CHANGING_KINDS | {"create", "quick"}
#: Close codes of a connection whose session ended (docs/protocol.md §3.1).
SIGNED_OUT = 4001
SESSION_EXPIRED = 4002
PASSWORD_CHANGED = 4003  # the account's password changed in another session

log = logging.getLogger("kahvehane.server")

#: Lobby subscribers written to per turn of the event loop (see :meth:`Gateway.lobby`).
LOBBY_SLICE = 250


class Gateway:
    """The connections of this process, registered on the salon's bus."""

    def __init__(self, salon: Salon, gateway_id: str | None = None) -> None:
        self.id = gateway_id if gateway_id is not None else secrets.token_hex(4)
        self.salon = salon
        self.settings = salon.settings
        self.conns: dict[int, Conn] = {}
        self.watching: dict[int, set[str]] = {}  # connection -> the tables it is attached to
        self.lobby_subs: dict[int, Conn] = {}
        self._ids = count(1)
        salon.bus.register(self)

    # ================================================================ connections
    def connect(self, ws: WebSocket, user: UserInfo | None, line: DirectLine | None = None,
                session: SignIn | None = None) -> Conn:
        """A new connection, signed in as ``user`` by ``session`` (``line``: its direct
        line)."""
        conn_id = next(self._ids)
        conn = Conn(ws, user, self.settings, line, viewer=Viewer(self.id, conn_id, user),
                    tally=self.salon.tally)
        conn.session = session
        self.conns[conn_id] = conn
        return conn

    def session_ended(self, token_hash: str, code: int = SIGNED_OUT) -> None:
        """A sign-in session ended (logout: :data:`SIGNED_OUT`; a password change in
        another session: :data:`PASSWORD_CHANGED`): its connections are closed with
        ``code``, before any other message of theirs is handled."""
        self.sessions_ended({token_hash}, code)

    def sessions_ended(self, token_hashes: set[str], code: int) -> None:
        """:meth:`session_ended` for several sessions, in one pass over the connections."""
        for conn in list(self.conns.values()):
            if conn.session is not None and conn.session.token_hash in token_hashes:
                conn.close(code)

    def disconnected(self, conn: Conn) -> None:
        """The connection is gone: it follows no lobby and is detached from its tables."""
        conn_id = conn.viewer.conn
        self.conns.pop(conn_id, None)
        self.lobby_subs.pop(conn_id, None)
        for table_id in self.watching.pop(conn_id, ()):
            self.salon.route(table_id, Command("detach", conn.viewer))

    async def user_for_token(self, token: str | None) -> UserInfo | None:
        """The signed-in user of a session cookie's token, if any."""
        found = await self.sign_in_for_token(token)
        return None if found is None else found.user

    async def sign_in_for_token(self, token: str | None) -> SignIn | None:
        """The sign-in session of a cookie's token (its user and expiry), if any."""
        if not token or len(token) > 100:
            return None
        return await self.salon.store.read(lambda s: sign_in(s, token))

    async def hello(self, conn: Conn) -> JSONObj:
        user: JSONObj | None = None
        if conn.user is not None:
            u = conn.user
            chips = await self.salon.store.read(lambda s: chips_of(s, u.id))
            user = {"id": u.id, "name": u.name, "guest": u.guest, "chips": chips}
        s = self.settings
        return {"type": "hello", "protocol": PROTOCOL, "user": user, "time": now_ms(),
                "limits": {"max_message_bytes": s.max_message_bytes, "rate": s.rate,
                           "burst": s.burst}}

    # ================================================================ from clients
    def dispatch(self, conn: Conn, text: str) -> None:
        """Handle one client message (already admitted by size and rate)."""
        if conn.closed:  # e.g. signed out: nothing more of it is handled
            return
        try:
            msg = orjson.loads(text)
        except orjson.JSONDecodeError:
            try:  # what orjson refuses and the standard library takes (big integers)
                msg = json.loads(text)
            except (ValueError, RecursionError):
                conn.refuse(ProtocolError("bad_json", NOT_JSON))
                return
        if not isinstance(msg, dict):
            conn.refuse(ProtocolError("bad_message", NOT_OBJECT))
            return
        if has_bad_id(msg):  # answered with "id": null, and not executed
            conn.refuse(ProtocolError("bad_message", BAD_ID))
            return
        kind = msg.get("type")
        if kind in CHANGING and conn.session is not None \
                and conn.session.expires_at < now_ms():  # one comparison a message
            conn.close(SESSION_EXPIRED)
            return
        try:
            if kind in TABLE_MESSAGES:
                table_id = msg.get("table")
                cmd = Command(kind, conn.viewer, msg, at=perf_counter())
                if not self.salon.route(table_id, cmd):
                    raise ProtocolError("not_found", NO_TABLE, table=repr(table_id))
            elif kind == "ping":
                conn.send({"type": "pong", "id": message_id(msg), "time": now_ms()})
            elif kind == "lobby":
                if msg.get("subscribe", True) is False:
                    self.lobby_subs.pop(conn.viewer.conn, None)
                else:
                    self.lobby_subs[conn.viewer.conn] = conn
                    conn.send({"type": "lobby", "tables": self.salon.lobby(),
                               "salon": {"online": len(self.people()),
                                         "playing": self.salon.playing()}})
                conn.ok(msg)
            elif kind == "create":
                self.salon.spawn(self._create(conn, msg))
            elif kind == "quick":
                self.salon.spawn(self._quick(conn, msg))
            else:
                raise ProtocolError("bad_message", UNKNOWN_TYPE, type=repr(kind))
        except ProtocolError as exc:
            table = msg.get("table")
            conn.refuse(exc, msg=msg, table=table if isinstance(table, str) else None)

    async def _create(self, conn: Conn, msg: JSONObj) -> None:
        try:
            table = await self.salon.create_table(conn.user, msg)
        except ProtocolError as exc:
            conn.refuse(exc, msg=msg)
            return
        except SQLAlchemyError as exc:  # the table's row was not saved: no table
            log.warning("create: the database failed (%s)", (str(exc).splitlines() or [""])[0])
            conn.refuse(ProtocolError("storage_failed", STORAGE_FAILED), msg=msg)
            return
        created: JSONObj = {"type": "created", "id": message_id(msg), "table": table.info()}
        if table.access.private:
            created["invite"] = table.access.invite  # the manager's link to share
        conn.send(created)
        table.submit(Command("join", conn.viewer, {"type": "join", "table": table.id}))

    async def _quick(self, conn: Conn, msg: JSONObj) -> None:
        """"Hemen oyna": the salon picks (or opens) the table, which seats the person
        and answers ``quick`` (docs/protocol.md §3.2)."""
        wait = msg.get("wait", 0)
        try:
            if isinstance(wait, bool) or not isinstance(wait, int | float) \
                    or not 0 <= wait <= 3600:
                raise ProtocolError("bad_options", BAD_SETTINGS, field="'wait'")
            table_id, opened = await self.salon.quick(conn.user, msg)
        except ProtocolError as exc:
            conn.refuse(exc, msg=msg)
            return
        except SQLAlchemyError as exc:  # the new table's row was not saved: no table
            log.warning("quick: the database failed (%s)", (str(exc).splitlines() or [""])[0])
            conn.refuse(ProtocolError("storage_failed", STORAGE_FAILED), msg=msg)
            return
        seat = Command("quick_seat", conn.viewer, {"id": message_id(msg), "wait": wait})
        if opened is not None:
            opened.submit(seat)
        elif not self.salon.route(table_id, seat):
            conn.refuse(ProtocolError("not_found", NO_TABLE, table=repr(table_id)), msg=msg)

    def people(self) -> set[int]:
        """The signed-in people with a connection here."""
        return {c.user.id for c in self.conns.values() if c.user is not None}

    def to_people(self, user_ids: frozenset[int], texts: Sequence[str]) -> None:
        for c in self.conns.values():
            if c.user is not None and c.user.id in user_ids:
                c.send_texts(texts)

    # ================================================================ from the bus
    def deliver(self, conn: int, texts: Sequence[str]) -> None:
        c = self.conns.get(conn)
        if c is not None:
            c.send_texts(texts)

    def attached(self, viewer: Viewer, table_id: str) -> None:
        if viewer.conn in self.conns:
            self.watching.setdefault(viewer.conn, set()).add(table_id)
        else:  # it closed while its join was on the way: detach it again
            self.salon.route(table_id, Command("detach", viewer))

    def detached(self, viewer: Viewer, table_id: str) -> None:
        tables = self.watching.get(viewer.conn)
        if tables is not None:
            tables.discard(table_id)

    def wants_lobby(self) -> bool:
        return bool(self.lobby_subs)

    def lobby(self, texts: Sequence[str]) -> None:
        """Send one lobby flush to every lobby subscriber, ``LOBBY_SLICE`` of them per
        turn of the event loop: 5,000 writes at once would stop every table for tens of
        milliseconds. Each subscriber still gets the flushes in order (every flush
        moves through the subscribers at the same pace). A table the lobby no longer
        lists (``"listed": false`` in its line) is a ``lobby_remove`` to them."""
        self._fan_out(list(self.lobby_subs.values()), [_for_watchers(t) for t in texts], 0)

    def _fan_out(self, subs: list[Conn], texts: Sequence[str], start: int) -> None:
        end = start + LOBBY_SLICE
        for conn in subs[start:end]:
            conn.send_texts(texts)
        if end < len(subs):
            asyncio.get_running_loop().call_soon(self._fan_out, subs, texts, end)


def _for_watchers(text: str) -> str:
    """A lobby text as lobby watchers get it: the line of a table no longer listed
    becomes its ``lobby_remove`` (the line itself still goes to the other nodes, whose
    directory of open tables it is)."""
    if '"listed":false' not in text:
        return text
    line = orjson.loads(text)
    if line.get("type") != "lobby_update":
        return text
    return orjson.dumps({"type": "lobby_remove", "table": line["table"]["id"]}).decode()
