"""A table's handlers, driven in process (:mod:`tests.server.table.inproc`): what each
command changes, what it saves and who is told — sit, leave, rematch, act, abort, chat,
a failed write — with no server, no socket and a clock moved by hand."""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select

from kahvehane.server.table.access import Access
from kahvehane.store.models import ActionRow, ChatLine, LedgerTxn, MatchRow, SalonTable
from tests.server.table.inproc import Bench, run


def _seats(bench: Bench) -> list[Any]:
    table_id = bench.table.id
    return bench.recorder.run(lambda s: s.get(SalonTable, table_id).seats)  # type: ignore[union-attr]


def test_sit_saves_then_tells_everyone_and_a_taken_seat_is_refused() -> None:
    async def go() -> None:
        b = Bench()
        ayse, can, spy = b.viewer("Ayşe"), b.viewer("Can"), b.viewer(None)
        assert (await b.send(spy, "join") or {})["type"] == "ok"
        assert b.said(spy)[0]["type"] == "snapshot"
        assert (await b.send(ayse, "sit", seat=1) or {})["type"] == "ok"
        assert _seats(b) == [None, ayse.user.id, None, None]  # type: ignore[union-attr]
        seats = b.last(spy, "seats")["data"]["seats"]
        assert seats[1]["user"] == {"id": ayse.user.id, "name": "Ayşe"}  # type: ignore[union-attr]
        assert ayse in b.outbox.watching and b.host.changes > 0
        err = await b.send(can, "sit", seat=1)
        assert err is not None and (err["code"], err["i18n"]["code"]) == (
            "seat_taken", "server.seat_taken")
        assert _seats(b)[1] == ayse.user.id  # type: ignore[union-attr]
        err = await b.send(can, "sit", seat="1")
        assert err is not None and err["i18n"]["code"] == "server.field_type"
        err = await b.send(spy, "sit", seat=0)
        assert err is not None and err["code"] == "auth_required"

    run(go())


def test_leave_before_the_match_frees_the_seat_and_during_it_a_bot_plays() -> None:
    async def go() -> None:
        b = Bench()
        ayse = b.viewer("Ayşe")
        await b.send(ayse, "sit", seat=0)
        assert (await b.send(ayse, "leave") or {})["type"] == "ok"
        assert _seats(b) == [None] * 4 and b.table.seating.seat_of(ayse.user) is None
        await b.begin("Ayşe")
        assert b.table.status == "playing"
        assert (await b.send(ayse, "leave") or {})["type"] == "ok"
        st = b.table.seating.seats[0]
        assert st.user == ayse.user and st.left and st.away  # the seat is theirs to the end
        assert b.last(ayse, "away")["data"] == {"seat": 0}
        match_id = b.table.session.match_id  # type: ignore[union-attr]
        row = b.recorder.run(lambda s: s.get(MatchRow, match_id))
        assert row is not None and row.seat_flags == ["left", "", "", ""]
        assert [c["seat"] for c in row.seat_changes or []] == [0]  # saved before told
        assert row.seat_changes[0]["player"].startswith("bot:")  # type: ignore[index]
        await b.advance(b.settings.bot_delay * 3)  # the bot plays the seat
        assert b.table.session is not None and b.table.session.match.deals[-1].actions

    run(go())


