"""Slow readers (issue 22, finding 3): a client that never reads is cut off at the
documented limit of what is queued for it (``send_buffer_limit``, 4 MiB) with a close
coded 1013, and since its close handshake cannot finish (the close frame waits behind
what it left unread) its TCP connection is aborted ``close_deadline`` (3 s) later."""

from __future__ import annotations

import base64
import contextlib
import os
import socket
import struct
import time
from pathlib import Path

import pytest

from tests.server.harness import Server

pytestmark = pytest.mark.server

TCP_ESTABLISHED = 1
CLIENTS = 5


def _masked_text(payload: bytes) -> bytes:
    """A client's text frame (masked, RFC 6455 section 5.3)."""
    mask = os.urandom(4)
    body = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    return bytes((0x81, 0x80 | len(payload))) + mask + body


def _slow_client(port: int) -> socket.socket:
    """A raw WebSocket client with a small receive buffer that will never read."""
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    s.connect(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    s.sendall((f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
               f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
               "Sec-WebSocket-Version: 13\r\n\r\n").encode())
    head = b""
    while b"\r\n\r\n" not in head:
        head += s.recv(1)
    assert head.startswith(b"HTTP/1.1 101"), head
    return s


def _tcp_state(s: socket.socket) -> int:
    return struct.unpack("B", s.getsockopt(socket.IPPROTO_TCP, socket.TCP_INFO, 1))[0]


def test_a_client_that_never_reads_is_cut_off_and_its_connection_aborted(
        tmp_path: Path) -> None:
    srv = Server(f"sqlite:///{tmp_path / 'salon.sqlite3'}", tmp_path / "server.log",
                 extra=["--rate", "1000000", "--burst", "1000000"])
    srv.start()
    try:
        clients = [_slow_client(srv.port) for _ in range(CLIENTS)]
        ping = _masked_text(b'{"type":"ping","id":"p"}')
        burst = ping * 20_000  # 20,000 pongs a burst, about 1.3 MB of answers
        began = time.monotonic()
        for _ in range(15):  # well past 4 MiB of pongs each, beyond the kernel's buffers
            for c in clients:
                # already cut off and reset by the server: what is tested
                with contextlib.suppress(ConnectionResetError, BrokenPipeError):
                    c.sendall(burst)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            if all(_tcp_state(c) != TCP_ESTABLISHED for c in clients):
                break
            time.sleep(0.1)
        states = [_tcp_state(c) for c in clients]
        assert TCP_ESTABLISHED not in states, \
            f"still established after {time.monotonic() - began:.1f} s: {states}"
        for c in clients:
            c.close()
    finally:
        srv.stop()
