"""The salon's HTTP side on the open internet (issue 32), through the real server:
security headers on every answer and no server banner, bodies refused as they pass the
limit without the server's memory growing, malformed paths and bodies answered 4xx with
a coded error and no storage alarm (SQLite and PostgreSQL)."""

from __future__ import annotations

import asyncio
import json
import socket
from pathlib import Path

import httpx
import pytest

from tests.server.harness import COOKIE, Player, Server, api, signup

pytestmark = pytest.mark.server

MiB = 1024 * 1024


def rss(server: Server) -> int:
    """The server process's resident memory, bytes (from /proc)."""
    assert server.proc is not None
    for line in Path(f"/proc/{server.proc.pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise AssertionError("no VmRSS")


def test_security_headers_on_every_answer(server: Server) -> None:
    name = "baslik"
    token = asyncio.run(signup(server, name))
    answers = {
        "page": httpx.get(server.url + "/"),
        "script": httpx.get(server.url + "/js/app.js"),
        "api": httpx.get(server.url + "/api/health"),
        "me": httpx.get(server.url + "/api/me", cookies={COOKIE: token}),
        "ledger": httpx.get(server.url + "/api/me/ledger", cookies={COOKIE: token}),
        "no file": httpx.get(server.url + "/no/such/file.js"),
        "no route": httpx.get(server.url + "/api/no-such-thing"),
        "no match": httpx.get(server.url + "/api/matches/12345"),
        "refused": httpx.post(server.url + "/api/auth/login", json={"name": name}),
    }
    assert answers["page"].status_code == 200 and "<script" in answers["page"].text
    assert answers["no file"].status_code == 404 and answers["no match"].status_code == 404
    for what, r in answers.items():
        csp = r.headers.get("content-security-policy", "")
        directives = dict([*d.strip().split(" ", 1), ""][:2] for d in csp.split(";"))
        assert directives.get("script-src") == "'self'", (what, csp)
        assert "unsafe-inline" not in csp and "unsafe-eval" not in csp, (what, csp)
        assert directives.get("frame-ancestors") == "'none'", (what, csp)
        assert r.headers.get("x-frame-options") == "DENY", what
        assert r.headers.get("x-content-type-options") == "nosniff", what
        assert r.headers.get("referrer-policy") == "same-origin", what
        assert "server" not in r.headers, (what, r.headers.get("server"))
    for what in ("me", "ledger", "api", "refused", "no match"):
        assert answers[what].headers.get("cache-control") == "no-store", what
    assert answers["me"].json()["user"]["name"] == name


def _post_raw(port: int, head: bytes, body_chunks: int, chunk: bytes) -> tuple[bytes, int]:
    """Send ``head`` then up to ``body_chunks`` of ``chunk`` (stopping when the server
    answers or goes); what it answered, and how many chunks it took."""
    with socket.create_connection(("127.0.0.1", port), timeout=60) as s:
        s.sendall(head)
        s.setblocking(False)
        answer = b""
        sent = 0
        while sent < body_chunks:
            sent += 1
            try:
                s.setblocking(True)
                s.sendall(chunk)
            except OSError:
                break
            s.setblocking(False)
            try:
                got = s.recv(65536)
            except BlockingIOError:
                continue
            except OSError:
                break
            answer += got
            if not got or b"\r\n\r\n" in answer:
                break
        s.setblocking(True)
        s.settimeout(60)
        try:
            while b"\r\n\r\n" not in answer:
                got = s.recv(65536)
                if not got:
                    break
                answer += got
        except OSError:
            pass
        return answer, sent


@pytest.mark.parametrize("how", ["content-length", "chunked"])
def test_large_body_refused_as_it_passes_the_limit(server: Server, how: str) -> None:
    """64 MiB to the sign-in (no session needed): 413 after at most a little past the
    16 KiB limit is read, and the server's memory grows by no more than a few MiB."""
    total = 64 * MiB
    chunk = b"[" * (64 * 1024)
    if how == "content-length":
        head = (f"POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                f"Content-Type: application/json\r\nContent-Length: {total}\r\n\r\n").encode()
        piece = chunk
    else:
        head = (b"POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                b"Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n")
        piece = f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n"
    httpx.get(server.url + "/api/health")
    before = rss(server)
    answer, sent = _post_raw(server.port, head, total // len(chunk), piece)
    after = rss(server)
    status = answer.split(b"\r\n", 1)[0]
    assert b" 413 " in status, answer[:300]
    body = json.loads(answer.split(b"\r\n\r\n", 1)[1].split(b"\r\n")[-1] or b"{}") \
        if b"{" in answer else {}
    if body:
        assert body["error"]["code"] == "too_large"
    assert after - before < 8 * MiB, (before, after, sent)
    assert httpx.get(server.url + "/api/health").status_code == 200


BAD_PATHS = [
    "/api/matches/99999999999999999999999",
    "/api/matches/99999999999999999999999/record",
    "/api/matches/99999999999999999999999/positions",
    "/api/matches/2147483648",
    "/api/matches/2147483648/record",
    "/api/matches/-1",
    "/api/matches/%D9%A3",  # an Arabic-Indic digit: not an id
    "/api/users/%00",
    "/api/users/a%00b/matches",
    "/api/users/%ED%A0%80",
    "/api/users/" + "x" * 3000,
    "/api/invites/%00",
    "/api/tables/%00",
    "/api/leaderboard/%00",
]


def test_malformed_paths_and_bodies_are_4xx(server: Server, backend: str) -> None:
    async def run() -> None:
        name = f"bozuk{backend}"
        token = await signup(server, name)
        for path in BAD_PATHS:
            r = await api(server, "GET", path)
            assert 400 <= r.status_code < 500, (path, r.status_code, r.text[:200])
            assert r.json()["error"]["code"] in ("not_found", "bad_request"), path
        for before in ("2147483648", "99999999999999999999999", "-5", "x"):
            r = await api(server, "GET", f"/api/users/{name}/matches?before={before}")
            assert r.status_code == 200 and r.json() == {"matches": []}, (before, r.text)
        for limit in ("99999999999999999999999", "-99999999999999999999"):
            r = await api(server, "GET", f"/api/me/ledger?limit={limit}", token)
            assert r.status_code == 200, (limit, r.text)
        raw = {
            "nested": b"[" * 16_000,
            "nested object": b'{"a":' * 2_500 + b"1" + b"}" * 2_500,
            "lone surrogate name": b'{"name": "\\ud800", "password": "x"}',
            "lone surrogate password": b'{"name": "' + name.encode() + b'", "password": "\\udfff"}',
            "NUL name": b'{"name": "a\\u0000b", "password": "sifre-1234"}',
        }
        for what, body in raw.items():
            for path in ("/api/auth/login", "/api/auth/signup", "/api/auth/guest"):
                r = await api(server, "POST", path, content=body,
                              headers={"content-type": "application/json"})
                assert 400 <= r.status_code < 500, (what, path, r.status_code, r.text[:200])
                assert r.json()["error"]["code"] in (
                    "bad_request", "bad_credentials", "bad_name", "bad_password"), (what, path)
        r = await api(server, "POST", "/api/tables", token,
                      json={"game": "koz_maca", "entry": 10**30})
        assert r.status_code == 400 and r.json()["error"]["code"] == "bad_options"
        r = await api(server, "POST", "/api/auth/guest", json={"name": "a\x00b"})
        assert r.status_code == 400 and r.json()["error"]["code"] == "bad_name"

        p = Player(server, None, "id")
        await p.connect()
        await p.send(type="ping", id=2**64 - 1)
        assert (await p.expect(lambda m: m["type"] == "pong"))["id"] == 2**64 - 1
        await p.send(type="ping", id=-(2**63))
        assert (await p.expect(lambda m: m["type"] == "pong"))["id"] == -(2**63)
        await p.send(type="ping", id=10**30)  # past 64 bits, as docs/protocol.md says
        err = await p.expect(lambda m: m["type"] == "error")
        assert err["code"] == "bad_message" and err["i18n"]["code"] == "server.bad_id"
        await p.send_raw("[" * 10_000)
        assert (await p.expect(lambda m: m["type"] == "error"))["code"] == "bad_json"
        await p.close()

    asyncio.run(run())
    log = server.log_path.read_text()
    assert "Traceback" not in log and "the database failed" not in log, log[-3000:]
    assert "a database write failed" not in log, log[-3000:]