def test_act_saves_the_move_before_anyone_hears_of_it() -> None:
    async def go() -> None:
        b = Bench()
        ayse, spy = b.viewer("Ayşe"), b.viewer(None)
        await b.send(spy, "join")
        await b.begin("Ayşe")
        assert b.last(spy, "match_start")["data"]["players"][0] == "Ayşe"
        state = await b.until_to_act(0)
        legal = [a for a in state["legal"] if a["act"] != "arrange"]
        session = b.table.session
        assert session is not None
        before = b.recorder.run(lambda s: s.scalar(select(func.count()).select_from(ActionRow)))
        assert before is not None
        answer = await b.send(ayse, "act", action={k: v for k, v in legal[0].items()
                                                   if k != "seat"})
        assert answer is not None and answer["type"] == "ok"
        saved = b.recorder.run(lambda s: s.scalars(select(ActionRow).order_by(ActionRow.id))
                               .all())
        assert len(saved) == before + 1 and saved[-1].action["seat"] == 0
        assert saved[-1].action == session.match.deals[-1].actions[-1].to_json()
        mine = [m for m in b.said(spy, "game") if not m["auto"]]
        assert mine and mine[-1]["data"]["seat"] == 0 and "view" in mine[-1]
        err = await b.send(ayse, "act", action={**legal[0], "seat": 2})
        assert err is not None and err["code"] == "forbidden"
        err = await b.send(ayse, "act", action="pass")
        assert err is not None and err["i18n"]["code"] == "server.field_type"

    run(go())


def test_a_failed_write_changes_nothing_and_every_viewer_gets_the_saved_state() -> None:
    async def go() -> None:
        b = Bench()
        ayse, spy = b.viewer("Ayşe"), b.viewer(None)
        await b.send(spy, "join")
        b.recorder.broken = True
        err = await b.send(ayse, "sit", seat=0)
        assert err is not None and err["code"] == "storage_failed"
        assert b.table.seating.seat_of(ayse.user) is None and not b.said(spy, "seats")
        b.recorder.broken = False
        await b.begin("Ayşe")
        state = await b.until_to_act(0)
        session = b.table.session
        assert session is not None
        played = len(session.match.deals[-1].actions)
        n = b.table.log.n
        action = {k: v for k, v in state["legal"][0].items() if k != "seat"}
        b.recorder.broken = True
        err = await b.send(ayse, "act", action=action)
        assert err is not None and err["code"] == "storage_failed"
        assert len(session.match.deals[-1].actions) == played and b.table.log.n == n
        sync = b.said(spy)[-1]
        assert sync["type"] == "sync" and sync["reason"]["code"] == "storage_failed"
        b.recorder.broken = False
        assert (await b.send(ayse, "act", action=action) or {})["type"] == "ok"
        assert len(session.match.deals[-1].actions) == played + 1

    run(go())


def test_a_match_that_cannot_be_dealt_ends_without_a_result_and_refunds() -> None:
    async def go() -> None:
        b = Bench("koz_maca", entry=100, faults=frozenset({"deal"}))
        ayse = b.viewer("Ayşe")
        await b.begin("Ayşe")
        aborted = b.last(ayse, "match_aborted")["data"]
        assert aborted["i18n"]["code"] == "server.aborted.failed"
        assert b.table.status == "waiting" and b.table.session is None
        assert b.table.seating.seat_of(ayse.user) == 0  # the people stay seated
        assert all(st.bot is None for st in b.table.seating.seats)  # the bots go
        row = b.recorder.run(lambda s: s.scalars(select(MatchRow)).one())
        assert row.status == "aborted" and row.aborted == "server.aborted.failed"
        kinds = b.recorder.run(lambda s: s.scalars(select(LedgerTxn.kind)).all())
        assert "refund" in " ".join(kinds), kinds
        assert await b.recorder.chips_of(ayse.user.id) == b.chips  # type: ignore[union-attr]

    run(go())


def test_rematch_starts_the_countdown_once_everyone_seated_agreed() -> None:
    async def go() -> None:
        b = Bench(matches_played=1)
        ayse, can = b.viewer("Ayşe"), b.viewer("Can")
        await b.send(ayse, "sit", seat=0)
        await b.send(can, "sit", seat=2)
        assert (await b.send(ayse, "rematch") or {})["type"] == "ok"
        assert b.last(can, "rematch")["data"] == {"agreed": [0]}
        assert b.table.status == "waiting"
        await b.send(can, "rematch")
        countdown = b.last(ayse, "countdown")["data"]
        assert countdown["rematch"] is True and b.table.status == "countdown"
        await b.advance(b.settings.countdown)
        assert b.table.status == "playing"
        fresh = Bench()  # no match played yet: no rematch
        who = fresh.viewer("Ayşe")
        await fresh.send(who, "sit", seat=0)
        err = await fresh.send(who, "rematch")
        assert err is not None and err["i18n"]["code"] == "server.rematch_after"

    run(go())


