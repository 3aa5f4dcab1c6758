"""Issue 32's HTTP rules on route modules mounted alone (no server process): the
security headers on every answer, the body limit by ``Content-Length`` and while a body
streams, malformed ids and names refused before the database, the WebSocket Origin by
scheme, host and port, the Secure cookie from a trusted proxy only; and the door's
counting (:class:`~kahvehane.server.guard.Guard`) and the serve command's new options."""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route
from starlette.websockets import WebSocketDisconnect

from kahvehane.server.app import app_of, make_context
from kahvehane.server.guard import Guard
from kahvehane.server.routes import accounts, matches, pages, ws
from kahvehane.server.routes.base import MAX_BODY
from kahvehane.server.routes.security import CSP
from kahvehane.server.run import add_arguments, settings_from
from kahvehane.server.settings import Settings
from tests.server.routes.conftest import Mount, TestClient


def test_headers_on_answers_and_refusals(mount: Mount) -> None:
    c = mount([*pages.ROUTES, *accounts.ROUTES])
    for r in (c.get("/api/health"), c.get("/api/me"), c.get("/nothing/here"),
              c.post("/api/auth/login", json={})):
        assert r.headers["content-security-policy"] == CSP
        assert r.headers["x-frame-options"] == "DENY"
        assert r.headers["x-content-type-options"] == "nosniff"
        assert r.headers["referrer-policy"] == "same-origin"
    assert c.get("/api/me").headers["cache-control"] == "no-store"
    assert "cache-control" not in c.get("/nothing/here").headers  # not the API


def test_headers_on_a_500(tmp_path: Path) -> None:
    """Even an answer of Starlette's own error handler (a bug: an exception no route
    turned into a coded error) carries the headers."""
    async def broken(request: Request) -> Response:
        raise RuntimeError("a bug")

    settings = Settings(db_url=f"sqlite:///{tmp_path / 's.sqlite3'}", static_dir=None)
    app = app_of(make_context(settings), [Route("/api/broken", broken)])
    with TestClient(app, raise_server_exceptions=False) as c:
        r = c.get("/api/broken")
    assert r.status_code == 500
    assert r.headers["content-security-policy"] == CSP
    assert r.headers["x-frame-options"] == "DENY"


