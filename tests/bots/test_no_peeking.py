"""No bot can see a hidden card.

A bot is handed only ``view(seat)`` and the legal actions (the API has nothing else), and
its choice depends on nothing more: on two deal states that differ only in what this
seat cannot see — other hands, face-down cards, a locked hand, the stock, the pile —
every bot, given the same random generator, makes the same choice.
"""

from __future__ import annotations

import inspect
import random

import pytest

from kahvehane.bots import bot_kinds, make_bot
from kahvehane.bots.base import Bot
from kahvehane.bots.determinize import sampler
from kahvehane.bots.pimc_balayi import contract_sample
from kahvehane.games import get_game
from kahvehane.games.okey.fixed import fixed_setup
from tests.bots.helpers import CARD_GAMES, positions

# many positions or searches: the full run's, not the quick tier's (make quick)
pytestmark = pytest.mark.slow


def test_choose_takes_only_the_view_and_the_legal_actions() -> None:
    params = list(inspect.signature(Bot.choose).parameters)
    assert params == ["self", "view", "legal"]


def _spec(kind: str) -> str:
    return "search:iterations=12" if kind == "search" else kind  # no clock: repeatable


@pytest.mark.parametrize(("game", "options"), CARD_GAMES)
def test_card_bots_choose_the_same_on_other_hidden_cards(
    game: str, options: dict[str, object]
) -> None:
    rng = random.Random(11)
    compared = 0
    for m, state, seat in positions(game, options, seed=5, every=9):
        view = state.view(seat)
        if game == "balayi_kingi" and view["phase"] != "play":
            # the contract: another layout behind the chooser's five face-up cards
            other = contract_sample(view, seat, rng)
            assert other.view(seat) == view
        else:
            other = sampler(view, options).sample(rng)  # a different hidden deal
            assert other.view(seat) == view
        legal = state.legal_actions(seat)
        for kind in bot_kinds(game):
            a = make_bot(game, _spec(kind), seat, random.Random(99), m.options)
            b = make_bot(game, _spec(kind), seat, random.Random(99), m.options)
            first = a.choose(view, legal)
            assert b.choose(other.view(seat), other.legal_actions(seat)) == first
            compared += 1
    assert compared > 10


@pytest.mark.parametrize("game", ["duz_okey", "kdv_okey"])
def test_okey_bots_choose_the_same_on_other_hidden_tiles(game: str) -> None:
    rules = get_game(game)
    options = rules.parse_options({})
    hand = ["R1", "R2", "R3", "Y7", "B7", "K7", "K9", "K10", "K11", "B4", "B4", "Y12", "R9",
            "J", "R13"]
    a_setup = fixed_setup(starter=0, indicator="B5", hands={0: hand})
    # the same seat-0 rack, indicator and starter; other racks and the pile reversed
    b_setup = dict(a_setup)
    rest = [t for h in a_setup["hands"][1:] for t in h] + list(a_setup["pile"])
    rest.reverse()
    b_setup["hands"] = [a_setup["hands"][0], rest[:14], rest[14:28], rest[28:42]]
    b_setup["pile"] = rest[42:]
    sa = rules.new_deal(options, a_setup, [])
    sb = rules.new_deal(options, b_setup, [])
    assert sa.view(0) == sb.view(0)
    assert sa.view(1) != sb.view(1)
    for kind in bot_kinds(game):
        for _ in range(3):  # arrange, then discard: the same on both deals
            ba = make_bot(game, _spec(kind), 0, random.Random(5))
            bb = make_bot(game, _spec(kind), 0, random.Random(5))
            x = ba.choose(sa.view(0), sa.legal_actions(0))
            y = bb.choose(sb.view(0), sb.legal_actions(0))
            assert x == y
    # seat 1 after the same discard: the views of seat 1 differ, seat 0's do not matter
    bot = make_bot(game, "heuristic", 0, random.Random(5))
    act = bot.choose(sa.view(0), sa.legal_actions(0))
    sa.apply(act)
    sb.apply(act)
    assert sa.view(0) == sb.view(0)


@pytest.mark.parametrize(("game", "options"), [("duz_okey", {"deals": 3}),
                                               ("kdv_okey", {"deals": 3, "pairs": True})])
def test_okey_bots_choose_the_same_mid_deal(game: str, options: dict[str, object]) -> None:
    """Mid-deal positions of heuristic play: on a deal with the same view and other
    hidden tiles (other racks, another pile), every Okey bot — the search bot too,
    which deals its own samples — makes the same choice."""
    from kahvehane.bots.okey_memory import OkeyMemory

    rng = random.Random(3)
    compared = 0
    for m, state, seat in positions(game, options, seed=8, every=11):
        view = state.view(seat)
        other = OkeyMemory(seat).sample(view, m.options, rng)
        assert other.view(seat) == view
        assert other.hand((seat + 1) % 4) != state.hand((seat + 1) % 4)
        for kind in bot_kinds(game):
            a = make_bot(game, _spec(kind), seat, random.Random(99), m.options)
            b = make_bot(game, _spec(kind), seat, random.Random(99), m.options)
            assert a.choose(view, state.legal_actions(seat)) == b.choose(
                other.view(seat), other.legal_actions(seat))
            compared += 1
    assert compared > 10
