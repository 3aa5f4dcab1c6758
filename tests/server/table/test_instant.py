"""Instant play and a lobby without dead tables, driven in process: no countdown with
nobody to warn, quick seats and the wait for people, the grace close of a waiting table
its people left, and a deserted match played out by its bots at full speed, settled
and closed (docs/server.md "Quick play and the lobby")."""

from __future__ import annotations

from sqlalchemy import select

from kahvehane.records import replay
from kahvehane.store.accounts import chips_of
from kahvehane.store.models import MatchRow, SalonTable
from tests.server.table.inproc import Bench, run


def test_start_with_nobody_else_seated_begins_the_match_at_once() -> None:
    async def go() -> None:
        b = Bench()
        mgr, spy = b.manager, b.viewer(None)
        await b.send(spy, "join")
        assert (await b.send(mgr, "sit", seat=0) or {})["type"] == "ok"
        assert (await b.send(mgr, "start") or {})["type"] == "ok"
        # no countdown: the match runs and the manager was told of it, the clock unmoved
        assert b.table.status == "playing" and b.clock.now == 0
        assert not b.said(spy, "countdown") and b.said(spy, "match_start")
        assert b.last(mgr, "deal_start")["data"]["deal"] == 0

    run(go())


def test_the_countdown_stays_when_another_person_is_seated() -> None:
    async def go() -> None:
        b = Bench()
        mgr, ayse = b.manager, b.viewer("Ayşe")
        await b.send(mgr, "sit", seat=0)
        await b.send(ayse, "sit", seat=1)
        assert (await b.send(mgr, "start") or {})["type"] == "ok"
        cd = b.last(ayse, "countdown")["data"]
        assert cd["seconds"] == b.settings.countdown and b.table.status == "countdown"
        await b.advance(b.settings.countdown)
        assert b.table.status == "playing"

    run(go())


def test_a_rematch_alone_with_bots_begins_at_once() -> None:
    async def go() -> None:
        b = Bench(matches_played=1)
        ayse = b.viewer("Ayşe")
        await b.send(ayse, "sit", seat=0)
        assert (await b.send(ayse, "rematch") or {})["type"] == "ok"
        assert b.table.status == "playing" and not b.said(ayse, "countdown")

    run(go())


def test_a_quick_seat_alone_without_a_wait_plays_at_once() -> None:
    async def go() -> None:
        b = Bench(quick=True)
        mgr = b.manager
        answer = await b.quick_seat(mgr)
        assert answer["type"] == "quick" and answer["seat"] == 0 and answer["id"] == "q"
        assert answer["table"]["quick"] is True
        snap = next(m for m in b.said(mgr) if m["type"] == "snapshot")
        assert snap["you"] == 0  # the page has its table without a join
        assert b.table.status == "playing" and not b.said(mgr, "countdown")
        assert b.table.listed() is False  # a person alone with bots: not a lobby entry

    run(go())


def test_the_quick_wait_seats_others_and_the_manager_alone_may_skip_it() -> None:
    async def go() -> None:
        b = Bench(quick=True)
        mgr, ayse, can = b.manager, b.viewer("Ayşe"), b.viewer("Can")
        await b.quick_seat(mgr, wait=60)  # at most quick_wait (10 s)
        cd = b.last(mgr, "countdown")["data"]
        assert cd["quick"] is True and cd["seconds"] == b.settings.quick_wait
        assert b.table.status == "countdown" and b.table.listed()
        # the manager alone skips the wait: the match begins now
        assert (await b.send(mgr, "start") or {})["type"] == "ok"
        assert b.table.status == "playing"

        b = Bench(quick=True)
        mgr, ayse, can = b.manager, b.viewer("Ayşe"), b.viewer("Can")
        await b.quick_seat(mgr, wait=5)
        answer = await b.quick_seat(ayse)
        assert answer["seat"] == 1 and b.table.status == "countdown"
        # another person is seated: the skip is refused, the wait runs out by itself
        err = await b.send(mgr, "start")
        assert err is not None and err["code"] == "table_busy"
        await b.advance(5)
        ms = b.last(ayse, "match_start")["data"]
        assert [s["user"] is not None for s in ms["seats"]] == [True, True, False, False]
        assert b.table.listed()  # two people at a match: listed
        err = await b.quick_seat(can)  # nobody sits down during a match
        assert err["type"] == "error" and err["code"] == "table_busy"

    run(go())


