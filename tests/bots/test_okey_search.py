"""The Okey search bot on hand-built positions, its memory of the table, and the score
table it plays for."""

from __future__ import annotations

import random

from kahvehane.bots import make_bot
from kahvehane.bots.okey_memory import OkeyMemory
from kahvehane.bots.okey_rollout import leaf_scores, relative, rollout
from kahvehane.games.base import Action
from kahvehane.games.okey.actions import LEFT, PILE, Arrange, Discard, Draw, Finish, ShowIndicator
from kahvehane.games.okey.deal import OkeyDeal
from kahvehane.games.okey.sampling import PILE as PILE_PLACE
from kahvehane.games.okey.sampling import rack_place
from kahvehane.tiles import parse_tile, parse_tiles
from tests.okey.helpers import MELDS_14, deal

SPEC = "search:iterations=6"  # no clock: the same choice on every machine


def _choose(bot_state: OkeyDeal, seat: int, spec: str = SPEC, seed: int = 1) -> Action:
    """The bot's move, answering its own arrange first (as the salon does)."""
    game = "kdv_okey" if bot_state.kdv else "duz_okey"
    options = {"deals": 3, "pairs": bot_state.pairs}
    bot = make_bot(game, spec, seat, random.Random(seed), options)
    for _ in range(2):
        action = bot.choose(bot_state.view(seat), bot_state.legal_actions(seat))
        if not isinstance(action, Arrange):
            return action
        bot_state.apply(action)
    raise AssertionError("the bot arranged twice in a row")


def test_it_finishes_with_the_okey_for_double() -> None:
    # indicator K5, okey K6: the 14 melds and the okey; every tile of a 4-run finishes
    # plain, the okey on the indicator pays ×2
    for kdv in (False, True):
        d = deal(kdv=kdv, starter=0, indicator="K5", hands={0: [*MELDS_14, "K6"]})
        options = d.finishing_tiles(0)
        assert options[parse_tile("K6")] == 2 and 1 in options.values()
        action = _choose(d, 0)
        assert action == Finish(0, parse_tile("K6"))


def _waiting_for_r11(kdv: bool) -> OkeyDeal:
    """Seat 1 needs R11 for R9-R10-R11 and a finish (K13 on the indicator); seat 0
    throws an R11 on its first turn; the pile's top is K7, no help."""
    hand1 = ["R1", "R2", "R3", "R4", "Y6", "Y7", "Y8", "Y9", "B10", "B11", "B12", "R9",
             "R10", "K13"]
    d = deal(kdv=kdv, starter=0, indicator="B1", hands={0: ["R11"], 1: hand1},
             pile_top=["K7"])
    d.apply(Discard(0, parse_tile("R11")))
    return d


def test_it_takes_the_left_discard_that_finishes() -> None:
    for kdv in (False, True):
        d = _waiting_for_r11(kdv)
        assert d.legal_actions(1) == [Draw(1, PILE), Draw(1, LEFT)]
        action = _choose(d, 1)
        assert action == Draw(1, LEFT)
        d.apply(action)
        finish = _choose(d, 1)
        assert finish == Finish(1, parse_tile("K13"))


def test_it_shows_the_indicator() -> None:
    d = deal(kdv=True, starter=0, indicator="R2", hands={0: ["R2"]})
    assert _choose(d, 0) == ShowIndicator(0)


def test_it_remembers_what_the_right_neighbour_took() -> None:
    d = _waiting_for_r11(kdv=False)  # seat 0 threw R11 from this view
    memory = OkeyMemory(0)
    before = deal(kdv=False, starter=0, indicator="B1", hands={0: ["R11"]},
                  pile_top=["K7"]).view(0)
    memory.observe(before)
    memory.discarding(before, parse_tile("R11"))
    d.apply(Draw(1, LEFT))
    d.apply(Discard(1, parse_tile("R1")))
    for s in (2, 3):
        d.apply(Draw(s, PILE))
        d.apply(d.legal_actions(s)[0])
    view = d.view(0)
    memory.observe(view)
    assert memory.taken[1][parse_tile("R11")] == 1
    rng = random.Random(4)
    r11 = parse_tile("R11")
    for _ in range(20):
        dealt = memory.assignment(view, {"deals": 3}, rng)
        assert r11 in dealt[rack_place(1)]
        assert memory.sample(view, {"deals": 3}, rng).view(0) == view


def test_it_remembers_a_tile_the_neighbour_passed() -> None:
    d = deal(kdv=False, starter=0, indicator="B1", hands={0: ["R11"]}, pile_top=["K7"])
    memory = OkeyMemory(0)
    memory.observe(d.view(0))
    memory.discarding(d.view(0), parse_tile("R11"))
    d.apply(Discard(0, parse_tile("R11")))
    d.apply(Draw(1, PILE))
    d.apply(d.legal_actions(1)[0])
    memory.observe(d.view(0))
    assert memory.passed[1] == [parse_tile("R11")]
    assert not memory.taken[1]


def test_a_shown_indicator_copy_stays_in_the_showers_rack() -> None:
    d = deal(kdv=True, starter=1, indicator="R2", hands={1: ["R2"]})
    d.apply(ShowIndicator(1))
    copy = parse_tile("R2")
    d.apply(next(a for a in d.legal_actions(1) if isinstance(a, Discard) and a.tile != copy))
    view = d.view(0)
    memory = OkeyMemory(0)
    memory.observe(view)
    rng = random.Random(2)
    for _ in range(30):
        dealt = memory.assignment(view, {"deals": 3}, rng)
        assert copy in dealt[rack_place(1)]
        assert copy not in dealt[PILE_PLACE]


def test_the_score_table_it_plays_for() -> None:
    # lowest tally wins: the opponents' mean minus one's own (one's side's in pairs)
    assert relative([-100, 10, 20, 30], 0, pairs=False) == 120
    assert relative([-100, 10, -100, 30], 0, pairs=True) == 120
    assert relative([-100, 10, 20, 30], 1, pairs=False) < 0
    # a finished deal is scored by the rules: KDV, okey ×2
    d = deal(kdv=True, starter=0, indicator="K5", hands={0: [*MELDS_14, "K6"]})
    d.apply(Finish(0, parse_tile("K6")))
    result = d.result()
    assert result is not None
    assert leaf_scores(d) == [float(x) for x in result.scores]
    assert leaf_scores(d)[0] == -50 * 2 * 2  # B = 50k with k = 2 (black), ×2
    # unfinished: the rack closest to a finish expects the best score
    scattered = ["R5", "R9", "R13", "Y1", "Y5", "Y11", "B2", "B6", "B13", "K8", "K12", "R7",
                 "Y3", "B4", "K10"]
    others = ["R6", "R10", "Y2", "Y6", "Y12", "B1", "B5", "B9", "K9", "K13", "R12", "Y4",
              "B8", "K11"]
    open_deal = deal(kdv=True, starter=0, indicator="K5",
                     hands={0: scattered, 1: MELDS_14, 2: scattered[:14], 3: others})
    scores = leaf_scores(open_deal)
    assert min(range(4), key=lambda s: scores[s]) == 1


def test_a_rollout_plays_legal_turns_on() -> None:
    d = deal(kdv=True, starter=2, indicator="Y9")
    start_left = d.pile_left
    rollout(d, 8)
    assert d.is_over or d.pile_left == start_left - 7  # the starter's turn has no draw
    assert all(len(d.hand(s)) in (14, 15) for s in range(4)) or d.is_over
    assert parse_tiles(["Y10"])[0] == d.okey
