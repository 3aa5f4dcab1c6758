"""Faults the tests inject from outside the server, as a machine would have them: files
that turn immutable (``chattr +i``) under a running process.

These need root (``CAP_LINUX_IMMUTABLE``) and a file system with the immutable flag
(ext4, tmpfs). Where that is missing the test fails and says why: a fault test that
silently skips would pass on a server that dies under the fault.
"""

from __future__ import annotations

import contextlib
import shutil
import subprocess
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest


def chattr(flag: str, paths: Sequence[Path]) -> None:
    """``chattr flag paths``; a clear test failure if it cannot be done here."""
    try:
        done = subprocess.run(["chattr", flag, *map(str, paths)], capture_output=True,
                              text=True, check=False)
    except FileNotFoundError:
        pytest.fail("chattr is not installed (e2fsprogs): the fault tests make files"
                    " immutable with it", pytrace=False)
    if done.returncode != 0:
        pytest.fail(f"chattr {flag} {' '.join(map(str, paths))} failed ({done.stderr.strip()}):"
                    " the fault tests need root and a file system with the immutable flag",
                    pytrace=False)


@contextlib.contextmanager
def immutable(paths: Sequence[Path]) -> Iterator[None]:
    """``paths`` are immutable inside (no write, no truncate, no unlink), then writable
    again whatever happened."""
    chattr("+i", paths)
    try:
        yield
    finally:
        chattr("-i", paths)


def sqlite_path(db_url: str) -> Path:
    """The file of a ``sqlite:///FILE`` URL."""
    if not db_url.startswith("sqlite:///"):
        raise ValueError(f"{db_url!r} is not a sqlite:///FILE URL")
    return Path(db_url.removeprefix("sqlite:///"))


def sqlite_files(db_url: str) -> list[Path]:
    """The database file of ``db_url`` and those of its ``-wal``/``-shm`` that exist."""
    db = sqlite_path(db_url)
    return [p for p in (db, Path(f"{db}-wal"), Path(f"{db}-shm")) if p.exists()]


def readable_copy(db_url: str, folder: Path) -> str:
    """A URL the test process can read the running server's database at: PostgreSQL's
    own; for SQLite, which is the server's alone while it runs, a copy of the file and
    its ``-wal`` (taken while the server writes nothing, e.g. after every match ended)."""
    if not db_url.startswith("sqlite:///"):
        return db_url
    db = sqlite_path(db_url)
    copy = folder / f"copy-{db.name}"
    shutil.copyfile(db, copy)
    wal = Path(f"{db}-wal")
    if wal.exists():
        shutil.copyfile(wal, Path(f"{copy}-wal"))
    return f"sqlite:///{copy}"


@contextlib.contextmanager
def postgres_outage(db_url: str, admin_url: str) -> Iterator[None]:
    """The PostgreSQL database of ``db_url`` is unreachable inside: every connection to
    it is ended and new ones are refused (``ALLOW_CONNECTIONS false``), then allowed."""
    import psycopg

    name = db_url.rsplit("/", 1)[1]
    with psycopg.connect(admin_url, autocommit=True) as c:
        c.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS false')
        c.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                  " WHERE datname = %s AND pid <> pg_backend_pid()", (name,))
    try:
        yield
    finally:
        with psycopg.connect(admin_url, autocommit=True) as c:
            c.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS true')
