"""The database: engine, migrations and the one writer thread.

Every write goes through :class:`Store`'s single writer thread, in order: SQLite allows
one writer at a time, and PostgreSQL gets the same, simple behaviour. Writes come in two
kinds:

* :meth:`Store.write` — one function, one transaction (sign-up, a settlement, a match
  start: each must commit or fail alone);
* :meth:`Store.insert` (and :meth:`Store.append`, a function) — small inserts that cannot
  fail for a rule's sake (the actions and deals of matches as they are played).
  Consecutive ones share one transaction (group commit), and the rows of
  :meth:`Store.insert` for one table go in one ``executemany`` on the driver's own
  connection (:mod:`kahvehane.store.rows`): that is what lets a thousand tables write
  as they play without the writer thread taking the interpreter from the event loop.

The caller awaits the commit before it tells anyone what happened, so a server that
stops at any moment restarts from a database that holds every move a player has seen. A
write that fails raises in its caller (a failed group is retried job by job, so one bad
job fails alone); the caller undoes what it had not yet saved
(``kahvehane.server.table.session.MatchSession.play``).

Reads run in a small thread pool with their own sessions (:meth:`Store.read`).

**Every wait has a deadline** (``deadline``, :data:`DEADLINE` seconds by default;
docs/server.md, "Limits and deadlines"). A write that has not committed that long after
it was asked for fails — before it starts if it waited that long in the queue, else
because the database gives up on its lock wait (SQLite's ``busy_timeout``, set before
each transaction to what is left of the earliest job's time; PostgreSQL's
``lock_timeout``/``statement_timeout``, per connection and lowered for a transaction
that starts late) — and is rolled back whole, so its caller's undo keeps memory and
database the same. Why: a lock held by someone else (issue 22: another process's
``BEGIN EXCLUSIVE``, a PostgreSQL ``LOCK TABLE``) must not freeze every table silently;
a failed write is what the tables already answer (``storage_failed``) and retry.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import queue
import sqlite3
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import quote

import orjson
from alembic import command
from alembic.config import Config
from sqlalchemy import Table, create_engine, event, insert, make_url
from sqlalchemy.engine import Engine
from sqlalchemy.exc import DBAPIError, SQLAlchemyError
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.pool import PoolProxiedConnection

from kahvehane.errors import KahvehaneError
from kahvehane.store.fence import Fence, check_fences
from kahvehane.store.recorder import TableRecorder
from kahvehane.store.rows import RowWriter

log = logging.getLogger("kahvehane.store")

T = TypeVar("T")

#: Seconds a write may take from being asked for to its commit, and any one statement's
#: wait for a lock (the default of ``Store``'s ``deadline``; ``kahvehane serve
#: --db-deadline``).
DEADLINE = 3.0


class DeadlinePassed(SQLAlchemyError):
    """A write waited in the writer thread's queue past its deadline and was not tried
    (the database, which the writes before it were waiting on, is locked or away)."""


def normalise_url(url: str) -> str:
    """Accept ``postgresql://`` and ``postgres://`` for the psycopg 3 driver."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def json_text(value: Any) -> str:
    """JSON columns' serializer (orjson: the action rows of every move go through it)."""
    try:
        return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()
    except TypeError:  # beyond orjson (an integer over 64 bits): the standard library's
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def sqlite_connector(url: str, timeout: float = DEADLINE) -> Callable[[], sqlite3.Connection]:
    """How the engine opens a SQLite file: through SQLite's ``unix-excl`` VFS.

    Why: in WAL mode SQLite's default VFS memory-maps the ``-shm`` wal-index as a shared,
    writable mapping. When that file turns read-only under the server (``chattr +i``, a
    file system remounted read-only), ext4 answers the next write fault on the mapping
    with SIGBUS (``ext4_page_mkwrite`` refuses an immutable inode), and the process
    dies: no error, no log line, every table gone. ``unix-excl`` keeps the wal-index in
    the process's heap (sqlite.org/vfs.html, sqlite.org/wal.html "Use of WAL Without
    Shared-Memory"): no ``-shm`` file, no shared mapping, and an unwritable file is a
    plain ``disk I/O error`` the store reports like any failed write. It also holds an
    exclusive lock on the file, so the file is this process's alone while it runs (its
    own connections share it; another process — an admin's ``sqlite3`` shell — gets
    "database is locked"). ``mmap_size=0`` (below) keeps the database file itself
    unmapped too. ``timeout``: how long a statement waits for a lock (``busy_timeout``).
    """
    path = make_url(url).database or ""
    if path in ("", ":memory:"):
        raise ValueError(f"{url!r}: the salon's SQLite database must be a file")
    target = "file:" + quote(str(Path(path).resolve())) + "?vfs=unix-excl"

    def connect() -> sqlite3.Connection:
        return sqlite3.connect(target, uri=True, check_same_thread=False, timeout=timeout)

    return connect


