"""The salon's WebSocket protocol for uvicorn: uvicorn's sans-I/O protocol with a direct
line to the salon.

Why: on the plain ASGI path every message a table sends to a seat crosses the client's
writer task, Starlette's ``WebSocket.send_text`` and uvicorn's ``send`` coroutine, and
every message a client sends crosses uvicorn's queue, a pause and resume of reading and
the endpoint's ``receive()``. At 1,000 busy tables that plumbing, not the games, was most
of the server's time (bench/RESULTS.md). This protocol keeps all of uvicorn's
connection handling — the opening handshake, keep-alive pings, the close handshake,
flow control of the socket — and adds a line the salon can use instead of ASGI messages
once a connection is open:

- :meth:`SalonWSProtocol.write_text` writes one text frame to the socket at once, in
  the caller's order (a server's frames are not masked: RFC 6455, section 5.1);
- :attr:`SalonWSProtocol.receiver`, when set, is called with each complete message as
  it is parsed, instead of queueing it for ``websocket.receive()``.

The endpoint finds the line in the connection's ASGI scope
(``scope["extensions"]["kahvehane.direct"]["line"]``) and uses plain ASGI when it is
not there (another ASGI server, or ``kahvehane serve --ws asgi``), so both paths stay
correct; the e2e tests run both.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.http11 import Request
from websockets.protocol import State

#: The ASGI scope extension naming the line.
EXTENSION = "kahvehane.direct"

#: ``receiver(data, is_text)``: one complete message off the wire.
Receiver = Callable[[bytes, bool], None]


def text_frame(data: bytes) -> bytes:
    """One unfragmented, unmasked text frame holding ``data`` (RFC 6455, section 5.2):
    FIN and opcode 1, then the payload length in 7, 7+16 or 7+64 bits."""
    n = len(data)
    if n < 126:
        return bytes((0x81, n)) + data
    if n < 65536:
        return b"\x81\x7e" + n.to_bytes(2, "big") + data
    return b"\x81\x7f" + n.to_bytes(8, "big") + data


class SalonWSProtocol(WebSocketsSansIOProtocol):
    """uvicorn's ``websockets-sansio`` protocol plus the salon's direct line."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.receiver: Receiver | None = None

    def handle_connect(self, event: Request) -> None:
        super().handle_connect(event)
        scope = getattr(self, "scope", None)
        if scope is not None:  # a refused handshake has none
            scope["extensions"][EXTENSION] = {"line": self}

    # ------------------------------------------------------------------ out
    def write_text(self, text: str) -> bool:
        """Send ``text`` as one frame now; ``False`` once the connection is closing."""
        if self.close_sent or self.disconnected or self.conn.state is not State.OPEN:
            return False
        self.transport.write(text_frame(text.encode()))
        return True

    def buffered(self) -> int:
        """Bytes written but not yet taken by the socket (a slow or stuck client)."""
        return int(self.transport.get_write_buffer_size())

    # ------------------------------------------------------------------ in
    def send_receive_event_to_app(self) -> None:
        receiver = self.receiver
        if receiver is None or self.close_sent:
            super().send_receive_event_to_app()
            return
        frames = self.frames
        data = frames[0] if len(frames) == 1 else b"".join(frames)
        self.frames = []
        receiver(data, self.curr_msg_data_type == "text")
