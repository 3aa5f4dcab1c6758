"""Standings that reflect play (issue 30 item 1) and ratings (item 2), driven in
process: who decided each action is saved with it, and a finished match counts for a
person only if they decided at least half of their own actions; a leaver's match is a
counted loss; bots are on no leaderboard; ratings move once per counted, people-only
match."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from kahvehane.store.models import ActionRow, MatchPlayer, Rating
from kahvehane.store.standings import rating_rows, standings_rows
from tests.server.table.inproc import Bench, run

CASINO = {"players": 2, "target": 1}  # one deal decides it


async def play_out(b: Bench, acting: set[str], limit: int = 3000) -> int:
    """Play the running match to its end: the people named in ``acting`` make their
    own moves (the first legal one), everyone else's seat is left to its clock and the
    bots. The match's id."""
    session = b.table.session
    assert session is not None
    match_id = session.match_id
    played = b.table.matches_played
    by_seat = {b.table.seating.seat_of(v.user): v for name, v in b.viewers.items()
               if name in acting and v.user is not None}
    for _ in range(limit):
        if b.table.matches_played > played:
            return match_id
        s = b.table.session
        state = s.current if s is not None else None
        mine = [seat for seat in (state.to_act if state is not None else ())
                if seat in by_seat and not b.table.seating.seats[seat].away]
        if state is not None and mine:
            seat = mine[0]
            legal = [a.to_json() for a in state.legal_actions(seat)
                     if a.act != "arrange"]
            answer = await b.send(by_seat[seat], "act",
                                  action={k: v for k, v in legal[0].items() if k != "seat"})
            assert answer is not None and answer["type"] == "ok", answer
        else:
            await b.advance(b.table.clock + 1 if state is not None else 5)
    raise AssertionError("the match did not end")


def rows_of(b: Bench, match_id: int) -> dict[int, MatchPlayer]:
    return {r.seat: r for r in b.recorder.run(lambda s: s.scalars(
        select(MatchPlayer).where(MatchPlayer.match_id == match_id)).all())}


def board(b: Bench, game: str = "casino") -> list[dict[str, Any]]:
    return b.recorder.run(lambda s: standings_rows(s, game, None, 50))


def test_the_idle_account_played_by_its_away_bot_earns_nothing() -> None:
    async def go() -> None:
        b = Bench("casino", CASINO)
        b.viewer("Uyuyan")
        await b.begin("Uyuyan")  # seat 1 is a bot's
        match_id = await play_out(b, acting=set())
        autos = b.recorder.run(lambda s: s.scalars(select(ActionRow.auto).where(
            ActionRow.match_id == match_id)).all())
        assert autos and all(autos)  # every move was made for someone
        rows = rows_of(b, match_id)
        assert rows[0].user_id == b.users["Uyuyan"].id and not rows[0].counted
        assert not rows[1].counted and rows[1].user_id is None  # the bot's seat
        assert board(b) == []  # no standings from it, win or loss
        prof = b.recorder.run(lambda s: standings_rows(s, None, b.users["Uyuyan"].id, 50))
        assert prof == []

    run(go())


def test_a_person_who_plays_their_own_moves_counts_and_bots_are_on_no_board() -> None:
    async def go() -> None:
        b = Bench("casino", CASINO)
        b.viewer("Oyuncu")
        await b.begin("Oyuncu")
        match_id = await play_out(b, acting={"Oyuncu"})
        own = b.recorder.run(lambda s: s.execute(select(ActionRow.action, ActionRow.auto)
                                                 .where(ActionRow.match_id == match_id))
                             .all())
        assert {bool(auto) for a, auto in own if a["seat"] == 0} == {False}
        assert {bool(auto) for a, auto in own if a["seat"] == 1} == {True}
        rows = rows_of(b, match_id)
        assert rows[0].counted and not rows[0].left
        rows_board = board(b)
        assert [r["user"]["name"] for r in rows_board] == ["Oyuncu"]  # never the bot
        assert rows_board[0]["matches"] == 1
        # a table with a bot is not rated
        assert b.recorder.run(lambda s: s.scalars(select(Rating)).all()) == []

    run(go())


