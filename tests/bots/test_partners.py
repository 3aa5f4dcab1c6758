"""Partners play for the side (issue 35): the side's score is the objective, and the
listed partner blunders are never made by the heuristic and search bots (a quick count
here; bench/bots.py --partners counts 10,000 positions a game)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from kahvehane.bots import make_bot
from kahvehane.bots.casino import CasinoHeuristicBot, partner_blunder, side_moves
from kahvehane.bots.okey_memory import OkeyMemory
from kahvehane.bots.okey_partner import feeds, known_holdings, okey_blunder, side_discard
from kahvehane.bots.okey_rollout import relative
from kahvehane.bots.partners import CasinoChecker, checker, count_blunders
from kahvehane.bots.search import reward_casino
from kahvehane.cards import parse_card
from kahvehane.games.casino.actions import BuildAction, CaptureAction, TrailAction
from kahvehane.games.casino.builds import Build
from kahvehane.games.okey.actions import Discard, Draw, Finish
from kahvehane.match import Match
from kahvehane.tiles import parse_tile, parse_tiles

# many positions or searches: the full run's, not the quick tier's (make quick)
pytestmark = pytest.mark.slow

PARTNER_GAMES = [("duz_okey", {"pairs": True}), ("kdv_okey", {"pairs": True}),
                 ("casino", {"players": 4, "partners": True}),
                 ("royal_casino", {"players": 4, "partners": True})]


# ---------------------------------------------------------------------------- objective
def test_okey_search_scores_the_side() -> None:
    # lowest tally wins: seat 0 and its partner 2 against 1 and 3
    assert relative([10, 0, -4, 6], 0, True) == pytest.approx((0 + 6) / 2 - (10 - 4) / 2)
    assert relative([10, 0, -4, 6], 2, True) == relative([10, 0, -4, 6], 0, True)
    assert relative([10, 0, -4, 6], 0, False) == pytest.approx((0 - 4 + 6) / 3 - 10)


def test_casino_search_rewards_the_side() -> None:
    m = Match("casino", {"players": 4, "partners": True}, seed=3)
    root = m.deal()
    bots = [make_bot("casino", "heuristic", s, random.Random(s), m.options) for s in range(4)]
    state = root.copy()
    for _ in range(12):
        s = state.to_act[0]
        state.apply(bots[s].choose(state.view(s), state.legal_actions(s)))
    r = reward_casino(state, root)
    assert r[0] == pytest.approx(r[2]) and r[1] == pytest.approx(r[3])
    assert r[0] == pytest.approx(-r[1])


# ---------------------------------------------------------------------------- Okey
def _okey_view(rack: str, discards: list[list[str]], gosterge: int | None = None
               ) -> dict[str, object]:
    return {"game": "duz_okey", "seat": 0, "okey": "Y2", "indicator": "Y1",
            "rack": [[t] for t in rack.split()], "discards": discards, "gosterge": gosterge,
            "over": False, "starter": 0, "pile_left": 30, "turn": 0, "phase": "discard"}


def test_what_the_right_opponent_is_known_to_hold() -> None:
    memory = OkeyMemory(0)
    memory.taken = {1: Counter(parse_tiles(["R7", "B3"]))}
    view = _okey_view("R1", [[], ["B3"], [], []], gosterge=1)
    # R7 it took; B3 it took but has thrown since; Y1 is the indicator it showed
    assert known_holdings(view, memory) == Counter(parse_tiles(["R7", "Y1"]))
    okey = parse_tile("Y2")
    held = Counter(parse_tiles(["R7"]))
    assert feeds(parse_tile("R9"), held, okey) and feeds(parse_tile("K7"), held, okey)
    assert not feeds(parse_tile("R10"), held, okey) and not feeds(parse_tile("R7"), held, okey)


def test_the_okey_partner_blunders_are_named() -> None:
    memory = OkeyMemory(0)
    memory.taken = {1: Counter(parse_tiles(["R7"]))}
    view = _okey_view("R8 K13 B1 B1 Y2", [[], [], [], []])
    okey_discard = Discard(0, parse_tile("Y2"))
    legal = [Discard(0, t) for t in parse_tiles(["R8", "K13", "B1", "Y2"])]
    assert okey_blunder(view, legal, okey_discard, memory) == "okey_to_opponent"
    # R8 sits next to R7, which the right opponent took; K13 is as loose and safe
    assert okey_blunder(view, legal, Discard(0, parse_tile("R8")), memory) == "feeds_next"
    assert okey_blunder(view, legal, Discard(0, parse_tile("K13")), memory) is None
    assert side_discard(view, parse_tiles(["R8", "K13", "B1", "B1", "Y2"]),
                        parse_tile("R8"), memory) == parse_tile("K13")
    finish = Finish(0, parse_tile("K13"))
    assert okey_blunder(view, [*legal, finish], Discard(0, parse_tile("K13")),
                        memory) == "passes_up_finish"
    assert okey_blunder(view, [Draw(0, "pile")], Draw(0, "pile"), memory) is None


# ---------------------------------------------------------------------------- Casino
def _c(names: str) -> tuple[int, ...]:
    return tuple(parse_card(n) for n in names.split())


def test_the_casino_partner_blunders_are_named() -> None:
    builds = [Build(9, "single", 2, _c("4C 5D"))]  # seat 2, the partner of 0, owns a 9
    raise_it = BuildAction(0, parse_card("2H"), (_c("4C 5D 2H"),), 11)
    add_to_it = BuildAction(0, parse_card("9H"), (_c("4C 5D"), _c("9H")), 9)
    take_it = CaptureAction(0, parse_card("9S"), (_c("4C 5D"),))
    take_other = CaptureAction(0, parse_card("3S"), (_c("3D"),))
    trail = TrailAction(0, parse_card("2H"))
    legal = [raise_it, add_to_it, take_it, take_other, trail]
    assert partner_blunder(raise_it, legal, builds, 2) == "raises_partner_build"
    assert partner_blunder(take_it, legal, builds, 2) == "takes_partner_build"
    assert partner_blunder(add_to_it, legal, builds, 2) is None  # freezing protects it
    assert partner_blunder(trail, legal, builds, 2) is None
    assert partner_blunder(raise_it, legal, builds, None) is None  # no partners
    # forced: no capture leaves it alone, so taking it is no blunder
    assert partner_blunder(take_it, [take_it, trail], builds, 2) is None
    assert side_moves(legal, builds, 2) == [add_to_it, take_other, trail]
    # an opponent's build may be raised and taken: that is the game
    theirs = [Build(9, "single", 1, _c("4C 5D"))]
    assert partner_blunder(raise_it, legal, theirs, 2) is None


def test_a_bot_blind_to_its_partner_would_blunder_where_the_side_bots_do_not() -> None:
    """Seeded partner positions with a blunder on offer: a heuristic that ignores the
    partnership makes some; the side's heuristic and search make none."""
    game, options = "casino", {"players": 4, "partners": True}
    m = Match(game, options, seed=0)
    found = blind = 0
    for k in range(60):
        m = Match(game, options, seed=k)
        state = m.deal()
        bots = [make_bot(game, "heuristic", s, random.Random(s), m.options) for s in range(4)]
        while not state.is_over:
            seat = state.to_act[0]
            view = state.view(seat)
            legal = state.legal_actions(seat)
            check = CasinoChecker(seat, m.options)
            if check.chance(view, legal):
                found += 1
                naive = CasinoHeuristicBot(game, seat, random.Random(1), {})
                blind += check.blunder(view, legal, naive.choose(view, legal)) is not None
                for spec in ("heuristic", "search:iterations=3"):
                    bot = make_bot(game, spec, seat, random.Random(2), m.options)
                    assert check.blunder(view, legal, bot.choose(view, legal)) is None
            state.apply(bots[seat].choose(view, legal))
        if found >= 12 and blind:
            break
    assert found >= 5 and blind >= 1


@pytest.mark.parametrize(("game", "options"), PARTNER_GAMES)
def test_no_partner_blunders_in_seeded_positions(game: str, options: dict[str, object]
                                                 ) -> None:
    for bot, n in (("heuristic", 200), ("search:iterations=2", 40)):
        report = count_blunders(game, options, bot, positions=n, seed="quick")
        assert report.positions == n
        assert not report.blunders, (report.line(), report.examples)


def test_the_okey_checker_catches_a_careless_partner() -> None:
    report = count_blunders("duz_okey", {"pairs": True}, "random", positions=200, seed=4)
    assert report.chances > 0
    assert report.blunders["feeds_next"] + report.blunders["okey_to_opponent"] > 0
    assert checker("kdv_okey", 1, {"pairs": True}).chance(
        _okey_view("R1 Y2", [[], [], [], []]), [Discard(0, parse_tile("R1"))])
    with pytest.raises(ValueError):
        count_blunders("duz_okey", {}, "heuristic", positions=1)
