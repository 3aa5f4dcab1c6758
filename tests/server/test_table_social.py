"""The table's social side (issue 21) through the real server: table talk (who may talk,
length, rate, markup kept as text, watchers' talk off, the recent lines on joining,
never in the record), friends' tables (absent from the lobby, joined only by the
link's code, kept over a restart), removing a person from a seat, leaving a seat during
a match (a bot takes it and the record says so) and the rövanş everyone agrees to."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest

from kahvehane.records import replay, verify
from tests.server.harness import (
    Player,
    Server,
    api,
    play_until_end,
    random_chooser,
    signup,
)

#: A Casino of two that ends after one hand: quick whole matches.
QUICK = {"game": "casino", "options": {"players": 2, "target": 1}}


async def _create(p: Player, **extra: Any) -> dict[str, Any]:
    """A new table made by ``p`` (the ``created`` answer); ``p`` is attached to it."""
    await p.send(type="create", id="c", **{**QUICK, "clock": 60, **extra})
    created = await p.expect(lambda m: m["type"] in ("created", "error"))
    assert created["type"] == "created", created
    await p.expect(lambda m: m["type"] == "snapshot")
    return created


async def _people(server: Server, *names: str) -> list[Player]:
    players = [Player(server, await signup(server, n), n) for n in names]
    for p in players:
        await p.connect()
    return players


async def _join(p: Player, table: str, **extra: Any) -> dict[str, Any]:
    await p.send(type="join", table=table, id="j", **extra)
    return await p.expect(lambda m: m["type"] in ("snapshot", "error"))


async def _said(p: Player, **msg: Any) -> dict[str, Any]:
    """Send ``msg`` with an id; its answer (``ok`` or ``error``)."""
    await p.send(id="q", **msg)
    return await p.expect(lambda m: m["type"] in ("ok", "error") and m.get("id") == "q")


@pytest.mark.server
def test_table_talk(server: Server, backend: str) -> None:
    async def run() -> None:
        mgr, pl, watcher = await _people(server, f"tkm{backend}", f"tkp{backend}",
                                         f"tkw{backend}")
        anon = Player(server, None, "anon")
        await anon.connect()
        table = (await _create(mgr))["table"]["id"]
        for p in (pl, watcher, anon):
            assert (await _join(p, table))["type"] == "snapshot"
        assert (await _said(mgr, type="sit", table=table, seat=0))["type"] == "ok"
        assert (await _said(pl, type="sit", table=table, seat=1))["type"] == "ok"

        # a line reaches every viewer, markup as plain text; a watcher's line is marked
        markup = "<b>merhaba</b> <script>alert(1)</script> & &amp;"
        assert (await _said(pl, type="chat", table=table, text=markup))["type"] == "ok"
        for p in (mgr, pl, watcher, anon):
            got = await p.expect(lambda m: m["type"] == "chat")
            line = got["line"]
            assert line["text"] == markup and line["seat"] == 1 and not line["watcher"]
            assert line["user"]["name"] == f"tkp{backend}" and line["phrase"] is None
        assert (await _said(watcher, type="chat", table=table,
                            phrase="good_game"))["type"] == "ok"
        got = await mgr.expect(lambda m: m["type"] == "chat")
        assert got["line"]["watcher"] and got["line"]["seat"] is None
        assert got["line"]["phrase"] == "good_game" and got["line"]["text"] is None
        assert (await watcher.expect(lambda m: m["type"] == "chat"))["line"] == got["line"]

        # refusals change nothing and reach only their sender
        err = await _said(pl, type="chat", table=table, text="x" * 201)
        assert (err["code"], err["i18n"]) == ("bad_message", {
            "code": "server.chat.too_long", "params": {"max": 200, "length": 201}})
        for bad in ("", "   \n\t ", None, 7):
            err = await _said(pl, type="chat", table=table, text=bad)
            assert err["i18n"]["code"] == "server.chat.empty", bad
        err = await _said(pl, type="chat", table=table, phrase="<b>")
        assert err["i18n"]["code"] == "server.chat.unknown_phrase"
        err = await _said(anon, type="chat", table=table, text="hi")
        assert err["code"] == "auth_required"
        outsider = (await _people(server, f"tko{backend}"))[0]
        err = await _said(outsider, type="chat", table=table, text="hi")
        assert (err["code"], err["i18n"]["code"]) == ("not_seated", "server.chat.join_first")

        # whitespace is made one space, control characters dropped; 200 characters fit
        ok = await _said(mgr, type="chat", table=table, text=" a\n\n b\x00c\u200b ")
        assert ok["type"] == "ok"
        assert (await watcher.expect(lambda m: m["type"] == "chat"))["line"]["text"] == "a bc"

        # the rate: 5 lines in 10 s per person (the manager has said one): a burst is cut
        # off after the fifth line or so (a token comes back every 2 s), the others'
        # talk is not
        answers = [await _said(mgr, type="chat", table=table, text=f"{i}") for i in range(10)]
        accepted = [a["type"] == "ok" for a in answers]
        assert accepted[:4] == [True] * 4 and not all(accepted)
        err = next(a for a in answers if a["type"] == "error")
        assert (err["code"], err["i18n"]) == ("rate_limited", {
            "code": "server.chat.rate_limited", "params": {"lines": 5, "seconds": 10}})
        said = [str(i) for i, ok in enumerate(accepted) if ok]
        assert (await _said(pl, type="chat", table=table, text="y" * 200))["type"] == "ok"

        # watchers' talk: only the manager turns it off; seated players still talk
        err = await _said(pl, type="settings", table=table, watcher_chat=False)
        assert (err["code"], err["i18n"]["code"]) == ("forbidden", "server.manager_settings")
        err = await _said(mgr, type="settings", table=table, watcher_chat="no")
        assert err["i18n"]["code"] == "server.bad_settings"
        assert (await _said(mgr, type="settings", table=table,
                            watcher_chat=False))["type"] == "ok"
        ev = await watcher.expect(lambda m: m.get("kind") == "settings")
        assert ev["data"] == {"watcher_chat": False}
        err = await _said(watcher, type="chat", table=table, text="hello?")
        assert (err["code"], err["i18n"]["code"]) == ("forbidden", "server.chat.watchers_off")
        info = (await api(server, "GET", f"/api/tables/{table}")).json()["table"]
        assert info["watcher_chat"] is False and info["private"] is False

        # a client that (re)joins gets the recent lines, oldest first
        late = (await _people(server, f"tkl{backend}"))[0]
        await late.send(type="join", table=table)
        history = await late.expect(lambda m: m["type"] == "chat_history")
        texts = [ln["text"] or ln["phrase"] for ln in history["lines"]]
        assert texts == [markup, "good_game", "a bc", *said, "y" * 200]

        # a whole match: the talk during it is never in its record
        await _said(mgr, type="settings", table=table, watcher_chat=True)
        await mgr.send(type="start", table=table)
        await mgr.expect(lambda m: m.get("kind") == "match_start")
        await _said(watcher, type="chat", table=table, text="SECRET-TALK-42")
        ends = await asyncio.gather(
            play_until_end(mgr, table, random_chooser, random.Random(1)),
            play_until_end(pl, table, random_chooser, random.Random(2)))
        record = (await api(server, "GET", ends[0]["data"]["record"] if ends[0] else "")).text
        assert "SECRET-TALK-42" not in record and "chat" not in record
        assert verify(record).ok
        for p in (mgr, pl, watcher, anon, outsider, late):
            await p.close()

    asyncio.run(run())


@pytest.mark.server
def test_friends_table(server: Server, backend: str) -> None:
    async def run() -> None:
        mgr, friend, stranger, lobby = await _people(
            server, f"frm{backend}", f"frf{backend}", f"frs{backend}", f"frl{backend}")
        await lobby.send(type="lobby")
        await lobby.expect(lambda m: m["type"] == "lobby")
        err = await _said(mgr, type="create", **QUICK, invited_watch=True)
        assert err["i18n"]["code"] == "server.invited_watch_needs_private"
        err = await _said(mgr, type="create", **QUICK, private="yes")
        assert err["i18n"]["code"] == "server.bad_settings"
        created = await _create(mgr, private=True)
        table, code = created["table"]["id"], created["invite"]
        assert created["table"]["private"] is True and len(code) >= 22
        public = (await _create(mgr))["table"]["id"]  # a public one, for comparison
        await lobby.expect(lambda m: m["type"] == "lobby_update"
                           and m["table"]["id"] == public)
        listed = [t["id"] for t in (await api(server, "GET", "/api/tables")).json()["tables"]]
        assert public in listed and table not in listed
        assert not any(m.get("type") == "lobby_update" and m["table"]["id"] == table
                       for m in lobby.messages)
        assert (await api(server, "GET", f"/api/tables/{table}")).status_code == 404
        r = await api(server, "GET", f"/api/invites/{code}")
        assert r.status_code == 200 and r.json()["table"]["id"] == table
        r = await api(server, "GET", f"/api/invites/{code[:-1]}x")
        assert r.status_code == 404 and r.json()["error"]["i18n"]["code"] == "http.no_invite"

        # without the code one may watch (not invited_watch) but not sit
        snap = await _join(stranger, table)
        assert snap["type"] == "snapshot" and "invite" not in snap
        err = await _said(stranger, type="sit", table=table, seat=1)
        assert (err["code"], err["i18n"]["code"]) == ("forbidden", "server.invite_only")
        err = await _said(stranger, type="join", table=table, invite="wrong")
        assert err["type"] == "ok"  # still a watcher, not admitted
        err = await _said(stranger, type="sit", table=table, seat=1)
        assert err["i18n"]["code"] == "server.invite_only"
        # with the code: sits, and is given the link to share
        snap = await _join(friend, table, invite=code)
        assert snap["type"] == "snapshot" and snap["invite"] == code
        assert (await _said(friend, type="sit", table=table, seat=1))["type"] == "ok"

        # watched only by invitation
        closed = await _create(mgr, private=True, invited_watch=True)
        t2, code2 = closed["table"]["id"], closed["invite"]
        err = await _join(stranger, t2)
        assert (err["type"], err["code"], err["i18n"]["code"]) == (
            "error", "forbidden", "server.invite_only")
        err = await _said(stranger, type="chat", table=t2, text="hi")
        assert err["i18n"]["code"] == "server.chat.join_first"
        anon = Player(server, None, "anon")
        await anon.connect()
        assert (await _join(anon, t2))["type"] == "error"
        assert (await _join(anon, t2, invite=code2))["type"] == "snapshot"
        assert not any(m.get("type") == "lobby_update" and m["table"]["id"] in (table, t2)
                       for m in lobby.messages)
        for p in (mgr, friend, stranger, lobby, anon):
            await p.close()

    asyncio.run(run())


@pytest.mark.server
def test_removing_a_person_from_a_seat(server: Server, backend: str) -> None:
    async def run() -> None:
        mgr, pl, other = await _people(server, f"rmm{backend}", f"rmp{backend}",
                                       f"rmo{backend}")
        table = (await _create(mgr))["table"]["id"]
        await _join(pl, table)
        await _join(other, table)
        assert (await _said(mgr, type="sit", table=table, seat=0))["type"] == "ok"
        assert (await _said(pl, type="sit", table=table, seat=1))["type"] == "ok"
        err = await _said(other, type="unseat", table=table, seat=1)
        assert (err["code"], err["i18n"]["code"]) == ("forbidden", "server.manager_unseats")
        err = await _said(mgr, type="unseat", table=table, seat=0)
        assert err["i18n"]["code"] == "server.unseat_self"
        err = await _said(mgr, type="unseat", table=table, seat=5)
        assert err["i18n"]["code"] == "server.no_such_seat"
        assert (await _said(mgr, type="unseat", table=table, seat=1))["type"] == "ok"
        told = await pl.expect(lambda m: m.get("kind") == "unseated")
        assert told["data"] == {"seat": 1, "user": {"id": pl.hello["user"]["id"],
                                                    "name": f"rmp{backend}"}}
        seats = await pl.expect(lambda m: m.get("kind") == "seats")
        assert seats["data"]["seats"][1]["user"] is None
        err = await _said(mgr, type="unseat", table=table, seat=1)
        assert (err["code"], err["i18n"]["code"]) == ("not_seated", "server.seat_empty")
        info = (await api(server, "GET", f"/api/tables/{table}")).json()["table"]
        assert info["seats"][1]["user"] is None
        # the seat is free: another may take it; during the match nobody is removed
        assert (await _said(other, type="sit", table=table, seat=1))["type"] == "ok"
        await mgr.send(type="start", table=table)
        await mgr.expect(lambda m: m.get("kind") == "match_start")
        err = await _said(mgr, type="unseat", table=table, seat=1)
        assert (err["code"], err["i18n"]["code"]) == ("table_busy",
                                                      "server.unseat_before_match")
        for p in (mgr, pl, other):
            await p.close()

    asyncio.run(run())


@pytest.mark.server
def test_leaving_a_seat_during_a_match(server: Server, backend: str) -> None:
    """A bot takes the seat at once; the record's ``seat_changes`` say who played it
    from where; the record replays and verifies; the result stays the leaver's."""

    async def run() -> None:
        (leaver,) = await _people(server, f"lvp{backend}")
        watcher = Player(server, None, "watcher")
        await watcher.connect()
        table = (await _create(leaver))["table"]["id"]
        await _join(watcher, table)
        assert (await _said(leaver, type="sit", table=table, seat=0))["type"] == "ok"
        await leaver.send(type="start", table=table)
        await leaver.expect(lambda m: m.get("kind") == "match_start")
        await leaver.expect(lambda m: m.get("type") == "event" and bool(m.get("legal")))
        assert (await _said(leaver, type="leave", table=table))["type"] == "ok"
        away = await watcher.expect(lambda m: m.get("kind") == "away")
        assert away["data"] == {"seat": 0}
        end = await watcher.expect(lambda m: m.get("kind") == "match_end")  # bots finish
        record = (await api(server, "GET", end["data"]["record"])).json()
        changes = record["seat_changes"]
        assert len(changes) == 1
        change = changes[0]
        assert change["seat"] == 0 and change["deal"] == 0 and change["action"] >= 0
        assert change["player"].startswith("bot:") and change["before"] == f"lvp{backend}"
        assert record["players"][0] == f"lvp{backend}"
        assert verify(record).ok and replay(record).complete
        # every action from the change on was the bot's (auto), none the person's
        acts = [a for a in record["deals"][0]["actions"] if a["seat"] == 0]
        assert acts  # the bot played the seat to the end
        m = (await api(server, "GET", f"/api/matches/{end['data']['match']}")).json()["match"]
        assert m["seat_changes"] == changes
        hist = (await api(server, "GET", f"/api/users/lvp{backend}/matches")).json()
        assert hist["matches"][0]["id"] == end["data"]["match"]  # the result is theirs
        info = (await api(server, "GET", f"/api/tables/{table}")).json()["table"]
        assert info["seats"][0]["user"] is None  # who left is gone after the match
        for p in (leaver, watcher):
            await p.close()

    asyncio.run(run())


