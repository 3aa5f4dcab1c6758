"""The salon's guard at the door of every TCP connection, before any HTTP is read: an
HTTP header timeout and a cap on the connections one address holds open.

Why here and not in the app: a client that sends half a header never reaches the
app, and neither does the 501st WebSocket of one address until it has cost a task, a
protocol object and a socket. uvicorn closes an idle keep-alive connection
(``timeout_keep_alive``) but gives a request whose header is still coming all the time
it wants, and it counts connections only in total (``limit_concurrency``).

- **Header timeout** (``header_timeout``, 10 s): from a new connection (or a
  keep-alive request's first byte) to the end of a request's header. Past it a client
  that began a request gets ``408``, and the connection is closed (one that sent nothing
  is closed without a word, as a browser's unused preconnection expects).
- **Connections per address** (``max_connections_per_address``, 64; 0: no cap):
  HTTP and WebSocket connections alike (a WebSocket is the HTTP connection it was
  upgraded from, counted once). One more is answered ``503`` and closed at once. Not
  counted: the ``--trusted-proxy`` addresses (every client of a proxy comes from it;
  the proxy limits them) and the ``--cap-exempt`` ones (loopback by default: a proxy on
  the same machine, and the machine's own tools).

:func:`protocols` makes uvicorn's HTTP protocol and the given WebSocket protocol
class count with one :class:`Guard`; ``kahvehane serve`` runs them.
"""

from __future__ import annotations

import asyncio
import ipaddress
from collections.abc import Iterable
from typing import ClassVar, cast

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from kahvehane.server.addresses import Network

__all__ = ["CAP_EXEMPT", "Guard", "GuardedHTTP", "GuardedWS", "protocols"]

#: Addresses not counted unless ``--cap-exempt`` says otherwise: loopback.
CAP_EXEMPT = ("127.0.0.0/8", "::1")



def _answer(status: str, text: str, *extra: str) -> bytes:
    """A whole HTTP answer that closes the connection."""
    body = text.encode()
    head = [f"HTTP/1.1 {status}", "content-type: text/plain; charset=utf-8", *extra,
            f"content-length: {len(body)}", "connection: close", "", ""]
    return "\r\n".join(head).encode() + body


_TIMEOUT = _answer("408 Request Timeout", "the request header came too slowly")
_BUSY = _answer("503 Service Unavailable", "too many connections from this address",
                "retry-after: 5")


def _peer(transport: asyncio.BaseTransport) -> str | None:
    peer = transport.get_extra_info("peername")
    if isinstance(peer, tuple) and peer:
        return str(peer[0])
    return None


class Guard:
    """Open connections by client address, and the header deadline.

    >>> g = Guard(cap=2, header_timeout=10, exempt=[ipaddress.ip_network("10.0.0.0/8")])
    >>> [g.admit("198.51.100.1", k) for k in (1, 2, 3)], g.admit("10.1.1.1", 4)
    ([True, True, False], True)
    >>> g.release("198.51.100.1", 1); g.admit("198.51.100.1", 5)
    True
    """

    def __init__(self, cap: int, header_timeout: float, exempt: Iterable[Network] = ()) -> None:
        self.cap = cap
        self.header_timeout = header_timeout
        self.exempt = tuple(exempt)
        self.open: dict[str, set[int]] = {}

    def counted(self, address: str | None) -> bool:
        """Whether connections from ``address`` count against the cap."""
        if self.cap <= 0 or address is None:
            return False
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            return False
        return not any(ip in net for net in self.exempt)

    def admit(self, address: str | None, key: int) -> bool:
        """Count connection ``key`` of ``address``; ``False`` (not counted) past the cap."""
        if not self.counted(address):
            return True
        assert address is not None
        held = self.open.setdefault(address, set())
        if key not in held and len(held) >= self.cap:
            return False
        held.add(key)
        return True

    def release(self, address: str | None, key: int) -> None:
        """Connection ``key`` of ``address`` is gone (idempotent)."""
        if address is None:
            return
        held = self.open.get(address)
        if held is not None:
            held.discard(key)
            if not held:
                del self.open[address]


class GuardedHTTP(HttpToolsProtocol):
    """uvicorn's HTTP protocol with the :class:`Guard`'s cap and header timeout."""

    guard: ClassVar[Guard | None] = None
    _header_timer: asyncio.TimerHandle | None = None
    _refused = False
    _in_header = False  # a request's first byte came, its header is not whole yet

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        guard = self.guard
        if guard is None:
            return
        if not guard.admit(_peer(transport), id(transport)):
            self._refused = True
            transport.write(_BUSY)
            transport.close()
            return
        self._arm()

    def _arm(self) -> None:
        guard = self.guard
        if guard is not None and guard.header_timeout > 0 and self._header_timer is None:
            self._header_timer = self.loop.call_later(guard.header_timeout, self._too_slow)

    def _disarm(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _too_slow(self) -> None:
        """Past the deadline: ``408`` to a request begun, silence to a connection that
        sent nothing (a browser's idle preconnection), and closed either way."""
        self._header_timer = None
        if not self.transport.is_closing():
            if self._in_header:
                self.transport.write(_TIMEOUT)
            self.transport.close()

    def data_received(self, data: bytes) -> None:
        if self._refused:
            return  # answered 503 and closing: nothing it sends is read
        super().data_received(data)

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._in_header = True
        self._arm()  # a keep-alive connection's next request has the same deadline

    def on_headers_complete(self) -> None:
        self._in_header = False
        self._disarm()
        super().on_headers_complete()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        if self.guard is not None and not self._refused:
            self.guard.release(_peer(self.transport), id(self.transport))
        super().connection_lost(exc)


class GuardedWS(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol releasing its connection from the :class:`Guard`
    when it goes (it was counted as the HTTP connection it was upgraded from)."""

    guard: ClassVar[Guard | None] = None

    def connection_lost(self, exc: Exception | None) -> None:
        if self.guard is not None:
            self.guard.release(_peer(self.transport), id(self.transport))
        super().connection_lost(exc)


def protocols(guard: Guard, ws: type[GuardedWS]) -> tuple[type[GuardedHTTP], type[GuardedWS]]:
    """uvicorn's ``http`` and ``ws`` protocol classes counting with ``guard`` (``ws``:
    :class:`GuardedWS` or a subclass, such as the salon's direct line)."""
    http = cast(type[GuardedHTTP], type("SalonHTTP", (GuardedHTTP,), {"guard": guard}))
    wsp = cast(type[GuardedWS], type(ws.__name__, (ws,), {"guard": guard}))
    return http, wsp