def test_the_leaver_is_a_counted_loss_shown_as_left() -> None:
    async def go() -> None:
        b = Bench("casino", CASINO)
        kacan, kalan = b.viewer("Kaçan"), b.viewer("Kalan")
        await b.begin("Kaçan", "Kalan")
        assert (await b.send(kacan, "leave") or {})["type"] == "ok"
        match_id = await play_out(b, acting={"Kalan"})
        rows = rows_of(b, match_id)
        assert rows[0].left and rows[0].counted and rows[0].result == "loss"
        assert rows[1].counted and not rows[1].left  # won or lost by the cards
        from kahvehane.store.standings import history
        shown = b.recorder.run(lambda s: history(s, kacan.user.id, 10, None))  # type: ignore[union-attr]
        assert shown[0]["left"] is True and shown[0]["result"] == "loss"
        names = {r["user"]["name"]: r for r in board(b)}
        assert names["Kaçan"]["wins"] == 0 and names["Kaçan"]["matches"] == 1
        # rated once, between people: the stayer above the leaver
        ratings = {r.user_id: r for r in b.recorder.run(
            lambda s: s.scalars(select(Rating)).all())}
        assert set(ratings) == {kacan.user.id, kalan.user.id}  # type: ignore[union-attr]
        assert all(r.matches == 1 and r.last_match == match_id for r in ratings.values())
        assert ratings[kalan.user.id].mu > 25 > ratings[kacan.user.id].mu  # type: ignore[union-attr]
        top = b.recorder.run(lambda s: rating_rows(s, "casino", 10, None, 10))
        assert [r["user"]["name"] for r in top] == ["Kalan", "Kaçan"]
        assert top[0]["provisional"] and top[0]["matches"] == 1
        # the profile: the leaver's line in casino, with its level and rating
        from kahvehane.store.standings import with_levels_and_ratings
        uid = kacan.user.id  # type: ignore[union-attr]
        prof = b.recorder.run(lambda s: with_levels_and_ratings(
            s, standings_rows(s, None, uid, 10), None, 10))
        assert [(p["game"], p["matches"], p["wins"]) for p in prof] == [("casino", 1, 0)]
        assert prof[0]["user"]["level"] == 1 and prof[0]["rating"]["rating"] < 1000

    run(go())


def test_ratings_move_once_per_counted_match_and_not_for_an_uncounted_one() -> None:
    async def go() -> None:
        b = Bench("casino", CASINO)
        a, c = b.viewer("Aslı"), b.viewer("Cem")
        await b.begin("Aslı", "Cem")
        first = await play_out(b, acting={"Aslı", "Cem"})
        before = {r.user_id: (r.mu, r.sigma, r.matches) for r in b.recorder.run(
            lambda s: s.scalars(select(Rating)).all())}
        assert {m for _, _, m in before.values()} == {1}
        assert all(r.counted for r in rows_of(b, first).values())
        # a rematch where Cem sleeps: Cem's match does not count, so nobody is rated
        for v in (a, c):
            assert (await b.send(v, "rematch") or {})["type"] == "ok"
        await b.advance(b.settings.countdown + 1)
        assert b.table.session is not None
        second = await play_out(b, acting={"Aslı"})
        rows = rows_of(b, second)
        assert rows[0].counted and not rows[1].counted
        after = {r.user_id: (r.mu, r.sigma, r.matches) for r in b.recorder.run(
            lambda s: s.scalars(select(Rating)).all())}
        assert after == before

    run(go())