@pytest.mark.server
def test_rematch_when_everyone_agrees(server: Server, backend: str) -> None:
    async def run() -> None:
        mgr, pl, watcher = await _people(server, f"rvm{backend}", f"rvp{backend}",
                                         f"rvw{backend}")
        table = (await _create(mgr))["table"]["id"]
        await _join(pl, table)
        await _join(watcher, table)
        await _said(mgr, type="sit", table=table, seat=0)
        await _said(pl, type="sit", table=table, seat=1)
        err = await _said(pl, type="rematch", table=table)
        assert (err["code"], err["i18n"]["code"]) == ("table_busy", "server.rematch_after")
        await mgr.send(type="start", table=table)
        await asyncio.gather(
            play_until_end(mgr, table, random_chooser, random.Random(3)),
            play_until_end(pl, table, random_chooser, random.Random(4)))
        err = await _said(watcher, type="rematch", table=table)
        assert err["code"] == "not_seated"
        assert (await _said(pl, type="rematch", table=table))["type"] == "ok"
        ev = await watcher.expect(lambda m: m.get("kind") == "rematch")
        assert ev["data"] == {"agreed": [1]}  # each sees who agreed
        info = (await api(server, "GET", f"/api/tables/{table}")).json()["table"]
        assert info["status"] == "waiting" and info["rematch"] == [1]
        assert (await _said(pl, type="rematch", table=table))["type"] == "ok"  # again: same
        assert (await _said(mgr, type="rematch", table=table))["type"] == "ok"
        ev = await watcher.expect(lambda m: m.get("kind") == "rematch")
        assert ev["data"] == {"agreed": [0, 1]}
        cd = await watcher.expect(lambda m: m.get("kind") == "countdown")
        assert cd["data"]["rematch"] is True
        ms = await pl.expect(lambda m: m.get("kind") == "match_start")
        assert ms["data"]["players"] == [f"rvm{backend}", f"rvp{backend}"]
        info = (await api(server, "GET", f"/api/tables/{table}")).json()["table"]
        assert info["rematch"] == [] and info["matches_played"] == 1
        for p in (mgr, pl, watcher):
            await p.close()

    asyncio.run(run())


