"""Issue 20, finding 1: free chips cannot be farmed. Guests play only at tables without
an entry (so no chip ever leaves a guest's account), and new accounts from one address
are limited per hour, counted in the database (docs/server.md "Guests and chips")."""

from __future__ import annotations

import asyncio
import itertools
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlalchemy.orm import Session

from kahvehane.server.gateway import PASSWORD_CHANGED, SESSION_EXPIRED, SIGNED_OUT
from kahvehane.store import Store
from kahvehane.store.accounts import chips_of, create_user
from kahvehane.store.ledger import audit
from kahvehane.store.matches import GuestAtEntryTable, start_match
from kahvehane.store.tables import create_table
from tests.server.harness import Player, Server, api, play_until_end, random_chooser, signup


async def _table(p: Player, game: str, options: dict[str, Any], entry: int | None) -> str:
    await p.send(type="create", id="c", game=game, options=options, entry=entry, clock=60)
    created = await p.expect(lambda m: m["type"] in ("created", "error"))
    assert created["type"] == "created", created
    await p.expect(lambda m: m["type"] == "snapshot")
    return str(created["table"]["id"])


@pytest.mark.server
def test_guests_cannot_feed_an_account(server: Server, backend: str) -> None:
    """The farming of the issue: one account and three fresh guests (who hold chips: the
    test server grants them 5,000) at an entry-1,000 Koz Maça table with finish_score 1.
    Every guest's seat is refused; the match is played to the end against bots; no
    guest's chips moved and no guest is in the match."""

    async def run() -> None:
        host = Player(server, await signup(server, f"farm{backend}"), "host")
        await host.connect()
        table = await _table(host, "koz_maca", {"finish_score": 1}, 1000)
        await host.send(type="sit", table=table, seat=0, id="s0")
        await host.expect(lambda m: m["type"] == "ok")
        guests = []
        for i in range(3):
            g = Player(server, await signup(server, f"feed{backend}{i}", guest=True), f"g{i}")
            await g.connect()
            assert g.hello["user"]["chips"] == 5000
            await g.send(type="sit", table=table, seat=i + 1, id="s")
            err = await g.expect(lambda m: m["type"] in ("ok", "error"))
            assert err["type"] == "error" and err["code"] == "forbidden", err
            assert err["i18n"]["code"] == "server.guest_no_entry"
            guests.append(g)
        await host.send(type="start", table=table)
        start = await host.expect(lambda m: m.get("kind") == "match_start")
        assert start["data"]["players"][1:] == ["bot:heuristic (orta)"] * 3  # the default level
        end = await play_until_end(host, table, random_chooser, random.Random(20))
        assert end is not None and end["data"]["chips"] is not None
        for g in guests:
            me = (await api(server, "GET", "/api/me", g.token)).json()["user"]
            assert me["chips"] == 5000
            await g.close()
        await host.close()

    asyncio.run(run())


@pytest.mark.server
def test_new_accounts_per_address_survive_a_restart(backend: str, fresh_db: str,
                                                    tmp_path: Path) -> None:
    """Three new accounts an hour from one address: the fourth (guest or sign-up) gets
    429 with the wait, and so it does after a restart (the count is in the database)."""

    async def refused(server: Server) -> None:
        for path, body in (("/api/auth/guest", {}),
                           ("/api/auth/signup", {"name": "Dorduncu", "password": "sifre-1234"})):
            r = await api(server, "POST", path, json=body)
            assert r.status_code == 429, r.text
            error = r.json()["error"]
            assert error["code"] == "rate_limited"
            assert error["i18n"]["code"] == "http.new_accounts_limited"
            assert error["i18n"]["params"]["limit"] == 3
            assert 0 < error["i18n"]["params"]["seconds"] <= 3600

    async def run(server: Server) -> None:
        for i in range(2):
            await signup(server, f"Misafir{i}", guest=True)
        await signup(server, "Birinci")
        await refused(server)

    srv = Server(fresh_db, tmp_path / "server.log", extra=["--new-accounts", "3"])
    srv.start()
    try:
        asyncio.run(run(srv))
        srv.stop()
        srv.start()
        asyncio.run(refused(srv))
    finally:
        srv.stop()


@pytest.fixture(scope="module")
def ledger_store(tmp_path_factory: pytest.TempPathFactory) -> Store:
    store = Store(f"sqlite:///{tmp_path_factory.mktemp('ledger') / 'farm.sqlite3'}")
    store.migrate()
    return store


_tags = itertools.count(1)
_people = st.lists(st.sampled_from(["person", "guest", "bot"]), min_size=4, max_size=4)


@settings(max_examples=40, deadline=None)
@given(lineups=st.lists(_people, min_size=1, max_size=6), entry=st.integers(1, 1000))
def test_no_sequence_moves_a_guests_chips(ledger_store: Store, lineups: list[list[str]],
                                          entry: int) -> None:
    """Whatever matches with an entry are started, with whoever at the seats: a lineup
    with a guest is refused whole, and no guest's balance ever changes (a guest's grant
    is the most any guest can ever hand on: nothing)."""

    def setup(s: Session) -> tuple[str, dict[str, int]]:
        tag = str(next(_tags))
        people = {"person": create_user(s, f"P{tag}", "x", guest=False, chips=100_000).id,
                  "guest": create_user(s, f"G{tag}", None, guest=True, chips=5_000).id}
        create_table(s, f"t{tag}", "koz_maca", {"finish_score": 1}, entry,
                     30, people["person"], 4)
        return f"t{tag}", people

    table_id, people = ledger_store.run_sync(setup)
    for lineup in lineups:
        seat_users = [people.get(kind) for kind in lineup]
        players = [kind if kind != "bot" else "bot:random" for kind in lineup]
        bots = ["random" if kind == "bot" else None for kind in lineup]

        def begin(s: Session, seat_users: list[int | None] = seat_users,
                  players: list[str] = players, bots: list[str | None] = bots) -> None:
            start_match(s, table_id, "koz_maca", {"finish_score": 1}, players, seat_users,
                        bots, entry)

        if "guest" in lineup:
            with pytest.raises(GuestAtEntryTable):
                ledger_store.run_sync(begin)
        else:
            ledger_store.run_sync(begin)
        assert ledger_store.run_sync(lambda s: chips_of(s, people["guest"])) == 5_000
    assert ledger_store.run_sync(audit) == []


def test_both_docs_state_one_policy() -> None:
    """docs/protocol.md and docs/server.md say the guests-and-chips policy in the same
    words (the issue found them contradicting each other)."""
    root = Path(__file__).resolve().parents[2]

    def policy(doc: str) -> str:
        text = (root / "docs" / doc).read_text()
        start = text.index("**Guests and chips.**")
        return text[start:text.index("\n\n", start)]

    assert policy("protocol.md") == policy("server.md")
    assert "server.guest_no_entry" in policy("server.md")


def test_both_docs_state_the_same_limits_and_close_codes() -> None:
    """docs/protocol.md and docs/server.md carry one table of limits and one of close
    codes, word for word, and it names every close code the gateway uses."""
    root = Path(__file__).resolve().parents[2]

    def tables(doc: str) -> str:
        text = (root / "docs" / doc).read_text()
        start = text.index("| what | key | how much |")
        end = text.index("| 4003 |", start)
        return text[start:text.index("\n", end)]

    assert tables("protocol.md") == tables("server.md")
    for code in (SIGNED_OUT, SESSION_EXPIRED, PASSWORD_CHANGED, 1007, 1008, 1009, 1013):
        assert f"| {code} |" in tables("server.md"), code