def test_a_quick_seat_at_a_waiting_table_with_a_person_starts_the_countdown() -> None:
    async def go() -> None:
        b = Bench(quick=True, matches_played=1)
        mgr, ayse = b.manager, b.viewer("Ayşe")
        await b.send(mgr, "sit", seat=0)  # waiting after a match
        answer = await b.quick_seat(ayse)
        assert answer["seat"] == 1
        cd = b.last(mgr, "countdown")["data"]
        assert cd["seconds"] == b.settings.countdown and "quick" not in cd

    run(go())


def test_a_waiting_table_its_people_left_closes_after_the_grace_time() -> None:
    async def go() -> None:
        b = Bench(grace_close=60.0)
        ayse, spy = b.viewer("Ayşe"), b.viewer(None)
        await b.send(spy, "join")
        await b.send(ayse, "sit", seat=0)
        await b.advance(600)  # a person waits there: it stays open and listed
        assert b.host.closed == [] and b.table.listed()
        await b.send(ayse, "part")  # gone, still seated: the table is dead
        assert not b.table.listed()
        await b.advance(59)
        assert b.host.closed == []
        await b.advance(1)
        assert b.host.closed == [b.table.id] and b.table.status == "closed"
        assert b.last(spy, "closed")["data"] == {}  # its watcher is told
        assert spy not in b.outbox.watching
        table_id = b.table.id
        row = b.recorder.run(lambda s: s.get(SalonTable, table_id))
        assert row is not None and row.closed_at is not None

        b = Bench(grace_close=60.0)  # a person coming back in time keeps it open
        ayse = b.viewer("Ayşe")
        await b.send(ayse, "sit", seat=0)
        await b.send(ayse, "part")
        await b.advance(30)
        await b.send(ayse, "join")
        await b.advance(600)
        assert b.host.closed == []

    run(go())


def test_a_match_its_people_left_is_played_out_at_full_speed_settled_and_closed() -> None:
    async def go() -> None:
        b = Bench("koz_maca", {"finish_score": 25}, entry=100)
        ayse, spy = b.viewer("Ayşe"), b.viewer(None)
        await b.send(spy, "join")
        await b.begin("Ayşe")
        assert b.table.listed() is False  # alone with bots
        session = b.table.session
        assert session is not None
        match_id = session.match_id
        assert (await b.send(ayse, "leave") or {})["type"] == "ok"
        await b.send(ayse, "part")
        start = b.clock.now
        for _ in range(20_000):  # the clock never moves: the bots wait for nobody
            if b.table.status == "closed":
                break
            await b.advance(0)
        assert b.table.status == "closed" and b.host.closed == [b.table.id]
        assert b.clock.now == start
        end = b.last(spy, "match_end")["data"]
        row = b.recorder.run(lambda s: s.get(MatchRow, match_id))
        assert row is not None and row.status == "finished" and row.record is not None
        assert replay(row.record).result_json() == row.result == end["result"]
        assert [c["seat"] for c in row.record["seat_changes"]] == [0]
        uid = ayse.user.id  # type: ignore[union-attr]
        chips = b.recorder.run(lambda s: chips_of(s, uid))
        assert chips == 10_000 + end["chips"]["net"][0]  # her result, settled
        closed = b.recorder.run(lambda s: s.scalar(
            select(SalonTable.closed_at).where(SalonTable.id == b.table.id)))
        assert closed is not None

    run(go())
