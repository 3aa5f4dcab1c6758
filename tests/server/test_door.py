"""The salon's door (issue 32), through the real server: the WebSocket Origin check
compares scheme, host and port; the session cookie is Secure when a trusted proxy says
the client came over HTTPS (and only then); a request header that comes too slowly is
cut; one address holds at most so many connections, HTTP and WebSocket alike."""

from __future__ import annotations

import asyncio
import contextlib
import socket
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import InvalidStatus

from tests.server.harness import Server

pytestmark = pytest.mark.server

WAIT = 30.0


@contextlib.contextmanager
def salon(tmp_path: Path, *extra: str) -> Iterator[Server]:
    tmp_path.mkdir(parents=True, exist_ok=True)
    srv = Server(f"sqlite:///{tmp_path / 'salon.sqlite3'}", tmp_path / "server.log",
                 extra=list(extra))
    srv.start()
    try:
        yield srv
    finally:
        srv.stop()


async def _ws_status(srv: Server, origin: str | None, **headers: str) -> int:
    """101 if the WebSocket opens and says hello, else the HTTP status of the refusal
    (a handshake the salon closes before accepting it is answered 403)."""
    extra = dict(headers)
    try:
        async with connect(srv.ws_url, origin=origin, additional_headers=extra,  # type: ignore[arg-type]
                           open_timeout=WAIT) as ws:
            try:
                await asyncio.wait_for(ws.recv(), WAIT)
            except Exception:
                return ws.close_code or 1006
            return 101
    except InvalidStatus as exc:
        return exc.response.status_code


def test_origin_scheme_host_and_port(tmp_path: Path) -> None:
    with salon(tmp_path / "a") as srv:
        port = srv.port

        async def run() -> dict[str, int]:
            return {o or "none": await _ws_status(srv, o) for o in (
                None, f"http://127.0.0.1:{port}", f"HTTP://127.0.0.1:{port}",
                f"https://127.0.0.1:{port}",  # another scheme: another site
                f"http://127.0.0.1:{port + 1}", "http://127.0.0.1", "http://evil.example",
                "null")}

        got = asyncio.run(run())
        assert got == {"none": 101, f"http://127.0.0.1:{port}": 101,
                       f"HTTP://127.0.0.1:{port}": 101,
                       f"https://127.0.0.1:{port}": 403, f"http://127.0.0.1:{port + 1}": 403,
                       "http://127.0.0.1": 403, "http://evil.example": 403,
                       "null": 403}, got
        # a client's own X-Forwarded-Proto is not believed without --trusted-proxy
        assert asyncio.run(_ws_status(srv, f"https://127.0.0.1:{port}",
                                      **{"X-Forwarded-Proto": "https"})) == 403


def _login_cookie(srv: Server, name: str, **headers: str) -> str:
    r = httpx.post(srv.url + "/api/auth/signup", json={"name": name, "password": "sifre-1234"},
                   headers=headers)
    assert r.status_code == 201, r.text
    return r.headers["set-cookie"]


def test_secure_cookie_and_origin_behind_a_trusted_proxy(tmp_path: Path) -> None:
    with salon(tmp_path / "plain") as srv:
        assert "secure" not in _login_cookie(srv, "duz", **{"X-Forwarded-Proto": "https"}).lower()
    with salon(tmp_path / "proxied", "--trusted-proxy", "127.0.0.1") as srv:
        https = _login_cookie(srv, "tls", **{"X-Forwarded-Proto": "https"})
        assert "; secure" in https.lower() and "httponly" in https.lower()
        assert "secure" not in _login_cookie(srv, "acik").lower()
        forwarded = _login_cookie(srv, "rfc", Forwarded='for=198.51.100.7;proto=https')
        assert "; secure" in forwarded.lower()
        port = srv.port

        async def run() -> tuple[int, int, int]:
            return (await _ws_status(srv, f"https://127.0.0.1:{port}",
                                     **{"X-Forwarded-Proto": "https"}),
                    await _ws_status(srv, f"http://127.0.0.1:{port}",
                                     **{"X-Forwarded-Proto": "https"}),
                    await _ws_status(srv, f"https://127.0.0.1:{port}"))

        assert asyncio.run(run()) == (101, 403, 403)
    with salon(tmp_path / "always", "--secure-cookies") as srv:
        assert "; secure" in _login_cookie(srv, "her").lower()