@pytest.mark.server
def test_friends_table_and_talk_survive_a_restart(backend: str, fresh_db: str,
                                                  tmp_path: Path) -> None:
    server = Server(fresh_db, tmp_path / "server.log")
    server.start()
    try:
        async def before() -> tuple[str, str, str]:
            (mgr,) = await _people(server, "rsm")
            created = await _create(mgr, private=True, invited_watch=True)
            table = created["table"]["id"]
            await _said(mgr, type="settings", table=table, watcher_chat=False)
            # the manager talks even with watchers' talk off
            assert (await _said(mgr, type="chat", table=table,
                                text="kalıcı söz"))["type"] == "ok"
            await mgr.close()
            return table, created["invite"], str(mgr.token)

        table, code, token = asyncio.run(before())
        server.stop()
        server.start()

        async def after() -> None:
            r = await api(server, "GET", f"/api/invites/{code}")
            assert r.status_code == 200
            info = r.json()["table"]
            assert info["id"] == table and info["private"] and info["invited_watch"]
            assert info["watcher_chat"] is False
            assert table not in [t["id"] for t in
                                 (await api(server, "GET", "/api/tables")).json()["tables"]]
            stranger = (await _people(server, "rss"))[0]
            assert (await _join(stranger, table))["type"] == "error"
            mgr = Player(server, token, "rsm")
            await mgr.connect()
            await mgr.send(type="join", table=table)
            snap = await mgr.expect(lambda m: m["type"] == "snapshot")
            assert snap["invite"] == code
            hist = await mgr.expect(lambda m: m["type"] == "chat_history")
            assert [ln["text"] for ln in hist["lines"]] == ["kalıcı söz"]
            for p in (mgr, stranger):
                await p.close()

        asyncio.run(after())
    finally:
        server.stop()


