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

Incoming frames take a fast path too (:meth:`SalonWSProtocol.data_received`): a profile
under the 4,000-connection benchmark showed websockets' generator-based parser and
uvicorn's event dispatch costing about 15 µs per small client message, some 7% of the
server's time per move. Once the line is in use, the protocol itself cuts whole,
ordinary client messages off the wire and hands everything else to websockets, frame by
frame, so RFC 6455's rules are enforced exactly as before.

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

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.http11 import Request
from websockets.protocol import Protocol, State
from websockets.streams import StreamReader

try:
    from websockets.speedups import apply_mask
except ImportError:  # pragma: no cover - websockets built without its C extension
    from websockets.utils import apply_mask

#: The ASGI scope extension naming the line.
EXTENSION = "kahvehane.direct"

#: ``receiver(data, is_text)``: one complete message off the wire.
Receiver = Callable[[bytes, bool], None]

# Frame opcodes (RFC 6455, section 5.2).
_TEXT, _BINARY, _CLOSE, _PING, _PONG = 0x1, 0x2, 0x8, 0x9, 0xA
_MESSAGE_OPCODES = (_TEXT, _BINARY)
_OPCODES = frozenset((0x0, _TEXT, _BINARY, _CLOSE, _PING, _PONG))
_OPEN = State.OPEN
_AT_EOF = StreamReader.at_eof.__code__


