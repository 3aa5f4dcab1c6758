"""Issue 20, findings 3 and 4: the sign-in limiter slows guessing without locking out
the owner, survives a restart, and believes ``X-Forwarded-For`` only from a
``--trusted-proxy``."""

from __future__ import annotations

import asyncio
from pathlib import Path

import httpx
import pytest

from kahvehane.server.addresses import client_address, trusted_networks
from tests.server.harness import Server, api, signup

PASSWORD = "sifre-1234"  # the harness's


async def _login(server: Server, name: str, password: str,
                 forwarded_for: str | None = None) -> httpx.Response:
    headers = {"X-Forwarded-For": forwarded_for} if forwarded_for else {}
    return await api(server, "POST", "/api/auth/login", headers=headers,
                     json={"name": name, "password": password})


@pytest.mark.server
def test_wrong_passwords_slow_a_guesser_and_never_lock_out_the_owner(
        backend: str, fresh_db: str, tmp_path: Path) -> None:
    """Behind a trusted proxy (so each request can come from its own address): after
    four wrong passwords for a name from one address, the owner from another address
    signs in at once, a new account signs in from the guesser's address, and the
    guesser's address waits a few seconds (429 with the wait) and is then let in with
    the right password: slowed, not locked."""

    async def run(server: Server) -> None:
        await signup(server, "Sahibi")
        await signup(server, "Yeni")
        for _ in range(4):
            r = await _login(server, "Sahibi", "yanlis-sifre", "203.0.113.5")
            assert r.status_code == 401, r.text
        r = await _login(server, "Sahibi", PASSWORD, "203.0.113.5")
        assert r.status_code == 429 and r.json()["error"]["code"] == "rate_limited"
        wait = r.json()["error"]["i18n"]["params"]["seconds"]
        assert 1 <= wait <= 2
        assert (await _login(server, "Sahibi", PASSWORD, "198.51.100.20")).status_code == 200
        assert (await _login(server, "Yeni", PASSWORD, "203.0.113.5")).status_code == 200
        await asyncio.sleep(wait + 0.2)
        assert (await _login(server, "Sahibi", PASSWORD, "203.0.113.5")).status_code == 200

    srv = Server(fresh_db, tmp_path / "server.log", extra=["--trusted-proxy", "127.0.0.1"])
    srv.start()
    try:
        asyncio.run(run(srv))
    finally:
        srv.stop()


@pytest.mark.server
def test_a_forged_forwarded_for_is_ignored_and_the_limit_survives_a_restart(
        backend: str, fresh_db: str, tmp_path: Path) -> None:
    """Password spraying from one address (no trusted proxy): after 30 failures across
    many names the address waits; an ``X-Forwarded-For`` naming another address changes
    nothing, and neither does a restart of the server."""

    async def spray(server: Server) -> None:
        for i in range(30):
            r = await _login(server, f"Kurban{i}", "yanlis-sifre")
            assert r.status_code == 401, r.text

    async def refused(server: Server) -> None:
        for forged in (None, "10.9.8.7"):
            r = await _login(server, "Kurban99", "yanlis-sifre", forged)
            assert r.status_code == 429, (forged, r.text)
            assert r.json()["error"]["i18n"]["code"] == "http.login_throttled"

    srv = Server(fresh_db, tmp_path / "server.log")
    srv.start()
    try:
        asyncio.run(spray(srv))
        asyncio.run(refused(srv))
        srv.stop()
        srv.start()
        asyncio.run(refused(srv))
    finally:
        srv.stop()


def test_forwarded_addresses_are_read_only_from_trusted_proxies() -> None:
    proxies = trusted_networks(["127.0.0.1", "10.0.0.0/8"])
    forged = {"x-forwarded-for": "10.9.8.7, 192.0.2.1"}
    assert client_address("192.0.2.50", forged, ()) == "192.0.2.50"
    assert client_address("192.0.2.50", forged, proxies) == "192.0.2.50"
    # the client may prepend anything: the proxy's own entry (the rightmost) counts
    assert client_address("127.0.0.1", forged, proxies) == "192.0.2.1"
    assert client_address("127.0.0.1", {"x-forwarded-for": "10.1.1.1"}, proxies) == "127.0.0.1"
    assert client_address("127.0.0.1", {"x-forwarded-for": "junk"}, proxies) == "127.0.0.1"
    assert client_address("127.0.0.1", {"forwarded": "for=192.0.2.60:1234"},
                          proxies) == "192.0.2.60"
    assert client_address(None, forged, proxies) == "?"