def test_a_level_comes_from_counted_matches_only() -> None:
    async def go() -> None:
        from kahvehane.store.models import MatchPlayer as MP
        from kahvehane.store.ratings import levels

        b = Bench("casino", CASINO)
        b.viewer("Seviye")
        await b.begin("Seviye")
        match_id = await play_out(b, acting={"Seviye"})
        uid = b.users["Seviye"].id
        row = rows_of(b, match_id)[0]
        assert b.recorder.run(lambda s: levels(s, [uid])) == {uid: 1}

        def copies(s: Any, counted: bool, first: int) -> None:  # four more, as if played
            s.add_all([MP(match_id=match_id, game="casino", seat=seat, user_id=uid,
                          name="Seviye", result="win", total=0, points_x12=0, chips_net=0,
                          finished_at=row.finished_at, counted=counted)
                       for seat in range(first, first + 4)])

        b.recorder.run(lambda s: copies(s, False, 10))
        assert b.recorder.run(lambda s: levels(s, [uid])) == {uid: 1}  # uncounted: none
        b.recorder.run(lambda s: copies(s, True, 20))
        assert b.recorder.run(lambda s: levels(s, [uid])) == {uid: 2}  # 5 counted

    run(go())


def test_arranging_ones_rack_while_the_bot_moves_is_not_playing() -> None:
    """Okey's ``arrange`` is a free action (sent at any time, ending no turn): only the
    moves are decisions, so an account that arranges every turn and lets its clock run
    out, the away bot moving for it, still made none of its own."""
    from kahvehane.store.matches import action_row, decisions, start_match
    from kahvehane.store.models import ActionRow as AR

    b = Bench("duz_okey")
    uid = b.user("Dizen").id
    table_id = b.table.id
    match_id = b.recorder.run(lambda s: start_match(
        s, table_id, "duz_okey", {"deals": 3}, ["Dizen", "b", "c", "d"],
        [uid, None, None, None], [None, "random", "random", "random"], None).match_id)
    rows = []
    for i in range(0, 40, 2):
        rows.append(action_row(match_id, 0, i, {"seat": 0, "act": "arrange"}))
        rows.append(action_row(match_id, 0, i + 1, {"seat": 0, "act": "discard"}, True))
    rows.append(action_row(match_id, 0, 40, {"seat": 1, "act": "draw"}, True))
    b.recorder.run(lambda s: s.execute(AR.__table__.insert(), rows))
    assert b.recorder.run(lambda s: decisions(s, match_id, 4)) == [(0, 20), (0, 1), (0, 0),
                                                                     (0, 0)]


def test_the_series_of_a_tables_rematches() -> None:
    """Rematches at one table keep a running series: each person's matches won there
    (issue 30 item 8), bots not listed."""
    from kahvehane.store.standings import series

    async def go() -> None:
        b = Bench("casino", CASINO)
        a, c = b.viewer("Birinci"), b.viewer("İkinci")
        assert b.recorder.run(lambda s: series(s, b.table.id)) == {
            "table": b.table.id, "matches": 0, "people": []}
        await b.begin("Birinci", "İkinci")
        first = await play_out(b, acting={"Birinci", "İkinci"})
        for v in (a, c):
            assert (await b.send(v, "rematch") or {})["type"] == "ok"
        await b.advance(b.settings.countdown + 1)
        second = await play_out(b, acting={"Birinci", "İkinci"})
        wins: dict[str, int] = {"Birinci": 0, "İkinci": 0}
        for m in (first, second):
            for r in rows_of(b, m).values():
                wins[r.name] += r.result == "win"
        got = b.recorder.run(lambda s: series(s, b.table.id))
        assert got is not None and got["matches"] == 2
        assert {p["user"]["name"]: (p["wins"], p["matches"]) for p in got["people"]} == {
            n: (w, 2) for n, w in wins.items()}
        assert [p["wins"] for p in got["people"]] == sorted(wins.values(), reverse=True)
        assert b.recorder.run(lambda s: series(s, "yok")) is None

    run(go())


def test_an_idle_101_player_is_played_by_the_101_bot_to_the_end() -> None:
    """101 Okey at a salon table (listed since issue 31): a person who never moves is
    played by the game's own bot (an away seat's fallback), whole deals through."""
    async def go() -> None:
        b = Bench("okey_101", {"deals": 3})
        b.viewer("Uyuyan")
        await b.begin("Uyuyan")
        match_id = await play_out(b, acting=set())
        autos = b.recorder.run(lambda s: s.scalars(select(ActionRow.auto).where(
            ActionRow.match_id == match_id)).all())
        assert autos and all(autos)  # every move was made for someone, theirs too
        assert not rows_of(b, match_id)[0].counted

    run(go())
