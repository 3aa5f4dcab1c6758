"""Every HTTP route the database serves answers its failure with ``503``, a
``Retry-After`` and the documented ``storage_failed`` JSON error, logs one line and no
traceback, and works again by itself once the database does (issue 22, finding 2).

The faults: on SQLite the file and its ``-wal`` made immutable (every write fails; reads
still work), on PostgreSQL an outage (connections ended and refused: everything fails).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.conftest import PG_URL
from tests.server.faults import immutable, postgres_outage, sqlite_files
from tests.server.harness import COOKIE, Server, api, signup

pytestmark = pytest.mark.server

PASSWORD = "sifre-1234"

#: Routes that write (each fails on both backends), as method, path, JSON body.
WRITES = [
    ("POST", "/api/auth/guest", {}),
    ("POST", "/api/auth/signup", {"name": "yeniuye", "password": PASSWORD}),
    ("POST", "/api/auth/login", {"name": "httpf", "password": PASSWORD}),
    ("POST", "/api/tables", {"game": "balayi_kingi", "options": {}}),
]
#: Routes that only read (they fail in an outage).
READS = [
    ("GET", "/api/me", None),
    ("GET", "/api/me/ledger", None),
    ("GET", "/api/leaderboard/koz_maca", None),
    ("GET", "/api/users/httpf", None),
    ("GET", "/api/users/httpf/matches", None),
    ("GET", "/api/matches/1", None),
]


@contextlib.contextmanager
def database_down(backend: str, db_url: str) -> Iterator[None]:
    if backend == "sqlite":
        with immutable(sqlite_files(db_url)):
            yield
    else:
        with postgres_outage(db_url, PG_URL):
            yield


def test_http_answers_a_failed_database_with_503(backend: str, fresh_db: str,
                                                 tmp_path: Path) -> None:
    log = tmp_path / "server.log"
    srv = Server(fresh_db, log)
    srv.start()

    async def run() -> None:
        token = await signup(srv, "httpf")
        routes = WRITES if backend == "sqlite" else WRITES + READS
        with database_down(backend, fresh_db):
            for method, path, body in routes:
                r = await api(srv, method, path, token, json=body)
                assert r.status_code == 503, (path, r.status_code, r.text)
                assert r.headers["retry-after"] == "2", path
                error = r.json()["error"]
                assert error["code"] == "storage_failed", path
                assert error["i18n"]["code"] == "server.storage_failed", path
        r = await api(srv, "POST", "/api/auth/guest", json={})
        assert r.status_code == 201, r.text  # recovered by itself
        assert (await api(srv, "GET", "/api/me", r.cookies[COOKIE])).status_code == 200
        return None

    try:
        asyncio.run(run())
    finally:
        srv.stop()
    text = log.read_text()
    assert "Traceback" not in text and "Exception in ASGI" not in text, text[-3000:]
    assert text.count("answered 503") == len(WRITES if backend == "sqlite" else WRITES + READS)