def make_engine(url: str, deadline: float = DEADLINE) -> Engine:
    """An engine for ``url``; SQLite gets WAL without shared memory, foreign keys and
    real transactions; every connection waits at most ``deadline`` seconds for a lock
    (and, on PostgreSQL, to connect and for any one statement)."""
    url = normalise_url(url)
    wait_ms = max(1, int(deadline * 1000))
    if url.startswith("sqlite"):
        engine = create_engine(url, creator=sqlite_connector(url, deadline),
                               json_serializer=json_text)

        @event.listens_for(engine, "connect")
        def _on_connect(dbapi_conn: Any, _record: Any) -> None:
            dbapi_conn.isolation_level = None  # SQLAlchemy emits BEGIN itself (below)
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA mmap_size=0")
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.execute(f"PRAGMA busy_timeout={wait_ms}")
            cur.close()

        @event.listens_for(engine, "begin")
        def _on_begin(conn: Any) -> None:
            if _writer_thread():
                conn.exec_driver_sql(f"PRAGMA busy_timeout={_budget_ms(wait_ms)}")
                conn.exec_driver_sql("BEGIN IMMEDIATE")
            else:
                conn.exec_driver_sql("BEGIN")

        return engine
    options = f"-c lock_timeout={wait_ms} -c statement_timeout={wait_ms}"
    engine = create_engine(url, pool_size=8, max_overflow=8, pool_pre_ping=True,
                           json_serializer=json_text,
                           connect_args={"options": options,
                                         "connect_timeout": max(2, math.ceil(deadline))})

    @event.listens_for(engine, "begin")
    def _on_pg_begin(conn: Any) -> None:
        budget = _budget_ms(wait_ms)
        if _writer_thread() and budget < wait_ms - 100:  # a late start: less time left
            conn.exec_driver_sql(f"SET LOCAL lock_timeout = {budget}")
            conn.exec_driver_sql(f"SET LOCAL statement_timeout = {budget}")

    return engine


_local = threading.local()


def _writer_thread() -> bool:
    return bool(getattr(_local, "writer", False))


def _budget_ms(default: int) -> int:
    """What is left of the writer's current transaction's time (``_local.due``, a
    ``time.monotonic()``), in milliseconds, at least 1; ``default`` without one."""
    due = getattr(_local, "due", None)
    if due is None:
        return default
    return max(1, int((due - time.monotonic()) * 1000))


def alembic_config() -> Config:
    cfg = Config()
    location = resources.files("kahvehane.store") / "migrations"
    cfg.set_main_option("script_location", str(location))
    return cfg


def migrate(engine: Engine) -> None:
    """Bring the database to the newest schema (Alembic ``upgrade head``)."""
    cfg = alembic_config()
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")


@dataclass
class _Job:
    fn: Callable[[Session], Any] | None  # None: an insert of ``rows`` into ``target``
    batch: bool
    future: asyncio.Future[Any]
    loop: asyncio.AbstractEventLoop
    target: Table | None = None
    rows: list[dict[str, Any]] | None = None
    due: float = 0.0  # time.monotonic() past which it is not tried (the deadline)
    fence: Fence | None = None  # (table id, incarnation) the write is made under


_STOP = object()


