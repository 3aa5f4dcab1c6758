"""The writer thread's group insert, on the database driver's own connection.

Why not SQLAlchemy Core here: at a human pace a group holds one move or two, and a Core
transaction of one row (``BEGIN``, the ``INSERT``, ``COMMIT``, each statement through
SQLAlchemy's execution context, result set-up and events) costs about 230 µs of
interpreter time on SQLite, where the driver alone takes 20 µs (``bench/store.py``,
"groups of 1"). That time is the interpreter's, taken from the event loop that serves
every table. So the moves, deals and chat lines of the tables go in through the DBAPI
connection itself (``Engine.raw_connection``, the same pool and the same ``connect``
set-up), with what SQLAlchemy knows of the columns kept: the statement names the columns
through the dialect's quoting, and each value goes through its column type's bind
processor (``TypeEngine.bind_processor``: the JSON of an action is serialised exactly as
the ORM would). Everything else the store does stays on SQLAlchemy.

The transaction is the writer's, as in :mod:`kahvehane.store.db`: SQLite's
``busy_timeout`` set to what is left of the earliest job's time and ``BEGIN IMMEDIATE``;
PostgreSQL's ``lock_timeout`` and ``statement_timeout`` lowered for a transaction that
starts late; the fences (:mod:`kahvehane.store.fence`) read in the same transaction,
``FOR SHARE`` on PostgreSQL. A driver's error is raised as SQLAlchemy's
:class:`~sqlalchemy.exc.DBAPIError` (with ``connection_invalidated`` from the dialect's
``is_disconnect``), so callers see what a Core insert raised. ``tests/server/test_rows.py``
writes the same rows both ways and compares them.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Table
from sqlalchemy.engine import Dialect
from sqlalchemy.exc import DBAPIError

from kahvehane.store.fence import Fence, StaleIncarnation, stale_tables
from kahvehane.store.models import SalonTable

__all__ = ["InsertPlan", "RowWriter"]


@dataclass(frozen=True)
class InsertPlan:
    """One table's insert with a given set of columns: the statement in the driver's
    own parameter style, and each column's bind processor (``None``: the value as is)."""

    sql: str
    columns: tuple[str, ...]
    processors: tuple[Callable[[Any], Any] | None, ...]

    @classmethod
    def make(cls, dialect: Dialect, target: Table, columns: Sequence[str]) -> InsertPlan:
        unknown = [c for c in columns if c not in target.c]
        if unknown:
            raise ValueError(f"table {target.name!r} has no column(s) {', '.join(unknown)}")
        quote = dialect.identifier_preparer.quote
        names = ", ".join(quote(c) for c in columns)
        marks = ", ".join(_placeholder(dialect, c) for c in columns)
        sql = (f"INSERT INTO {dialect.identifier_preparer.format_table(target)}"
               f" ({names}) VALUES ({marks})")
        processors = tuple(target.c[c].type.bind_processor(dialect) for c in columns)
        return cls(sql, tuple(columns), processors)

    def params(self, row: Mapping[str, Any]) -> dict[str, Any]:
        """The driver's parameters of ``row`` (which must have exactly these columns)."""
        if len(row) != len(self.columns):
            extra = sorted(set(row) - set(self.columns))
            missing = sorted(set(self.columns) - set(row))
            raise ValueError(f"a row's columns differ from its group's: extra {extra},"
                             f" missing {missing}")
        out: dict[str, Any] = {}
        for column, process in zip(self.columns, self.processors, strict=True):
            value = row[column]
            out[column] = process(value) if process is not None and value is not None \
                else value
        return out


def _placeholder(dialect: Dialect, column: str) -> str:
    """A named parameter as the driver takes it (sqlite3: ``:name``; psycopg:
    ``%(name)s``); column names here are plain identifiers (the models')."""
    if not column.isidentifier():
        raise ValueError(f"column {column!r}: not a plain identifier")
    if dialect.name == "sqlite":
        return f":{column}"
    if dialect.name == "postgresql":
        return f"%({column})s"
    raise ValueError(f"no direct insert for the {dialect.name} dialect")