def test_migration_0004_goes_down_and_up_again(backend: str, fresh_db: str) -> None:
    """The schema of issue 21 (private tables, talk, seat changes) is one migration that
    can be undone and done again, on SQLite and PostgreSQL."""
    from alembic import command
    from sqlalchemy import inspect

    from kahvehane.store.db import alembic_config, make_engine

    engine = make_engine(fresh_db)
    cfg = alembic_config()

    def run(*steps: tuple[str, str]) -> set[str]:
        with engine.begin() as conn:
            cfg.attributes["connection"] = conn
            for step, rev in steps:
                getattr(command, step)(cfg, rev)
        insp = inspect(engine)
        return {c["name"] for c in insp.get_columns("salon_tables")} | set(insp.get_table_names())

    try:
        new = {"private", "invite", "invited_watch", "watcher_chat", "chat_lines"}
        assert new <= run(("upgrade", "head"))
        assert not new & run(("downgrade", "0003"))
        assert new <= run(("upgrade", "head"))
    finally:
        engine.dispose()


@pytest.mark.server
def test_seat_changes_survive_a_restart(backend: str, fresh_db: str, tmp_path: Path) -> None:
    """A seat given up before a restart is still the bot's after it, and the record holds
    every change, the one before the restart first."""
    server = Server(fresh_db, tmp_path / "server.log")
    server.start()
    try:
        async def before() -> tuple[str, str, str]:
            a, b = await _people(server, "scA", "scB")
            table = (await _create(a))["table"]["id"]
            await _join(b, table)
            await _said(a, type="sit", table=table, seat=0)
            await _said(b, type="sit", table=table, seat=1)
            await a.send(type="start", table=table)

            async def a_leaves() -> None:
                await a.expect(lambda m: m.get("type") == "event" and bool(m.get("legal")))
                assert (await _said(a, type="leave", table=table))["type"] == "ok"

            # b makes one move, and stops at its next turn: the match waits for it there
            _, held = await asyncio.gather(a_leaves(), play_until_end(
                b, table, random_chooser, random.Random(5), stop_after=1))
            assert held is None
            for p in (a, b):  # b holds the match on its turn (a 60 s clock)
                await p.close()
            return table, str(a.token), str(b.token)

        table, _, token_b = asyncio.run(before())
        server.stop(kill=True)
        server.start()

        async def after() -> None:
            b = Player(server, token_b, "scB")
            await b.connect()
            snap = await _join(b, table)
            assert snap["info"]["seats"][0]["left"] is True  # still the bot's
            assert (await _said(b, type="leave", table=table))["type"] == "ok"
            end = await b.expect(lambda m: m.get("kind") == "match_end")
            record = (await api(server, "GET", end["data"]["record"])).json()
            assert [(c["seat"], c["before"]) for c in record["seat_changes"]] == [
                (0, "scA"), (1, "scB")]
            assert verify(record).ok
            await b.close()

        asyncio.run(after())
    finally:
        server.stop()
