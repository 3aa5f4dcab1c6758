"""The writer's direct insert (``kahvehane.store.rows``) in lockstep with SQLAlchemy's.

The moves, deals and chat lines go in on the driver's own connection; the same rows
written through a SQLAlchemy session must be stored the same, to the byte of their JSON
text, on SQLite and on PostgreSQL. Fences, driver errors and malformed rows behave as
the rest of the store does.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import Table, Text, cast, insert, select, update
from sqlalchemy.exc import DBAPIError, IntegrityError

from kahvehane.store import Store
from kahvehane.store.accounts import create_user
from kahvehane.store.fence import StaleIncarnation
from kahvehane.store.matches import ACTIONS, DEALS, action_row, deal_row, start_match
from kahvehane.store.models import SalonTable
from kahvehane.store.tables import CHAT_LINES, create_table


@pytest.fixture(scope="module")
def store(backend: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    from tests.server.conftest import database

    with database(backend, tmp_path_factory.mktemp(f"rows-{backend}")) as url:
        s = Store(url)
        s.migrate()
        s.start()
        try:
            yield s
        finally:
            s.close()


_numbers = iter(range(1, 10**9))


def _match(store: Store) -> tuple[str, int]:
    """A new table and match (their ids) to write rows for."""
    n = next(_numbers)
    table_id = f"r{n}"

    def make(s: Any) -> tuple[str, int]:
        user = create_user(s, f"oyuncu{n}", None, guest=True, chips=0)
        create_table(s, table_id, "duz_okey", {}, None, 30, user.id, 4)
        match_id = start_match(s, table_id, "duz_okey", {}, [f"oyuncu{n}", "b", "b", "b"],
                               [user.id, None, None, None], [None, "x", "x", "x"],
                               None).match_id
        return table_id, match_id

    return store.run_sync(make)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-(2**70), max_value=2**70)
    | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                max_size=4),
    max_leaves=12)
actions = st.dictionaries(st.text(min_size=1, max_size=8), json_values, max_size=5)
# chat texts as the writer can get them: the server drops control characters and
# surrogates from a line (table/chat.py), and JSON (orjson) refuses lone surrogates
chat_texts = st.text(st.characters(blacklist_characters="\x00", codec="utf-8"), max_size=40)
chat_lines = st.tuples(st.none() | st.integers(0, 3),
                       st.one_of(st.tuples(chat_texts, st.none()),
                                 st.tuples(st.none(), st.sampled_from(["iyi", "tebrik"]))))


def _chat_row(table_id: str, match_id: int, seat: int | None, text: str | None,
              phrase: str | None, at: int) -> dict[str, Any]:
    return {"table_id": table_id, "match_id": match_id, "user_id": None, "name": "Ayşe",
            "seat": seat, "text": text, "phrase": phrase, "created_at": at}


def _stored(store: Store, target: Table, where: Any, columns: list[str]) -> list[tuple[Any, ...]]:
    """The rows as stored, JSON as its text (cast to text: no parsing on the way out)."""
    cols = [cast(target.c[c], Text) if c == "action" else target.c[c]
            for c in columns]
    with store.sessions() as s:
        return [tuple(r) for r in s.execute(select(*cols).where(where)
                                            .order_by(target.c.id))]


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(moves=st.lists(actions, min_size=1, max_size=6),
       lines=st.lists(chat_lines, max_size=3))
def test_the_direct_insert_stores_what_sqlalchemy_stores(
        store: Store, moves: list[dict[str, Any]], lines: list[Any]) -> None:
    (fast_table, fast), (ref_table, ref) = _match(store), _match(store)

    def rows(table_id: str, match_id: int) -> dict[Table, list[dict[str, Any]]]:
        return {
            ACTIONS: [action_row(match_id, 0, i, a) for i, a in enumerate(moves)],
            DEALS: [deal_row(match_id, 1, "tohum", "taahhut") | {"created_at": 7}],
            CHAT_LINES: [_chat_row(table_id, match_id, seat, text, phrase, 100 + j)
                         for j, (seat, (text, phrase)) in enumerate(lines)],
        }

    async def fast_path() -> None:  # one group: all of it in one transaction
        await asyncio.gather(*(store.insert(t, r) for t, r in
                               rows(fast_table, fast).items()))

    asyncio.run(fast_path())
    store.run_sync(lambda s: [s.execute(insert(t), r) for t, r in
                              rows(ref_table, ref).items() if r])

    for target, columns in ((ACTIONS, ["k", "i", "action"]),
                            (DEALS, ["k", "seed", "commitment", "created_at"]),
                            (CHAT_LINES, ["user_id", "name", "seat", "text", "phrase",
                                          "created_at"])):
        got = _stored(store, target, target.c.match_id == fast, columns)
        assert got == _stored(store, target, target.c.match_id == ref, columns)
        assert len(got) == len(rows(fast_table, fast)[target])


def test_a_fenced_group_is_written_only_under_its_incarnation(store: Store) -> None:
    table_id, match_id = _match(store)
    store.run_sync(lambda s: s.execute(update(SalonTable).where(SalonTable.id == table_id)
                                       .values(incarnation=3)))

    async def run() -> None:
        await store.insert(ACTIONS, [action_row(match_id, 0, 0, {"act": "x"})],
                           fence=(table_id, 3))
        with pytest.raises(StaleIncarnation) as info:
            await store.insert(ACTIONS, [action_row(match_id, 0, 1, {"act": "y"})],
                               fence=(table_id, 2))
        assert info.value.tables == [table_id]
        await store.insert(ACTIONS, [action_row(match_id, 0, 2, {"act": "z"})],
                           fence=(table_id, 3))

    asyncio.run(run())
    assert [r[0] for r in _stored(store, ACTIONS, ACTIONS.c.match_id == match_id,
                                  ["i"])] == [0, 2]


def test_a_driver_error_is_sqlalchemys_and_rolls_the_group_back(store: Store) -> None:
    """A move numbered twice breaks the unique (match, deal, index): the caller gets an
    IntegrityError naming the statement, and its group's other rows are not kept."""
    _table_id, match_id = _match(store)

    async def run() -> None:
        await store.insert(ACTIONS, [action_row(match_id, 0, 0, {"act": "x"})])
        with pytest.raises(IntegrityError) as info:
            await store.insert(ACTIONS, [action_row(match_id, 0, 1, {"act": "y"}),
                                         action_row(match_id, 0, 0, {"act": "again"})])
        assert isinstance(info.value, DBAPIError)
        assert not info.value.connection_invalidated
        assert "INSERT INTO" in str(info.value.statement)
        await store.insert(ACTIONS, [action_row(match_id, 0, 1, {"act": "z"})])

    asyncio.run(run())
    assert _stored(store, ACTIONS, ACTIONS.c.match_id == match_id, ["i", "action"]) == [
        (0, '{"act":"x"}'), (1, '{"act":"z"}')]


def test_a_row_with_unknown_columns_is_refused_and_writes_nothing(store: Store) -> None:
    _table_id, match_id = _match(store)

    async def run() -> None:
        with pytest.raises(ValueError, match=r"has no column.*colour"):
            await store.insert(ACTIONS, [action_row(match_id, 0, 0, {"act": "x"}),
                                         action_row(match_id, 0, 1, {}) | {"colour": 1}])

    asyncio.run(run())
    assert _stored(store, ACTIONS, ACTIONS.c.match_id == match_id, ["i"]) == []