def _chunks(total: int, size: int = 4096) -> Iterator[bytes]:
    """A body of ``total`` bytes with no ``Content-Length`` (sent chunked)."""
    for _ in range(total // size):
        yield b" " * size


def test_body_limit(mount: Mount) -> None:
    c = mount(accounts.ROUTES)
    big = c.post("/api/auth/login", content=b"{" + b" " * MAX_BODY + b"}",
                 headers={"content-type": "application/json"})
    assert big.status_code == 413 and big.json()["error"]["code"] == "too_large"
    assert big.json()["error"]["i18n"]["params"] == {"max": MAX_BODY}
    # (the server's memory under a 64 MiB body: tests/server/test_http_hardening.py)
    streamed = c.post("/api/auth/login", content=_chunks(1024 * 1024),
                      headers={"content-type": "application/json"})
    assert streamed.status_code == 413
    ok = c.post("/api/auth/login", content=b'{"name": "x", "password": "y"}' + b" " * 1000,
                headers={"content-type": "application/json"})
    assert ok.status_code == 401  # under the limit: read and answered


@pytest.mark.parametrize("body", [b"[" * 5000, b'{"a":' * 2000 + b"1" + b"}" * 2000,
                                  b'{"name": "\\ud800", "password": "x"}', b"nope", b"[]"])
def test_bad_bodies_are_400(mount: Mount, body: bytes) -> None:
    c = mount(accounts.ROUTES)
    r = c.post("/api/auth/login", content=body, headers={"content-type": "application/json"})
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad_request", r.text


def test_ids_and_names_past_the_database(mount: Mount) -> None:
    c = mount([*accounts.ROUTES, *matches.ROUTES])
    for path in ("/api/matches/99999999999999999999999", "/api/matches/2147483648/record",
                 "/api/matches/0/positions", "/api/users/a%00b", "/api/users/%ED%A0%80/chips"):
        r = c.get(path)
        assert r.status_code == 404, (path, r.text)
    c.post("/api/auth/signup", json={"name": "Sinir", "password": "sifre-1234"})
    for before in ("2147483648", str(10**30)):
        assert c.get(f"/api/users/Sinir/matches?before={before}").json() == {"matches": []}
    r = c.post("/api/auth/login", json={"name": "Sinir\x00", "password": "sifre-1234"})
    assert r.status_code == 401 and r.json()["error"]["code"] == "bad_credentials"


def test_origin_by_scheme_host_and_port(mount: Mount) -> None:
    c = mount(ws.ROUTES)  # TestClient's server is http://testserver (port 80)
    for origin in ("http://testserver", "http://TestServer:80"):
        with c.websocket_connect("/ws", headers={"origin": origin}) as sock:
            assert sock.receive_json()["type"] == "hello"
    for origin in ("https://testserver", "http://testserver:8080", "http://evil", "null"):
        with pytest.raises(WebSocketDisconnect) as refused, \
                c.websocket_connect("/ws", headers={"origin": origin}):
            pass
        assert refused.value.code == 1008, origin
    # the client's own X-Forwarded-Proto is not believed (no --trusted-proxy)
    with pytest.raises(WebSocketDisconnect), c.websocket_connect(
            "/ws", headers={"origin": "https://testserver", "x-forwarded-proto": "https"}):
        pass


def test_origin_and_cookie_behind_a_trusted_proxy(mount: Mount) -> None:
    https = {"x-forwarded-proto": "https"}
    proxied = mount([*ws.ROUTES, *accounts.ROUTES], client=("10.0.0.7", 40000),
                    trusted_proxies=("10.0.0.0/8",))
    assert "; secure" in proxied.post("/api/auth/guest", json={}, headers=https
                                      ).headers["set-cookie"].lower()
    assert "secure" not in proxied.post("/api/auth/guest", json={}
                                        ).headers["set-cookie"].lower()
    with proxied.websocket_connect("/ws", headers={"origin": "https://testserver", **https}
                                   ) as sock:
        assert sock.receive_json()["type"] == "hello"
    with pytest.raises(WebSocketDisconnect), proxied.websocket_connect(
            "/ws", headers={"origin": "http://testserver", **https}):
        pass
    direct = mount(accounts.ROUTES, client=("198.51.100.9", 40000),
                   trusted_proxies=("10.0.0.0/8",))
    assert "secure" not in direct.post("/api/auth/guest", json={}, headers=https
                                       ).headers["set-cookie"].lower()
    always = mount(accounts.ROUTES, secure_cookies=True)
    assert "; secure" in always.post("/api/auth/guest", json={}).headers["set-cookie"].lower()


def test_guard_counts_connections_per_address() -> None:
    import ipaddress

    g = Guard(cap=2, header_timeout=5, exempt=[ipaddress.ip_network("127.0.0.0/8")])
    assert g.admit("198.51.100.1", 1) and g.admit("198.51.100.1", 2)
    assert not g.admit("198.51.100.1", 3)
    assert g.admit("198.51.100.1", 2)  # one already counted is not counted again
    assert g.admit("203.0.113.5", 4)  # another address: its own count
    assert all(g.admit("127.0.0.1", k) for k in range(10, 20))  # exempt
    g.release("198.51.100.1", 1)
    g.release("198.51.100.1", 1)  # twice: no harm
    assert g.admit("198.51.100.1", 5) and not g.admit("198.51.100.1", 6)
    assert Guard(cap=0, header_timeout=5).admit("198.51.100.1", 1)  # 0: no cap


def test_serve_options() -> None:
    p = argparse.ArgumentParser()
    add_arguments(p)
    d = Settings()
    s = settings_from(p.parse_args([]))
    assert (s.header_timeout, s.keep_alive, s.max_connections_per_address, s.cap_exempt) \
        == (d.header_timeout, d.keep_alive, d.max_connections_per_address, d.cap_exempt) \
        == (10.0, 5.0, 64, ("127.0.0.0/8", "::1"))
    s = settings_from(p.parse_args(["--header-timeout", "2", "--keep-alive", "1",
                                    "--max-connections-per-address", "0",
                                    "--cap-exempt", "none"]))
    assert (s.header_timeout, s.keep_alive, s.max_connections_per_address, s.cap_exempt) \
        == (2.0, 1.0, 0, ())
    s = settings_from(p.parse_args(["--cap-exempt", "10.0.0.0/8", "--cap-exempt", "::1"]))
    assert s.cap_exempt == ("10.0.0.0/8", "::1")
