"""Fixtures of the salon's end-to-end tests: the real server on a free port, against
SQLite and against the PostgreSQL server of this machine.

PostgreSQL is required: without a reachable server (``KAHVEHANE_TEST_PG``, default
``postgresql://127.0.0.1:5432/test``) its tests fail, saying so. Setting
``KAHVEHANE_NO_POSTGRES=1`` runs the SQLite half only, and the run says loudly that
PostgreSQL was left out.
"""

from __future__ import annotations

import contextlib
import os
import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.harness import Server

PG_URL = os.environ.get("KAHVEHANE_TEST_PG", "postgresql://127.0.0.1:5432/test")
NO_PG = os.environ.get("KAHVEHANE_NO_POSTGRES") == "1"


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "backend" in metafunc.fixturenames:
        backends = ["sqlite"] if NO_PG else ["sqlite", "postgresql"]
        metafunc.parametrize("backend", backends, scope="module")


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if NO_PG:
        terminalreporter.write_line(
            "!!! KAHVEHANE_NO_POSTGRES=1: the salon tests did NOT run against PostgreSQL !!!",
            red=True, bold=True)


def _pg_admin() -> object:
    import psycopg

    try:
        return psycopg.connect(PG_URL, autocommit=True, connect_timeout=5)
    except psycopg.OperationalError as exc:
        pytest.fail(
            f"PostgreSQL is not reachable at {PG_URL} ({exc}). The salon tests run against"
            " SQLite and PostgreSQL: start PostgreSQL (or point KAHVEHANE_TEST_PG at one),"
            " or set KAHVEHANE_NO_POSTGRES=1 to leave it out knowingly.",
            pytrace=False)


@contextlib.contextmanager
def database(backend: str, folder: Path) -> Iterator[str]:
    """A fresh, empty database of ``backend``; its URL."""
    if backend == "sqlite":
        yield f"sqlite:///{folder / f'salon-{secrets.token_hex(3)}.sqlite3'}"
        return
    import psycopg

    name = f"kh_test_{secrets.token_hex(5)}"
    admin = _pg_admin()
    assert isinstance(admin, psycopg.Connection)
    with admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    base = PG_URL.rsplit("/", 1)[0]
    try:
        yield f"{base}/{name}"
    finally:
        admin = _pg_admin()
        assert isinstance(admin, psycopg.Connection)
        with admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(scope="module")
def server(backend: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server per test module and backend (short countdown, no bot pauses)."""
    folder = tmp_path_factory.mktemp(f"salon-{backend}")
    with database(backend, folder) as url:
        srv = Server(url, folder / "server.log",
                     extra=["--guest-chips", "5000", "--rate", "2000", "--burst", "4000"])
        srv.start()
        try:
            yield srv
        finally:
            srv.stop()


@pytest.fixture
def fresh_db(backend: str, tmp_path: Path) -> Iterator[str]:
    with database(backend, tmp_path) as url:
        yield url
