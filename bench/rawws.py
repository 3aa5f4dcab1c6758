"""A lean WebSocket client for load generators: one asyncio protocol per connection,
raw RFC 6455 frames, no task per connection, so one process drives thousands.

Why not ``websockets``' client: each of its connections is a few tasks, a queue and a
parser object, and at 20,000 connections the load process would need more CPU than the
server it measures (``bench/server.py`` must drive a node from the other core). This one
does only what a benchmark client needs: the opening handshake, text frames out
(masked with a zero key: valid framing, the payload bytes unchanged), unfragmented
frames in, pong for ping, and the close handshake. It is not a general client: no
extensions, no fragmented messages from the server, no validation beyond the frame
header.

Used by ``bench/server.py`` (capacity) and ``bench/lobby.py``.
"""

from __future__ import annotations

import asyncio
import base64
import os
import resource
import struct
from collections.abc import Callable

__all__ = ["RawWS", "connect", "raise_fd_limit"]

_MASK0 = b"\x00\x00\x00\x00"


def raise_fd_limit() -> int:
    """Raise this process's open-file limit to its hard limit; the new limit."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return hard


def frame(payload: bytes, opcode: int = 1) -> bytes:
    """A client frame (FIN, ``opcode``, masked with a zero key)."""
    n = len(payload)
    if n < 126:
        head = struct.pack("!BB", 0x80 | opcode, 0x80 | n)
    elif n < 65536:
        head = struct.pack("!BBH", 0x80 | opcode, 0x80 | 126, n)
    else:
        head = struct.pack("!BBQ", 0x80 | opcode, 0x80 | 127, n)
    return head + _MASK0 + payload


class RawWS(asyncio.Protocol):
    """One connection. ``on_message(ws, payload)`` is called for every text or binary
    message, in order, from the event loop (it must not block)."""

    def __init__(self, request: bytes, on_message: Callable[[RawWS, bytes], None]) -> None:
        self.request = request
        self.on_message = on_message
        self.transport: asyncio.Transport | None = None
        self.buf = bytearray()
        self.open = False
        self.opened: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.closed: asyncio.Future[int | None] = asyncio.get_running_loop().create_future()
        self.close_code: int | None = None
        self.received = 0  # bytes of payload received
        self.tag: object = None  # the user's

    # ------------------------------------------------------------ asyncio.Protocol
    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]  # (uvloop's is no subclass)
        self.transport.write(self.request)

    def data_received(self, data: bytes) -> None:
        buf = self.buf
        buf += data
        if not self.open:
            end = buf.find(b"\r\n\r\n")
            if end < 0:
                return
            status = bytes(buf[:end]).split(b"\r\n", 1)[0]
            del buf[:end + 4]
            if b" 101 " not in status:
                self._fail(ConnectionError(status.decode("latin-1")))
                return
            self.open = True
            if not self.opened.done():
                self.opened.set_result(None)
        pos = 0
        size = len(buf)
        while size - pos >= 2:
            b0 = buf[pos]
            n = buf[pos + 1] & 0x7F
            at = pos + 2
            if n == 126:
                if size - at < 2:
                    break
                n = (buf[at] << 8) | buf[at + 1]
                at += 2
            elif n == 127:
                if size - at < 8:
                    break
                (n,) = struct.unpack_from("!Q", buf, at)
                at += 8
            if size - at < n:
                break
            opcode = b0 & 0x0F
            payload = bytes(buf[at:at + n])
            pos = at + n
            if opcode in (1, 2, 0):
                self.received += n
                self.on_message(self, payload)
            elif opcode == 9:
                self.send(payload, opcode=10)
            elif opcode == 8:
                self.close_code = struct.unpack("!H", payload[:2])[0] if n >= 2 else None
                self.send(payload[:2], opcode=8)
                if self.transport is not None:
                    self.transport.close()
                break
        del buf[:pos]

    def connection_lost(self, exc: Exception | None) -> None:
        self.open = False
        if not self.opened.done():
            self.opened.set_exception(exc or ConnectionError("closed before the handshake"))
        if not self.closed.done():
            self.closed.set_result(self.close_code)

    # ------------------------------------------------------------ sending
    def send(self, payload: bytes, opcode: int = 1) -> None:
        if self.transport is not None and not self.transport.is_closing():
            self.transport.write(frame(payload, opcode))

    def close(self) -> None:
        self.send(struct.pack("!H", 1000), opcode=8)

    def abort(self) -> None:
        if self.transport is not None:
            self.transport.abort()

    def _fail(self, exc: Exception) -> None:
        if not self.opened.done():
            self.opened.set_exception(exc)
        if self.transport is not None:
            self.transport.abort()


def handshake(host: str, port: int, path: str, cookie: str | None) -> bytes:
    key = base64.b64encode(os.urandom(16)).decode()
    lines = [f"GET {path} HTTP/1.1", f"Host: {host}:{port}", "Upgrade: websocket",
             "Connection: Upgrade", f"Sec-WebSocket-Key: {key}", "Sec-WebSocket-Version: 13",
             f"Origin: http://{host}:{port}"]
    if cookie:
        lines.append(f"Cookie: {cookie}")
    return ("\r\n".join(lines) + "\r\n\r\n").encode()


async def connect(host: str, port: int, path: str, on_message: Callable[[RawWS, bytes], None],
                  *, cookie: str | None = None, rcvbuf: int | None = None) -> RawWS:
    """An open connection (after the handshake). ``rcvbuf``: the socket's receive buffer
    (a slow reader's is small)."""
    loop = asyncio.get_running_loop()
    sock = None
    if rcvbuf is not None:
        import socket

        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
        sock.setblocking(False)
        await loop.sock_connect(sock, (host, port))
        _, proto = await loop.create_connection(
            lambda: RawWS(handshake(host, port, path, cookie), on_message), sock=sock)
    else:
        _, proto = await loop.create_connection(
            lambda: RawWS(handshake(host, port, path, cookie), on_message), host, port)
    await proto.opened
    return proto