def _parser_at_frame_boundary(conn: Protocol) -> bool:
    """Whether websockets' parser of ``conn`` waits for the first byte of a frame with
    nothing buffered: its ``parse`` generator is suspended at the top of its frame loop
    (in ``reader.at_eof()``), not inside ``Frame.parse``. Only then may bytes be parsed
    beside it. If websockets' internals ever change shape this answers ``False`` and the
    fast path simply never starts."""
    if conn.reader.buffer or conn.parser_exc is not None:
        return False
    gen: Any = conn.parser
    if getattr(getattr(gen, "gi_code", None), "co_name", None) != "parse":
        return False  # e.g. discard(), after a close or a failure
    while (inner := getattr(gen, "gi_yieldfrom", None)) is not None:
        gen = inner
    return getattr(gen, "gi_code", None) is _AT_EOF


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
        # The fast path's state (see data_received). ``_aligned``: websockets' parser is
        # known to stand at a frame boundary with nothing buffered, because it has been
        # handed whole frames only since it last stood there. ``_pending``: the start of
        # a frame not yet complete (only while aligned), ``_need`` the bytes it must
        # reach before parsing is worth trying again.
        self._aligned = False
        self._pending = bytearray()
        self._need = 0
        conn = self.conn
        sizes = [s for s in (conn.max_message_size, conn.max_fragment_size) if s is not None]
        # The largest payload websockets accepts in a frame that starts a message.
        self._max_payload = min(sizes) if sizes else 1 << 64

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
    def data_received(self, data: bytes) -> None:
        """Parse ``data`` off the socket: on the fast path when the line is in use.

        Why: in a profile of the server under the 4,000-connection benchmark,
        websockets' generator-based parser and uvicorn's event dispatch cost about 15 µs
        per small client message, some 7% of the server's time per move. Cutting the
        frame here costs a fraction of that (unprofiled, on a fake transport: about
        0.5 µs against 3.4 µs per 57-byte message).

        What is guaranteed: websockets' parser is only ever handed whole frames, or
        everything from a frame boundary on, so it always resumes at a frame boundary
        and every rule of RFC 6455 is still applied by websockets and uvicorn as on the
        plain path. The fast path starts once :attr:`receiver` is set, the connection
        is open, no extension was negotiated (the salon turns permessage-deflate off)
        and websockets' parser stands at a frame boundary; then, frame by frame:

        - a whole, unfragmented text or binary frame, masked, with the RSV bits clear
          and a payload within websockets' ``max_size``, while no fragmented message is
          in progress, is unmasked here and given to :attr:`receiver` (which checks the
          UTF-8 of text itself, as it does on the plain path);
        - any other well-formed frame — ping, pong, close, a fragment — is handed to
          websockets and uvicorn alone once whole: pings are answered, fragments are
          joined and reach the receiver through :meth:`send_receive_event_to_app`, a
          close frame or a protocol error (a new message inside a fragmented one, a
          stray continuation, a bad close payload) closes the connection, and the bytes
          after it are dropped, as websockets drops them;
        - a frame websockets will refuse (unmasked, RSV bits set, an unknown opcode, a
          control frame over 125 bytes, a payload over ``max_size``) goes to websockets
          with all that follows as soon as its header is in, so it fails the connection
          with its close code (1002, or 1009 without buffering the payload);
        - the start of a frame stays here until the frame is whole (at most
          ``max_size`` bytes and the header);
        - once the receiver is unset, the app has closed or the connection is no
          longer open, every byte goes to websockets and uvicorn as it arrives.

        So the receiver sees exactly the messages, in order, that the plain path gives
        it when fed one frame at a time, whatever the chunking of the socket (the plain
        path itself drops the messages that share a chunk with a frame that fails the
        connection). The fast path picks up again at the next chunk that finds
        websockets' parser at a frame boundary.
        """
        if self._pending:
            pending = self._pending
            pending += data
            if len(pending) < self._need:
                return
            data = bytes(pending)
            self._pending = bytearray()
        elif not self._aligned:
            if (self.receiver is None or self.close_sent or self.conn.state is not _OPEN
                    or self.conn.extensions or not _parser_at_frame_boundary(self.conn)):
                super().data_received(data)
                return
            self._aligned = True
        self._cut(data)

    def _cut(self, data: bytes) -> None:
        """Take the frames of ``data``, which starts at a frame boundary (see
        :meth:`data_received`)."""
        conn = self.conn
        max_payload = self._max_payload
        n = len(data)
        pos = 0
        while pos < n:
            if self.receiver is None or self.close_sent or conn.state is not _OPEN:
                break
            if n - pos < 2:
                return self._hold(data, pos, 2)
            head1 = data[pos]
            head2 = data[pos + 1]
            length = head2 & 0x7F
            start = pos + 2
            if length == 126:
                if n - start < 2:
                    return self._hold(data, pos, 4)
                length = int.from_bytes(data[start:start + 2], "big")
                start += 2
            elif length == 127:
                if n - start < 8:
                    return self._hold(data, pos, 10)
                length = int.from_bytes(data[start:start + 8], "big")
                start += 8
            opcode = head1 & 0x0F
            if (not head2 & 0x80 or head1 & 0x70 or length > max_payload
                    or opcode not in _OPCODES or (opcode >= _CLOSE and length > 125)):
                # unmasked, RSV bits, too big, unknown opcode, too long a control frame:
                # websockets fails the connection on this frame, so it needs no more
                break
            end = start + 4 + length
            if end > n:
                return self._hold(data, pos, end - pos)
            if (head1 & 0x80 and opcode in _MESSAGE_OPCODES
                    and conn.current_size is None and not self.frames):
                payload = apply_mask(data[start + 4:end], data[start:start + 4])
                pos = end
                receiver = self.receiver
                receiver(payload, opcode == _TEXT)
                continue
            # A control frame or a fragment: websockets and uvicorn handle it, whole.
            super().data_received(data[pos:end])
            pos = end
            if conn.state is not _OPEN:
                # A close frame or a failure: websockets discards whatever follows
                # (RFC 6455, sections 1.4 and 7.1.7) and uvicorn closes the socket.
                self._aligned = False
                return
        else:
            return  # every frame taken: still aligned
        self._aligned = False
        super().data_received(data[pos:] if pos else data)

    def _hold(self, data: bytes, pos: int, need: int) -> None:
        """Keep ``data[pos:]``, an incomplete frame, until it has ``need`` bytes."""
        self._pending = bytearray(data[pos:] if pos else data)
        self._need = need

    def send_receive_event_to_app(self) -> None:
        receiver = self.receiver
        if receiver is None or self.close_sent:
            super().send_receive_event_to_app()
            return
        frames = self.frames
        data = frames[0] if len(frames) == 1 else b"".join(frames)
        self.frames = []
        receiver(data, self.curr_msg_data_type == "text")