class Store(TableRecorder):
    """The database as the server uses it: one writer thread, pooled readers; and, by
    :class:`~kahvehane.store.recorder.TableRecorder`, what a table writes."""

    def __init__(self, url: str, deadline: float = DEADLINE) -> None:
        if not deadline > 0:
            raise ValueError(f"the database deadline must be a positive number of seconds,"
                             f" not {deadline!r}")
        self.url = normalise_url(url)
        self.deadline = deadline
        self.engine = make_engine(self.url, deadline)
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)
        self._queue: queue.SimpleQueue[Any] = queue.SimpleQueue()
        # batch jobs of the current loop iteration, per event loop (see _hand_over)
        self._waiting: dict[asyncio.AbstractEventLoop, list[_Job]] = {}
        self._thread: threading.Thread | None = None
        self._conn: PoolProxiedConnection | None = None  # the writer's own (_insert_rows)
        self._rows = RowWriter(self.engine.dialect)
        self._wait_ms = max(1, int(deadline * 1000))
        self._readers = ThreadPoolExecutor(max_workers=4, thread_name_prefix="kh-read")
        self.commits = 0
        #: writes that failed (past their deadline, or refused by the database): each
        #: one a ``storage_failed`` somewhere (``GET /metrics``)
        self.failures = 0
        #: told the seconds from a committed group's earliest request to its commit (the
        #: metrics' histogram; ``None``: not measured)
        self.observe_write: Callable[[float], None] | None = None

    @property
    def dialect(self) -> str:
        return self.engine.dialect.name

    def migrate(self) -> None:
        migrate(self.engine)

    # ---------------------------------------------------------------- lifecycle
    def start(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="kh-writer", daemon=True)
            self._thread.start()

    def close(self) -> None:
        if self._thread is not None:
            for loop in list(self._waiting):
                self._hand_over(loop)
            self._queue.put(_STOP)
            self._thread.join()
            self._thread = None
        self._readers.shutdown(wait=True)
        self.engine.dispose()

    # ---------------------------------------------------------------- API
    async def write(self, fn: Callable[[Session], T], fence: Fence | None = None) -> T:
        """Run ``fn(session)`` in its own transaction on the writer thread (``fence``: only
        while that table's incarnation holds, :mod:`kahvehane.store.fence`)."""
        result: T = await self._submit(fn, batch=False, fence=fence)
        return result

    async def append(self, fn: Callable[[Session], T], fence: Fence | None = None) -> T:
        """Run ``fn(session)`` in a shared (group-committed) transaction."""
        result: T = await self._submit(fn, batch=True, fence=fence)
        return result

    async def insert(self, target: Table, rows: list[dict[str, Any]],
                     fence: Fence | None = None) -> None:
        """Insert ``rows`` into ``target`` in a shared (group-committed) transaction: the
        rows of all the waiting inserts into one table go in one ``executemany``."""
        await self._submit(None, batch=True, target=target, rows=rows, fence=fence)

    async def read(self, fn: Callable[[Session], T]) -> T:
        """Run ``fn(session)`` on a reader thread (no commit)."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._readers, self._read, fn)

    def run_sync(self, fn: Callable[[Session], T]) -> T:
        """Run ``fn(session)`` in a transaction on the calling thread (start-up, tools)."""
        with self.sessions() as session, session.begin():
            return fn(session)

    def _read(self, fn: Callable[[Session], T]) -> T:
        with self.sessions() as session:
            return fn(session)

    async def _submit(self, fn: Callable[[Session], Any] | None, *, batch: bool,
                      target: Table | None = None,
                      rows: list[dict[str, Any]] | None = None,
                      fence: Fence | None = None) -> Any:
        if self._thread is None:
            raise RuntimeError("the store is not started")
        loop = asyncio.get_running_loop()
        fut: asyncio.Future[Any] = loop.create_future()
        job = _Job(fn, batch, fut, loop, target, rows, time.monotonic() + self.deadline,
                   fence)
        waiting = self._waiting.get(loop)
        if batch:
            if waiting is None:  # the first of this loop iteration: hand over after it
                self._waiting[loop] = [job]
                loop.call_soon(self._hand_over, loop)
            else:
                waiting.append(job)
        else:
            self._hand_over(loop)  # what came before goes first
            self._queue.put(job)
        return await fut

    def _hand_over(self, loop: asyncio.AbstractEventLoop) -> None:
        """Give the writer thread this loop's waiting batch jobs as one item: one wake-up
        of the thread per loop iteration, not one per move (each wake-up also has the
        thread contend with the event loop for the interpreter)."""
        waiting = self._waiting.pop(loop, None)
        if waiting:
            self._queue.put(waiting)

    # ---------------------------------------------------------------- writer thread
    def _run(self) -> None:
        """The queue holds a :class:`_Job` (its own transaction), a list of batch jobs
        (one loop iteration's) or ``_STOP``; consecutive lists share one transaction."""
        _local.writer = True
        pending: Any = None
        while True:
            item = pending if pending is not None else self._queue.get()
            pending = None
            if item is _STOP:
                self._drop_connection()
                return
            if isinstance(item, _Job):
                self._execute([item])
                continue
            batch: list[_Job] = list(item)
            while len(batch) < 2000:
                try:
                    nxt = self._queue.get_nowait()
                except queue.Empty:
                    break
                if not isinstance(nxt, list):
                    pending = nxt
                    break
                batch.extend(nxt)
            self._execute(batch)

    def _execute(self, jobs: list[_Job]) -> None:
        """Run ``jobs`` in one transaction, in what is left of the earliest one's time;
        those already past their deadline fail untried (:class:`DeadlinePassed`)."""
        now = time.monotonic()
        late = [job for job in jobs if job.due <= now]
        if late:
            log.warning("%d database write(s) waited past the deadline (%.1f s)",
                        len(late), self.deadline)
            exc = DeadlinePassed(f"the write waited more than {self.deadline:g} s for the"
                                 " database")
            self.failures += len(late)
            _deliver([(job, None, exc) for job in late])
            jobs = [job for job in jobs if job.due > now]
            if not jobs:
                return
        _local.due = earliest = min(job.due for job in jobs)
        try:
            if all(job.fn is None for job in jobs):
                results: list[Any] = self._insert_rows(jobs)
            else:
                results = self._in_session(jobs)
            self.commits += 1
        except Exception as exc:  # the callers get the error; the thread goes on
            if len(jobs) > 1:  # one bad append must not sink the others: retry alone
                for job in jobs:  # (each in what is left of its own time)
                    self._execute([job])
                return
            if isinstance(exc, KahvehaneError):  # the write's own refusal (a name
                log.debug("a database write refused: %r", exc)  # taken): no alarm
            else:
                log.warning("a database write failed: %r", exc)
                self.failures += 1
            _deliver([(jobs[0], None, exc)])
            return
        finally:
            _local.due = None
        if self.observe_write is not None:
            self.observe_write(time.monotonic() - (earliest - self.deadline))
        _deliver([(job, result, None) for job, result in zip(jobs, results, strict=True)])

    def _in_session(self, jobs: list[_Job]) -> list[Any]:
        """Jobs with functions (and any inserts among them) in one ORM transaction."""
        results: list[Any] = []
        with self.sessions() as session, session.begin():
            check_fences(session, _fences(jobs))
            for job in jobs:
                if job.fn is None:
                    assert job.target is not None and job.rows is not None
                    if job.rows:
                        session.execute(insert(job.target), job.rows)
                    results.append(None)
                else:
                    results.append(job.fn(session))
        return results

    def _insert_rows(self, jobs: list[_Job]) -> list[Any]:
        """Inserts only (the moves and deals of a thousand tables): one transaction on the
        writer's own DBAPI connection, the rows of each table in one ``executemany``
        (:mod:`kahvehane.store.rows`, which says why not through SQLAlchemy's execution).

        The connection stays open between groups (no pool checkout per group); after a
        failure it is dropped and the next group opens a new one.
        """
        grouped: dict[Table, list[dict[str, Any]]] = {}
        for job in jobs:
            assert job.target is not None and job.rows is not None
            if job.rows:
                grouped.setdefault(job.target, []).extend(job.rows)
        statements = self._rows.statements(grouped)
        fences = _fences(jobs)
        for retry in (False, True):
            raw = self._conn
            if raw is None:
                raw = self._conn = self.engine.raw_connection()
            budget = _budget_ms(self._wait_ms)
            try:
                self._rows.write(raw.driver_connection, fences, statements, budget,
                                 late=budget < self._wait_ms - 100)
                break
            except Exception as exc:
                self._drop_connection()
                # The kept connection had gone (a database restart while it was idle):
                # once more on a new one, as the pool's pre-ping would have done.
                if retry or not (isinstance(exc, DBAPIError) and exc.connection_invalidated):
                    raise
        return [None] * len(jobs)

    def _drop_connection(self) -> None:
        """Close the writer's connection (after a failure, and when the thread stops)."""
        conn, self._conn = self._conn, None
        if conn is not None:
            with contextlib.suppress(Exception):
                conn.invalidate()  # not back to the pool: it may be broken


def _fences(jobs: list[_Job]) -> list[Fence]:
    return [job.fence for job in jobs if job.fence is not None]


def _deliver(outcomes: list[tuple[_Job, Any, BaseException | None]]) -> None:
    """Settle the jobs' futures: one wake-up of each event loop for the whole group."""
    by_loop: dict[asyncio.AbstractEventLoop, list[tuple[_Job, Any, BaseException | None]]] = {}
    for outcome in outcomes:
        by_loop.setdefault(outcome[0].loop, []).append(outcome)
    for loop, items in by_loop.items():
        with contextlib.suppress(RuntimeError):  # a closed loop: nobody waits any more
            loop.call_soon_threadsafe(_settle, items)


def _settle(items: list[tuple[_Job, Any, BaseException | None]]) -> None:
    for job, result, exc in items:
        if job.future.done():
            continue
        if exc is not None:
            job.future.set_exception(exc)
        else:
            job.future.set_result(result)
