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

- :meth:`SalonWSProtocol.write_texts` writes text frames to the socket at once, in the
  caller's order and in one write (a server's frames are not masked: RFC 6455,
  section 5.1): the two or three messages a move sends a seat cost one system call;
- :attr:`SalonWSProtocol.receiver`, when set, is called with each complete message as
  it is parsed, instead of queueing it for ``websocket.receive()``.

Incoming frames are websockets' and uvicorn's own: an earlier fast path that cut client
frames off the wire itself read websockets' private generator state to know when it
might, and at a human pace it saved no measurable CPU per move (issue 16, part 6;
bench/RESULTS.md), so it was removed.

The endpoint finds the line in the connection's ASGI scope
(``scope["extensions"]["kahvehane.direct"]["line"]``) and uses plain ASGI when it is
not there (another ASGI server, or ``kahvehane serve --ws asgi``), so both paths stay
correct; the e2e tests run both.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import struct
from collections.abc import Callable, Sequence
from typing import Any

from websockets.http11 import Request
from websockets.protocol import State

from kahvehane.server.guard import GuardedWS

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


class SalonWSProtocol(GuardedWS):
    """uvicorn's ``websockets-sansio`` protocol plus the salon's direct line (and the
    :mod:`~kahvehane.server.guard`'s count of connections, when it has a guard)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.receiver: Receiver | None = None

    def handle_connect(self, event: Request) -> None:
        super().handle_connect(event)
        scope = getattr(self, "scope", None)
        if scope is not None:  # a refused handshake has none
            scope["extensions"][EXTENSION] = {"line": self}

    # ------------------------------------------------------------------ out
    def write_texts(self, texts: Sequence[str]) -> bool:
        """Send each of ``texts`` as a frame, now; ``False`` once the connection is
        closing (nothing is sent then)."""
        if self.close_sent or self.disconnected or self.conn.state is not State.OPEN:
            return False
        if len(texts) == 1:
            self.transport.write(text_frame(texts[0].encode()))
        else:
            self.transport.write(b"".join([text_frame(t.encode()) for t in texts]))
        return True

    def buffered(self) -> int:
        """Bytes written but not yet taken by the socket (a slow or stuck client)."""
        return int(self.transport.get_write_buffer_size())

    def abort_after(self, seconds: float) -> None:
        """Abort the TCP connection if it is still open after ``seconds``.

        Why: a client cut off for reading too slowly is sent a close frame, but that
        frame waits behind everything it has not read, so its close handshake may never
        finish; until the connection is gone its unsent bytes (megabytes) stay in this
        process. Aborting drops them and frees the memory."""
        asyncio.get_running_loop().call_later(seconds, self._abort_if_open)

    def _abort_if_open(self) -> None:
        """Abort with a reset (``SO_LINGER`` 0): a plain close would queue a FIN behind
        the bytes the client does not read, and the kernel would keep them too."""
        if self.disconnected:
            return
        sock = self.transport.get_extra_info("socket")
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        self.transport.abort()

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