def test_chat_is_saved_then_said_and_the_manager_may_silence_watchers() -> None:
    async def go() -> None:
        b = Bench()
        ayse, spy, anon = b.viewer("Ayşe"), b.viewer("Deniz"), b.viewer(None)
        for who in (ayse, spy, anon, b.manager):
            await b.send(who, "join")
        await b.send(ayse, "sit", seat=0)
        assert (await b.send(ayse, "chat", text="  iyi\n oyunlar ") or {})["type"] == "ok"
        line = [m for m in b.said(spy) if m["type"] == "chat"][-1]["line"]
        assert (line["text"], line["seat"], line["watcher"]) == ("iyi oyunlar", 0, False)
        rows = b.recorder.run(lambda s: s.scalars(select(ChatLine)).all())
        assert [r.text for r in rows] == ["iyi oyunlar"]
        err = await b.send(ayse, "chat", phrase="<b>")
        assert err is not None and err["i18n"]["code"] == "server.chat.unknown_phrase"
        err = await b.send(anon, "chat", text="hi")
        assert err is not None and err["code"] == "auth_required"
        err = await b.send(spy, "settings", watcher_chat=False)
        assert err is not None and err["i18n"]["code"] == "server.manager_settings"
        err = await b.send(b.manager, "settings", watcher_chat="no")
        assert err is not None and err["i18n"]["code"] == "server.bad_settings"
        assert (await b.send(b.manager, "settings", watcher_chat=False) or {})["type"] == "ok"
        err = await b.send(spy, "chat", phrase="tea")
        assert err is not None and err["i18n"]["code"] == "server.chat.watchers_off"
        assert (await b.send(ayse, "chat", phrase="tea") or {})["type"] == "ok"
        assert b.recorder.run(lambda s: s.scalar(select(func.count()).select_from(ChatLine))) == 2
        b.recorder.broken = True
        err = await b.send(ayse, "chat", text="lost?")
        assert err is not None and err["code"] == "storage_failed"
        assert [ln["text"] or ln["phrase"] for ln in b.table.chat.recent()] == [
            "iyi oyunlar", "tea"]

    run(go())


def test_a_friends_table_seats_only_the_invited_and_an_empty_table_closes() -> None:
    async def go() -> None:
        b = Bench(access=Access(private=True, invite="k" * 22))
        ayse, can = b.viewer("Ayşe"), b.viewer("Can")
        err = await b.send(can, "sit", seat=0)
        assert err is not None and err["i18n"]["code"] == "server.invite_only"
        await b.send(ayse, "join", invite="k" * 22)
        assert (await b.send(ayse, "sit", seat=0) or {})["type"] == "ok"
        await b.send(ayse, "leave")
        await b.send(ayse, "part")
        assert b.host.closed == []
        await b.advance(b.settings.idle_close)
        assert b.host.closed == [b.table.id] and b.table.status == "closed"
        table_id = b.table.id
        closed = b.recorder.run(lambda s: s.get(SalonTable, table_id).closed_at)  # type: ignore[union-attr]
        assert closed is not None

    run(go())


def test_an_unknown_kind_is_refused_to_its_sender() -> None:
    async def go() -> None:
        b = Bench()
        ayse = b.viewer("Ayşe")
        err = await b.send(ayse, "dance")
        assert err is not None and err["i18n"] == {"code": "server.unknown_type",
                                                   "params": {"type": "'dance'"}}

    run(go())