def _read_all(sock: socket.socket) -> bytes:
    out = b""
    while True:
        try:
            got = sock.recv(65536)
        except ConnectionResetError:
            return out
        if not got:
            return out
        out += got


def test_slow_header_cut(tmp_path: Path) -> None:
    with salon(tmp_path, "--header-timeout", "1") as srv:
        socks = []
        for _ in range(3):
            s = socket.create_connection(("127.0.0.1", srv.port), timeout=WAIT)
            s.sendall(b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            socks.append(s)
        idle = socket.create_connection(("127.0.0.1", srv.port), timeout=WAIT)  # sends nothing
        for s in socks:
            answer = _read_all(s)  # the server closes it (a hung one fails at WAIT)
            assert answer.startswith(b"HTTP/1.1 408 "), answer
            s.close()
        assert _read_all(idle) == b""  # closed, without an answer to no request
        idle.close()
        # a whole request on a kept-alive connection, then half of the next one
        with socket.create_connection(("127.0.0.1", srv.port), timeout=WAIT) as s:
            s.sendall(b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            s.sendall(b"GET /api/health HTTP/1.1\r\nHost: 1")
            answer = _read_all(s)
        assert answer.startswith(b"HTTP/1.1 200 ") and b"HTTP/1.1 408 " in answer, answer
        assert httpx.get(srv.url + "/api/health").status_code == 200


def _own_address() -> str | None:
    """An address of this machine that is not loopback, if it has one."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.connect(("192.0.2.1", 9))  # no packet is sent: only a route is chosen
        addr = str(s.getsockname()[0])
        return None if addr.startswith("127.") else addr
    return None


@pytest.mark.parametrize(("exempt", "path"), [("none", "direct"), ("none", "asgi"),
                                             ("loopback", "direct")])
def test_connections_per_address(tmp_path: Path, exempt: str, path: str) -> None:
    """With ``--cap-exempt none`` loopback is counted: 4 held connections (WebSockets and
    a kept-alive HTTP one) and the 5th is answered 503; one gone, one more gets in (on
    both WebSocket paths). With the default, loopback is not counted (a proxy on this
    machine)."""
    cap = 4
    args = ["--max-connections-per-address", str(cap), "--ws", path]
    if exempt == "none":
        args += ["--cap-exempt", "none"]
    with salon(tmp_path, *args) as srv:
        async def run() -> None:
            held: list[ClientConnection] = []
            for _ in range(cap - 1):
                ws = await connect(srv.ws_url, open_timeout=WAIT)
                await ws.recv()
                held.append(ws)
            async with httpx.AsyncClient(base_url=srv.url) as keep:
                assert (await keep.get("/api/health")).status_code == 200  # the 4th, kept
                if exempt == "none":
                    with pytest.raises(InvalidStatus) as refused:
                        await connect(srv.ws_url, open_timeout=WAIT)
                    assert refused.value.response.status_code == 503
                    async with httpx.AsyncClient(base_url=srv.url) as other:
                        r = await other.get("/api/health")
                        assert r.status_code == 503, r.text
                    await held.pop().close()
                    for _ in range(100):  # the server sees the close (a hung one fails)
                        await asyncio.sleep(0.05)
                        with contextlib.suppress(InvalidStatus):
                            ws = await connect(srv.ws_url, open_timeout=WAIT)
                            break
                    else:
                        raise AssertionError("a freed connection was not given back")
                    await ws.recv()
                    held.append(ws)
                else:
                    for _ in range(2 * cap):
                        ws = await connect(srv.ws_url, open_timeout=WAIT)
                        await ws.recv()
                        held.append(ws)
            for ws in held:
                await ws.close()

        asyncio.run(run())
