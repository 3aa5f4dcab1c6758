"""Backups of a running salon's database, and restoring one into an empty database
(``kahvehane backup`` / ``kahvehane restore``; docs/operations.md "Backups").

**SQLite.** The salon opens its file through SQLite's ``unix-excl`` VFS
(:func:`kahvehane.store.db.sqlite_connector`): while it runs, no other process can read
the file. So the copy is made *by the server process*, on one of its own connections,
with SQLite's online backup API (``sqlite3.Connection.backup``), which copies every page
inside one read transaction: in WAL mode that is a consistent snapshot of the last
commit, and the writer goes on committing moves meanwhile (a reader never blocks it).
``kahvehane backup`` asks the server for it over HTTP (``POST /api/ops/backup``,
:mod:`kahvehane.server.routes.ops`); with no server running it copies the file the same
way itself.

**PostgreSQL.** ``pg_dump`` reads one consistent snapshot (a repeatable-read
transaction) while the salon writes; ``pg_restore`` loads it. Both are PostgreSQL's own
programs, run here with the salon's URL.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
from pathlib import Path

from sqlalchemy import inspect, make_url
from sqlalchemy.engine import Engine

from kahvehane.store.db import make_engine, migrate, normalise_url

__all__ = ["BackupError", "backup_postgres", "copy_sqlite", "is_sqlite", "restore",
           "sqlite_path"]


class BackupError(Exception):
    """A backup or restore that cannot be made (the message says why and what to do)."""


def is_sqlite(url: str) -> bool:
    return normalise_url(url).startswith("sqlite")


def sqlite_path(url: str) -> Path:
    """The file of a ``sqlite:///FILE`` URL."""
    path = make_url(url).database or ""
    if path in ("", ":memory:"):
        raise BackupError(f"{url!r}: not an SQLite file")
    return Path(path)


def copy_sqlite(engine: Engine, out: Path) -> None:
    """Copy the database of ``engine`` (a running salon's, on its own connection) into
    the new file ``out`` with SQLite's online backup: one read transaction, so the copy
    is the database as of one commit, whatever the writer does meanwhile."""
    if out.exists():
        raise BackupError(f"{out} exists: a backup is written to a new file")
    raw = engine.raw_connection()
    try:
        source = raw.driver_connection
        assert isinstance(source, sqlite3.Connection)
        target = sqlite3.connect(out)
        try:
            source.backup(target)  # every page in one step: one snapshot
        finally:
            target.close()
    except BaseException:
        out.unlink(missing_ok=True)
        raise
    finally:
        raw.close()


def _pg_args(url: str) -> tuple[list[str], dict[str, str]]:
    """``pg_dump``/``pg_restore`` connection arguments for a salon URL (the password
    goes in the environment, not on the command line)."""
    u = make_url(normalise_url(url))
    args = ["--dbname", u.database or "postgres"]
    if u.host:
        args += ["--host", u.host]
    if u.port:
        args += ["--port", str(u.port)]
    if u.username:
        args += ["--username", u.username]
    env = dict(os.environ)
    if u.password:
        env["PGPASSWORD"] = u.password
    return args, env


def _run(cmd: list[str], env: dict[str, str]) -> None:
    if shutil.which(cmd[0]) is None:
        raise BackupError(f"{cmd[0]} is not installed (PostgreSQL's client programs)")
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise BackupError(f"{cmd[0]} failed: {done.stderr.strip()}")


def backup_postgres(url: str, out: Path) -> None:
    """``pg_dump`` of the salon's PostgreSQL database into ``out`` (its custom format:
    one consistent snapshot, taken while the salon plays on)."""
    if out.exists():
        raise BackupError(f"{out} exists: a backup is written to a new file")
    args, env = _pg_args(url)
    _run(["pg_dump", "--format=custom", "--no-owner", "--file", str(out), *args], env)


def _empty(engine: Engine) -> bool:
    return not inspect(engine).get_table_names()


def restore(backup: Path, url: str) -> None:
    """Bring ``backup`` (a file ``kahvehane backup`` made) back into the empty database
    ``url``, then bring its schema up to this version's (the migrations), so a backup of
    an older salon restores into a newer one. A database that holds anything is refused:
    a restore never mixes two salons."""
    if not backup.is_file():
        raise BackupError(f"{backup}: no such file")
    if is_sqlite(url):
        path = sqlite_path(url)
        if path.exists() and path.stat().st_size > 0:
            raise BackupError(f"{path} exists: restore into a new file (or move it away)")
        with sqlite3.connect(backup) as check:
            if check.execute("PRAGMA integrity_check").fetchone() != ("ok",):
                raise BackupError(f"{backup}: not a sound SQLite database")
        source = sqlite3.connect(backup)
        target = sqlite3.connect(path)
        try:
            source.backup(target)
        finally:
            source.close()
            target.close()
    else:
        engine = make_engine(url)
        try:
            if not _empty(engine):
                raise BackupError(f"{make_url(normalise_url(url)).database}: the database"
                                  " is not empty; restore into a new one (createdb NAME)")
        finally:
            engine.dispose()
        args, env = _pg_args(url)
        _run(["pg_restore", "--no-owner", "--exit-on-error", *args, str(backup)], env)
    engine = make_engine(url)
    try:
        migrate(engine)
    finally:
        engine.dispose()