class RowWriter:
    """Writes groups of rows in one transaction on a DBAPI connection it is given."""

    def __init__(self, dialect: Dialect) -> None:
        if dialect.name not in ("sqlite", "postgresql"):
            raise ValueError(f"no direct insert for the {dialect.name} dialect")
        self.dialect = dialect
        self._plans: dict[tuple[Table, tuple[str, ...]], InsertPlan] = {}
        dbapi = dialect.loaded_dbapi
        self._error: type[Exception] = dbapi.Error
        preparer = dialect.identifier_preparer
        self._fence_id = preparer.quote("id")
        self._fence_from = (f"SELECT {self._fence_id}, {preparer.quote('incarnation')}"
                            f" FROM {preparer.format_table(SalonTable.__table__)}")

    def plan(self, target: Table, columns: Sequence[str]) -> InsertPlan:
        key = (target, tuple(columns))
        plan = self._plans.get(key)
        if plan is None:
            plan = self._plans[key] = InsertPlan.make(self.dialect, target, key[1])
        return plan

    def statements(self, grouped: Mapping[Table, list[dict[str, Any]]]
                   ) -> list[tuple[InsertPlan, list[dict[str, Any]]]]:
        """Each table's rows as (plan, parameters), rows with other columns apart."""
        out: list[tuple[InsertPlan, list[dict[str, Any]]]] = []
        for target, rows in grouped.items():
            by_columns: dict[tuple[str, ...], list[dict[str, Any]]] = {}
            for row in rows:
                by_columns.setdefault(tuple(row), []).append(row)
            for columns, same in by_columns.items():
                plan = self.plan(target, columns)
                out.append((plan, [plan.params(row) for row in same]))
        return out

    def write(self, dbapi_conn: Any, fences: Sequence[Fence],
              statements: Sequence[tuple[InsertPlan, list[dict[str, Any]]]],
              budget_ms: int, late: bool) -> None:
        """One transaction: the fences checked, then every statement's rows; committed,
        or rolled back and raised (``budget_ms``: the time left; ``late``: less than a
        whole deadline, so PostgreSQL's per-connection timeouts are lowered)."""
        sqlite = self.dialect.name == "sqlite"
        cursor: Any = None
        statement = ""
        try:
            cursor = dbapi_conn.cursor()
            if sqlite:
                statement = f"PRAGMA busy_timeout={int(budget_ms)}"
                cursor.execute(statement)
                statement = "BEGIN IMMEDIATE"
                cursor.execute(statement)
            elif late:
                statement = f"SET LOCAL lock_timeout = {int(budget_ms)}"
                cursor.execute(statement)
                statement = f"SET LOCAL statement_timeout = {int(budget_ms)}"
                cursor.execute(statement)
            if fences:
                wanted = dict(fences)
                statement = self.fence_sql(len(wanted))
                cursor.execute(statement, list(wanted))
                stale = stale_tables(wanted, {row[0]: row[1] for row in cursor.fetchall()})
                if stale:
                    raise StaleIncarnation(stale)
            for plan, params in statements:
                statement = plan.sql
                if len(params) == 1:
                    cursor.execute(plan.sql, params[0])
                elif params:
                    cursor.executemany(plan.sql, params)
            statement = "COMMIT"
            if sqlite:
                cursor.execute("COMMIT")
            else:
                dbapi_conn.commit()
        except BaseException as exc:
            self._roll_back(dbapi_conn)
            if isinstance(exc, self._error):
                driver_error: Any = exc  # the dialect's type for it is its DBAPI's Error
                invalidated = bool(self.dialect.is_disconnect(driver_error, dbapi_conn, cursor))
                raise DBAPIError.instance(statement, None, exc, self._error,
                                          connection_invalidated=invalidated) from exc
            raise
        finally:
            if cursor is not None:
                with contextlib.suppress(self._error):
                    cursor.close()

    def fence_sql(self, tables: int) -> str:
        """The fences' read of ``tables`` tables' incarnations (positional parameters)."""
        if self.dialect.name == "sqlite":
            marks = ", ".join("?" for _ in range(tables))
            return f"{self._fence_from} WHERE {self._fence_id} IN ({marks})"
        marks = ", ".join("%s" for _ in range(tables))
        return f"{self._fence_from} WHERE {self._fence_id} IN ({marks}) FOR SHARE"

    def _roll_back(self, dbapi_conn: Any) -> None:
        try:
            if self.dialect.name == "sqlite":
                if dbapi_conn.in_transaction:
                    dbapi_conn.execute("ROLLBACK")
            else:
                dbapi_conn.rollback()
        except self._error:
            pass  # a connection gone: the caller drops it, and the server rolled back

