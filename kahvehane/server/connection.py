"""One WebSocket client of a gateway: who it is, how it is sent to, its rate limit.

Tables never wait for a client. On uvicorn with the salon's protocol
(:mod:`kahvehane.server.wsdirect`) a message is written to the client's socket at once
and the socket's own buffer absorbs a slow reader; a client with more than
``send_buffer_limit`` bytes unsent is disconnected. Elsewhere (plain ASGI) the table
puts the finished JSON text into the client's outbox and a writer task sends it; a
client whose outbox grows past ``outbox_limit`` messages is disconnected. Either way the
client can reconnect and ``join`` with its last event number.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import deque
from collections.abc import Sequence
from typing import Any, Protocol

from starlette.websockets import WebSocket

from kahvehane.server.errors import RATE_LIMITED, ProtocolError
from kahvehane.server.protocol import JSONObj, TokenBucket, dumps, error_message, message_id
from kahvehane.server.settings import Settings
from kahvehane.server.table.ports import Viewer
from kahvehane.server.tally import Tally
from kahvehane.store.accounts import SignIn
from kahvehane.users import UserInfo


class DirectLine(Protocol):
    """What :class:`Conn` needs of a direct line (:class:`~.wsdirect.SalonWSProtocol`)."""

    def write_texts(self, texts: Sequence[str]) -> bool: ...

    def buffered(self) -> int: ...

    def abort_after(self, seconds: float) -> None: ...


class Conn:
    """A connected client (``line``: the connection's direct line, if it has one);
    ``viewer`` is how tables name it."""

    def __init__(self, ws: WebSocket, user: UserInfo | None, settings: Settings,
                 line: DirectLine | None = None, *, viewer: Viewer | None = None,
                 tally: Tally | None = None) -> None:
        self.ws = ws
        self.line = line
        self.user = user
        self.session: SignIn | None = None  # the sign-in it was opened with
        self.viewer = viewer if viewer is not None else Viewer("", id(self), user)
        self.settings = settings
        self.bucket = TokenBucket(settings.rate, settings.burst)
        self.closed = False
        self.close_code = 1000
        self._out: deque[str] = deque()
        self._wake = asyncio.Event()
        self._rejected = 0
        self._rejected_since = time.monotonic()
        self._last_rate_error = 0.0
        self.tally = tally if tally is not None else Tally()

    # ---------------------------------------------------------------- sending
    def send(self, obj: JSONObj) -> None:
        self.send_text(dumps(obj))

    def send_text(self, text: str) -> None:
        self.send_texts((text,))

    def send_texts(self, texts: Sequence[str]) -> None:
        """Send ``texts`` in order, each its own message."""
        if self.closed:
            return
        line = self.line
        if line is not None:
            if line.buffered() + sum(map(len, texts)) > self.settings.send_buffer_limit:
                # Try again later: the client reconnects and catches up. Nothing more
                # is queued for it; the TCP connection goes if the close handshake
                # does not finish in time (it waits behind what the client left unread).
                self.close(1013)
                line.abort_after(self.settings.close_deadline)
            elif not line.write_texts(texts):
                self.close(self.close_code)  # already closing: finish it
            return
        if len(self._out) + len(texts) > self.settings.outbox_limit:
            self.close(1013)  # try again later: the client reconnects and catches up
            return
        self._out.extend(texts)
        self._wake.set()

    def refuse(self, exc: ProtocolError, *, msg: JSONObj | None = None,
               table: str | None = None) -> None:
        """Answer a message with an ``error`` (``msg``: the message, for its ``id``)."""
        self.send(error_message(exc, msg_id=message_id(msg or {}), table=table))

    def ok(self, msg: JSONObj) -> None:
        msg_id = message_id(msg)
        if msg_id is not None:
            self.send({"type": "ok", "id": msg_id})

    def close(self, code: int) -> None:
        if not self.closed:
            self.closed = True
            self.close_code = code
            self._wake.set()

    async def writer(self) -> None:
        """Send the outbox in order until the connection closes, then close it (with a
        direct line the outbox stays empty and this only closes)."""
        ws = self.ws
        try:
            while True:
                await self._wake.wait()
                self._wake.clear()
                while self._out:
                    await ws.send_text(self._out.popleft())
                if self.closed:
                    with contextlib.suppress(Exception):
                        await ws.close(self.close_code)
                    return
        except Exception:  # the socket went away; the reader side cleans up
            self.closed = True

    # ---------------------------------------------------------------- rate limit
    def admit(self) -> bool:
        """Whether a new message may be handled now (token bucket); abuse closes 1008."""
        if self.bucket.allow():
            return True
        self.tally.rate_limited += 1
        now = time.monotonic()
        if now - self._rejected_since > 10.0:
            self._rejected = 0
            self._rejected_since = now
        self._rejected += 1
        if self._rejected > 10 * self.settings.rate:
            self.close(1008)
            return False
        if now - self._last_rate_error >= 1.0:
            self._last_rate_error = now
            self.refuse(ProtocolError("rate_limited", RATE_LIMITED,
                                      rate=f"{self.settings.rate:g}"))
        return False

    def info(self) -> dict[str, Any]:
        return {"user": None if self.user is None else self.user.public()}
