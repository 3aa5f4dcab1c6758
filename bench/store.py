"""The salon's move writes: interpreter time per row of a group insert.

    .venv/bin/python bench/store.py [--postgres URL] [--groups 400] [--rounds 7]

The salon writes every move before it tells anyone (``Store.insert``, group commit:
the moves that arrive in one turn of the event loop go in one transaction, one
``executemany``). At a thousand busy tables a group holds a few moves, so what a group
costs beside its rows matters. This times, on the same database in the same run:

* **driver connection** — the writer's path (``Store._insert_rows``,
  :mod:`kahvehane.store.rows`): one transaction on the writer thread's own DBAPI
  connection, kept open between groups, the rows through the driver's ``executemany``;
* **Core, kept connection** (the reference: the writer's path from 2026-12-01 to
  2026-12-02): a SQLAlchemy Core transaction on a connection kept open between groups;
* **session per group** (the writer's path before 2026-12-01): an ORM session per
  group, its connection taken from the pool and given back.

Printed: CPU microseconds per row (``time.process_time``: the interpreter and the
driver's C code, what the event loop loses while the writer holds the interpreter), the
median and the spread over ``--rounds`` rounds of ``--groups`` groups, for groups of 1,
5 and 20 rows of the ``actions`` table (a group of one is a move at a human pace), and
the reference's time over the driver path's. The rounds of the paths alternate.
Default database: SQLite in a temporary folder (the embedded default). With
``--postgres URL`` (for example ``postgresql://127.0.0.1:5432/test``) a scratch database
is created on that server for the run and dropped after it.
"""

from __future__ import annotations

import argparse
import contextlib
import secrets
import statistics
import tempfile
import time
from collections.abc import Callable, Iterator
from itertools import count
from typing import Any

from sqlalchemy import insert

from kahvehane.store import Store
from kahvehane.store.accounts import create_user
from kahvehane.store.db import _Job, _local
from kahvehane.store.matches import ACTIONS, action_row, start_match
from kahvehane.store.tables import create_table


def new_match(store: Store) -> int:
    def make(s: Any) -> int:
        user = create_user(s, "bench", None, guest=True, chips=0)
        create_table(s, "bench", "koz_maca", {}, 1, 30, user.id, 4)
        return start_match(s, "bench", "koz_maca", {}, ["bench", "b", "b", "b"],
                              [user.id, None, None, None], [None, "x", "x", "x"],
                              None).match_id
    return store.run_sync(make)


@contextlib.contextmanager
def scratch_database(postgres: str, folder: str) -> Iterator[str]:
    """The URL of an empty database: a SQLite file in ``folder``, or (``postgres``: a
    server's URL) a database created on that server and dropped afterwards."""
    if not postgres:
        yield f"sqlite:///{folder}/bench.sqlite3"
        return
    import psycopg

    name = f"kh_bench_{secrets.token_hex(5)}"
    with psycopg.connect(postgres, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield f"{postgres.rsplit('/', 1)[0]}/{name}"
    finally:
        with psycopg.connect(postgres, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--postgres", default="", metavar="URL",
                   help="a PostgreSQL server to run on (default: a new SQLite file)")
    p.add_argument("--groups", type=int, default=400)
    p.add_argument("--rounds", type=int, default=7)
    args = p.parse_args()
    with tempfile.TemporaryDirectory() as tmp, scratch_database(args.postgres, tmp) as url:
        store = Store(url)
        store.migrate()
        match_id = new_match(store)
        _local.writer = True  # this thread plays the writer thread (BEGIN IMMEDIATE)
        numbers = count()

        def jobs(size: int) -> list[_Job]:
            rows = [action_row(match_id, 0, next(numbers), {"act": "play", "seat": 1,
                                                               "card": "QS"})
                    for _ in range(size)]
            return [_Job(None, True, None, None, ACTIONS, [row])  # type: ignore[arg-type]
                    for row in rows]

        def driver(size: int) -> None:
            store._insert_rows(jobs(size))

        core_conn = store.engine.connect()

        def core_kept(size: int) -> None:
            with core_conn.begin():
                core_conn.execute(insert(ACTIONS), [row for j in jobs(size)
                                                    for row in j.rows or ()])

        def session_per_group(size: int) -> None:
            with store.sessions() as session, session.begin():
                session.execute(insert(ACTIONS), [row for j in jobs(size)
                                                     for row in j.rows or ()])

        paths: dict[str, Callable[[int], None]] = {"driver connection": driver,
                                                   "Core, kept connection": core_kept,
                                                   "session per group": session_per_group}
        print(f"store: {store.dialect}, {args.rounds} rounds of {args.groups} groups")
        ratios: dict[int, float] = {}
        for size in (1, 5, 20):
            per_row: dict[str, list[float]] = {name: [] for name in paths}
            for _ in range(args.rounds):
                for name, fn in paths.items():
                    t0 = time.process_time()
                    for _ in range(args.groups):
                        fn(size)
                    per_row[name].append(1e6 * (time.process_time() - t0)
                                         / (args.groups * size))
            med = {name: statistics.median(v) for name, v in per_row.items()}
            for name, v in per_row.items():
                print(f"  groups of {size:2d}, {name:21s}: {med[name]:6.1f} µs CPU per row"
                      f" (spread {min(v):.1f}–{max(v):.1f})")
            for name in list(paths)[1:]:
                print(f"  groups of {size:2d}: {name} / driver connection ="
                      f" {med[name] / med['driver connection']:.2f}")
            ratios[size] = med["Core, kept connection"] / med["driver connection"]
        print("store: " + " ".join(f"group-{size}-core-vs-driver={r:.2f}"
                                   for size, r in ratios.items()))
        core_conn.close()
        store._drop_connection()
        store.engine.dispose()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
