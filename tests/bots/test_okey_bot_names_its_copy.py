"""Issue 17: the Okey heuristic bot names the copy it throws (``at``), so a duplicate in a
per is never the one that leaves."""

from __future__ import annotations

import random

from kahvehane.bots.okey import OkeyHeuristicBot
from kahvehane.games import get_game
from kahvehane.games.okey.actions import Arrange, Discard
from kahvehane.games.okey.deal import OkeyDeal
from kahvehane.games.okey.fixed import fixed_setup
from kahvehane.games.okey.melds import unmatched_sum
from kahvehane.tiles import parse_tile, tile_names


def test_the_bot_throws_the_spare_copy_not_the_one_in_its_run() -> None:
    # K13 twice: one sits in the run K11 K12 K13, the other is the worst single tile
    hand = ["K11", "K12", "K13", "K13", "R1", "R2", "R3", "Y7", "B7", "K7", "B9", "B10", "B11",
            "B12", "Y5"]
    rules = get_game("kdv_okey")
    d = rules.new_deal(rules.parse_options({}), fixed_setup(starter=0, indicator="R5",
                                                              hands={0: hand}), [])
    assert isinstance(d, OkeyDeal)
    bot = OkeyHeuristicBot("kdv_okey", 0, random.Random(3))
    first = bot.choose(d.view(0), d.legal_actions(0))
    assert isinstance(first, Arrange)
    d.apply(first)
    second = bot.choose(d.view(0), d.legal_actions(0))
    assert isinstance(second, Discard) and second.tile == parse_tile("K13")
    assert second.at is not None
    b, i = second.at
    assert d.racks[0][b][i] == second.tile and len(d.racks[0][b]) == 1
    assert d.is_legal(second) and second not in d.legal_actions(0)  # the list has no `at`
    d.apply(second)
    # the 14 kept are laid out as their seri diz: the Ceza frozen is the lowest there is
    assert d.ceza_frozen[0] == unmatched_sum(d.racks[0], d.okey)
    assert ["K11", "K12", "K13"] in [tile_names(x) for x in d.racks[0]]
