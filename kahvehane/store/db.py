"""The database: engine, migrations and the one writer thread.

Every write goes through :class:`Store`'s single writer thread, in order: SQLite allows
one writer at a time, and PostgreSQL gets the same, simple behaviour. Writes come in two
kinds:

* :meth:`Store.write` — one function, one transaction (sign-up, a settlement, a match
  start: each must commit or fail alone);
* :meth:`Store.append` — small inserts that cannot fail for a rule's sake (the actions
  and deals of matches as they are played). Consecutive appends share one transaction
  (group commit), which is what lets a thousand tables write as they play.

The caller awaits the commit before it tells anyone what happened, so a server that
stops at any moment restarts from a database that holds every move a player has seen.

Reads run in a small thread pool with their own sessions (:meth:`Store.read`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from importlib import resources
from typing import Any, TypeVar

from alembic import command
from alembic.config import Config
from sqlalchemy import create_engine, event
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session, sessionmaker

log = logging.getLogger("kahvehane.store")

T = TypeVar("T")


def normalise_url(url: str) -> str:
    """Accept ``postgresql://`` and ``postgres://`` for the psycopg 3 driver."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def make_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite gets WAL, foreign keys and real transactions."""
    url = normalise_url(url)
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @event.listens_for(engine, "connect")
        def _on_connect(dbapi_conn: Any, _record: Any) -> None:
            dbapi_conn.isolation_level = None  # SQLAlchemy emits BEGIN itself (below)
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.execute("PRAGMA busy_timeout=30000")
            cur.close()

        @event.listens_for(engine, "begin")
        def _on_begin(conn: Any) -> None:
            conn.exec_driver_sql("BEGIN IMMEDIATE" if _writer_thread() else "BEGIN")

        return engine
    return create_engine(url, pool_size=8, max_overflow=8, pool_pre_ping=True)


_local = threading.local()


def _writer_thread() -> bool:
    return bool(getattr(_local, "writer", False))


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
    fn: Callable[[Session], Any]
    batch: bool
    future: asyncio.Future[Any]
    loop: asyncio.AbstractEventLoop


_STOP = object()


class Store:
    """The database as the server uses it: one writer thread, pooled readers."""

    def __init__(self, url: str) -> None:
        self.url = normalise_url(url)
        self.engine = make_engine(self.url)
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)
        self._queue: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._readers = ThreadPoolExecutor(max_workers=4, thread_name_prefix="kh-read")
        self.commits = 0

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
            self._queue.put(_STOP)
            self._thread.join()
            self._thread = None
        self._readers.shutdown(wait=True)
        self.engine.dispose()

    # ---------------------------------------------------------------- API
    async def write(self, fn: Callable[[Session], T]) -> T:
        """Run ``fn(session)`` in its own transaction on the writer thread."""
        result: T = await self._submit(fn, batch=False)
        return result

    async def append(self, fn: Callable[[Session], T]) -> T:
        """Run ``fn(session)`` in a shared (group-committed) transaction."""
        result: T = await self._submit(fn, batch=True)
        return result

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

    async def _submit(self, fn: Callable[[Session], Any], *, batch: bool) -> Any:
        if self._thread is None:
            raise RuntimeError("the store is not started")
        loop = asyncio.get_running_loop()
        fut: asyncio.Future[Any] = loop.create_future()
        self._queue.put(_Job(fn, batch, fut, loop))
        return await fut

    # ---------------------------------------------------------------- writer thread
    def _run(self) -> None:
        _local.writer = True
        pending: _Job | None = None
        while True:
            job = pending if pending is not None else self._queue.get()
            pending = None
            if job is _STOP:
                return
            if not job.batch:
                self._execute([job])
                continue
            batch = [job]
            while len(batch) < 2000:
                try:
                    nxt = self._queue.get_nowait()
                except queue.Empty:
                    break
                if nxt is _STOP or not nxt.batch:
                    pending = nxt
                    break
                batch.append(nxt)
            self._execute(batch)

    def _execute(self, jobs: list[_Job]) -> None:
        results: list[Any] = []
        try:
            with self.sessions() as session, session.begin():
                for job in jobs:
                    results.append(job.fn(session))
            self.commits += 1
        except Exception as exc:  # the callers get the error; the thread goes on
            if len(jobs) > 1:  # one bad append must not sink the others: retry alone
                for job in jobs:
                    self._execute([job])
                return
            log.debug("write failed: %r", exc)
            _deliver(jobs[0], exc=exc)
            return
        for job, result in zip(jobs, results, strict=True):
            _deliver(job, result=result)


def _deliver(job: _Job, *, result: Any = None, exc: BaseException | None = None) -> None:
    def settle() -> None:
        if job.future.done():
            return
        if exc is not None:
            job.future.set_exception(exc)
        else:
            job.future.set_result(result)

    with contextlib.suppress(RuntimeError):  # a closed loop: nobody waits any more
        job.loop.call_soon_threadsafe(settle)
