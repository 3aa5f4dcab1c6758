"""A cluster's Redis with a password, an ACL user and TLS (issue 32): a node connects
with ``redis://USER:PASSWORD@...`` and ``rediss://...?ssl_ca_certs=CA`` and works — a
guest signs up (the limiter is in Redis), opens a table on one node and a player on
another node joins it through Redis — and without the password, or without TLS, it
does not connect. Self-contained: a redis-server of its own with a self-signed
certificate made here by openssl."""

from __future__ import annotations

import asyncio
import contextlib
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import redis
import redis.asyncio as aioredis

from kahvehane.server.cluster.redisbus import connect
from tests.server.cluster import Cluster
from tests.server.conftest import database
from tests.server.harness import Player, free_port, signup

pytestmark = [pytest.mark.server, pytest.mark.cluster]

PASSWORD = "default-secret-7"
USER, USER_PASSWORD = "kahvehane", "acl-secret-9"
PREFIX = "khacl"
#: The ACL user docs/scaling.md advises: the prefix's keys and channels only, no admin
#: or dangerous command.
ACL = ["on", f">{USER_PASSWORD}", f"~{PREFIX}:*", f"&{PREFIX}:*", "+@all", "-@admin",
       "-@dangerous"]


def _openssl(*args: str, cwd: Path) -> None:
    subprocess.run(["openssl", *args], cwd=cwd, check=True, capture_output=True)


def make_certificates(folder: Path) -> tuple[Path, Path, Path]:
    """A throwaway CA and a server certificate for 127.0.0.1 signed by it."""
    _openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj",
             "/CN=kahvehane test CA", "-keyout", "ca.key", "-out", "ca.pem", cwd=folder)
    _openssl("req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=127.0.0.1",
             "-keyout", "server.key", "-out", "server.csr", cwd=folder)
    (folder / "san.ext").write_text("subjectAltName=IP:127.0.0.1,DNS:localhost\n")
    _openssl("x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key",
             "-CAcreateserial", "-days", "2", "-extfile", "san.ext", "-out", "server.pem",
             cwd=folder)
    return folder / "ca.pem", folder / "server.pem", folder / "server.key"


@dataclass
class SecuredRedis:
    port: int  # plain TCP, password and ACL
    tls_port: int  # TLS, password and ACL
    ca: Path

    def url(self, user: str | None, password: str | None, *, tls: bool = False) -> str:
        auth = f"{user or ''}:{password}@" if password is not None else ""
        if tls:
            return (f"rediss://{auth}127.0.0.1:{self.tls_port}/0"
                    f"?ssl_ca_certs={self.ca}&ssl_cert_reqs=required")
        return f"redis://{auth}127.0.0.1:{self.port}/0"


@contextlib.contextmanager
def secured_redis(folder: Path) -> Iterator[SecuredRedis]:
    for tool in ("redis-server", "openssl"):
        if shutil.which(tool) is None:
            pytest.fail(f"{tool} is not installed: this test needs it", pytrace=False)
    ca, cert, key = make_certificates(folder)
    port, tls_port = free_port(), free_port()
    proc = subprocess.Popen(
        ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "",
         "--appendonly", "no", "--dir", str(folder), "--requirepass", PASSWORD,
         "--user", USER, *ACL,
         "--tls-port", str(tls_port), "--tls-cert-file", str(cert), "--tls-key-file",
         str(key), "--tls-ca-cert-file", str(ca), "--tls-auth-clients", "no"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 10
        for p in (port, tls_port):
            while True:
                with contextlib.suppress(OSError):
                    socket.create_connection(("127.0.0.1", p), timeout=0.2).close()
                    break
                assert proc.poll() is None, "redis-server exited"
                assert time.monotonic() < deadline, "redis-server did not start"
                time.sleep(0.05)
        yield SecuredRedis(port, tls_port, ca)
    finally:
        proc.kill()
        proc.wait()


async def _ping(url: str) -> bool:
    client: aioredis.Redis = connect(url)
    try:
        return bool(await client.ping())
    finally:
        await client.aclose()


async def _set(url: str, key: str) -> None:
    client: aioredis.Redis = connect(url)
    try:
        await client.set(key, "1")
    finally:
        await client.aclose()


def test_password_acl_and_tls(tmp_path: Path) -> None:
    with secured_redis(tmp_path) as r:
        for url in (r.url(None, PASSWORD), r.url(USER, USER_PASSWORD),
                    r.url(USER, USER_PASSWORD, tls=True), r.url(None, PASSWORD, tls=True)):
            assert asyncio.run(_ping(url)), url
        with pytest.raises(redis.AuthenticationError):
            asyncio.run(_ping(r.url(USER, "wrong")))
        with pytest.raises(redis.AuthenticationError):
            asyncio.run(_ping(r.url(None, "wrong")))
        with pytest.raises(redis.AuthenticationError, match="required"):
            asyncio.run(_ping(r.url(None, None)))
        with pytest.raises(redis.exceptions.NoPermissionError):  # outside its prefix
            asyncio.run(_set(r.url(USER, USER_PASSWORD), "other:key"))
        asyncio.run(_set(r.url(USER, USER_PASSWORD), f"{PREFIX}:key"))
        with pytest.raises(redis.ConnectionError):  # plain text to the TLS port
            asyncio.run(_ping(f"redis://:{PASSWORD}@127.0.0.1:{r.tls_port}/0"))
        with pytest.raises(redis.ConnectionError):  # a certificate no CA of ours signed
            asyncio.run(_ping(f"rediss://:{PASSWORD}@127.0.0.1:{r.tls_port}/0"
                              "?ssl_cert_reqs=required"))


def test_cluster_on_secured_redis(tmp_path: Path) -> None:
    with secured_redis(tmp_path) as r, database("postgresql", tmp_path) as db:
        cluster = Cluster(db, tmp_path, redis_url=r.url(USER, USER_PASSWORD, tls=True),
                          size=2, prefix=PREFIX)
        cluster.start()
        try:
            a, b = cluster.nodes

            async def run() -> None:
                token = await signup(a, "tlsmisafir", guest=True)
                host = Player(a, token, "host")
                await host.connect()
                await host.send(type="create", id="c", game="casino",
                                options={"players": 2, "target": 1})
                table = (await host.expect(lambda m: m["type"] == "created"))["table"]["id"]
                await host.expect(lambda m: m["type"] == "snapshot")
                other = Player(b, await signup(b, "tlsdiger", guest=True), "other")
                await other.connect()
                await other.send(type="join", table=table)
                snap = await other.expect(lambda m: m["type"] == "snapshot")
                assert snap["table"] == table
                await other.send(type="sit", table=table, seat=1, id="s")
                assert (await other.expect(lambda m: m.get("id") == "s"))["type"] == "ok"
                await host.expect(lambda m: m["type"] == "event" and m["kind"] == "seats"
                                  and m["data"]["seats"][1]["user"] is not None)
                await host.close()
                await other.close()

            asyncio.run(run())
        finally:
            cluster.stop()
