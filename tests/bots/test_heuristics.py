"""What the heuristic bots are asked to do, one behaviour at a time."""

from __future__ import annotations

import random

from kahvehane.bots import make_bot
from kahvehane.bots.balayi_kingi import choose_contract
from kahvehane.bots.cardutil import names_mask
from kahvehane.bots.casino import CasinoHeuristicBot
from kahvehane.bots.koz_maca import choose_bid, choose_card
from kahvehane.bots.okey import OkeyHeuristicBot
from kahvehane.cards import parse_card as c
from kahvehane.cards import parse_cards
from kahvehane.games import get_game
from kahvehane.games.balayi_kingi import ChooseContract
from kahvehane.games.casino import CasinoDeal
from kahvehane.games.casino.actions import CaptureAction
from kahvehane.games.casino.builds import Build
from kahvehane.games.casino.values import CasinoVariant
from kahvehane.games.okey.actions import Arrange, Discard, Finish, ShowIndicator
from kahvehane.games.okey.fixed import fixed_setup
from kahvehane.games.okey.melds import unmatched_sum
from kahvehane.tiles import parse_tile


def _okey(game: str, hand: str, indicator: str = "B5"):  # type: ignore[no-untyped-def]
    rules = get_game(game)
    setup = fixed_setup(starter=0, indicator=indicator, hands={0: hand.split()})
    return rules.new_deal(rules.parse_options({}), setup, [])


def test_okey_shows_the_indicator_first() -> None:
    st = _okey("duz_okey", "B5 R1 R2 R3 Y7 B7 K7 K9 K10 K11 B4 B4 Y12 R9 R13")
    bot = OkeyHeuristicBot("duz_okey", 0, random.Random(1))
    assert isinstance(bot.choose(st.view(0), st.legal_actions(0)), ShowIndicator)


def test_okey_finishes_with_the_okey_when_it_pays() -> None:
    # okey B6: the melds are complete without it, so the B6 on the indicator (an okey
    # finish, x2) beats finishing with R1 and the okey standing in for it (x1)
    st = _okey("duz_okey", "R1 R2 R3 R4 Y7 B7 K7 R7 K9 K10 K11 R10 R11 R12 B6")
    legal = st.legal_actions(0)
    bot = OkeyHeuristicBot("duz_okey", 0, random.Random(1))
    choice = bot.choose(st.view(0), legal)
    assert isinstance(choice, Finish) and choice.tile == parse_tile("B6")


def test_okey_arranges_then_discards_the_least_useful_tile() -> None:
    st = _okey("kdv_okey", "R1 R2 R3 Y7 B7 K7 K9 K10 K11 B1 B2 B3 Y4 R13 R13", indicator="K2")
    bot = OkeyHeuristicBot("kdv_okey", 0, random.Random(1))
    first = bot.choose(st.view(0), st.legal_actions(0))
    assert isinstance(first, Arrange)
    st.apply(first)
    second = bot.choose(st.view(0), st.legal_actions(0))
    assert isinstance(second, Discard)
    assert second.tile in (parse_tile("Y4"), parse_tile("R13"))
    st.apply(second)
    # the Ceza frozen at the discard is the seri diz of the 14 kept
    assert st.ceza_frozen[0] == unmatched_sum(st.racks[0], st.okey)
    assert st.ceza_frozen[0] <= 17


def test_okey_takes_the_left_tile_when_it_helps() -> None:
    rules = get_game("duz_okey")
    hand1 = ["R1", "R2", "Y7", "B7", "K7", "K9", "K10", "K11", "B1", "B2", "B3", "Y12",
             "Y13", "R9"]
    setup = fixed_setup(starter=0, indicator="B5",
                        hands={0: ["R3", "K1", "K2", "K3", "K4", "Y1", "Y2", "Y3", "B9", "B10",
                                   "B11", "B12", "R5", "R6", "R7"],
                               1: hand1})
    st = rules.new_deal(rules.parse_options({}), setup, [])
    st.apply(Discard(0, parse_tile("R3")))  # R3 completes seat 1's R1 R2
    bot = make_bot("duz_okey", "heuristic", 1, random.Random(1))
    choice = bot.choose(st.view(1), st.legal_actions(1))
    assert choice.to_json()["from"] == "left"


def test_koz_maca_bids_from_strength() -> None:
    strong = names_mask(["AS", "KS", "QS", "JS", "10S", "9S", "AH", "KH", "AD", "KD", "AC",
                         "KC", "QC"])
    weak = names_mask(["2H", "3H", "4H", "5H", "6D", "7D", "8D", "2C", "3C", "4C", "5C", "6C",
                       "7C"])
    assert choose_bid(strong) >= 9
    assert choose_bid(weak) == 1


def test_koz_maca_wins_cheaply_and_ducks_when_made() -> None:
    legal = [c("QH"), c("KH"), c("AH")]
    unseen = names_mask(["2S"])
    # last to play, needing a trick: the cheapest winner over the JH
    assert choose_card(0, 0, legal, [c("5H"), c("9H"), c("JH")], 3, 1, unseen) == c("QH")
    # bid made: the highest card that still loses
    assert choose_card(0, 0, [c("3H"), c("8H"), c("KH")], [c("5H"), c("9H"), c("JH")], 2, 2,
                       unseen) == c("8H")


def test_balayi_picks_the_contract_of_its_visible_cards() -> None:
    legal = [ChooseContract(0, x) for x in ("C", "D", "H", "S", "NT")]
    assert choose_contract(legal, parse_cards(["AS", "KS", "QS", "9S", "3H"])).contract == "S"
    weak = parse_cards(["2H", "3D", "4C", "5H", "6D"])
    assert choose_contract(legal[0:1] + legal[4:], weak).contract == "C"  # lose little


def test_casino_captures_the_big_casino_and_protects_its_build() -> None:
    rs = CasinoVariant(players=2)
    st = CasinoDeal.from_position(rs, [parse_cards(["10H", "3C"]), parse_cards(["5S"])],
                                  loose=parse_cards(["10D", "4H"]), turn=0)
    bot = CasinoHeuristicBot("casino", 0, random.Random(1))
    choice = bot.choose(st.view(0), st.legal_actions(0))
    assert isinstance(choice, CaptureAction) and c("10D") in choice.sets[0]
    # owning a 7-build and holding 7 and 7: add the 7 (freeze the build) or take it
    build = Build(7, "single", 0, tuple(parse_cards(["3D", "4S"])))
    st = CasinoDeal.from_position(rs, [parse_cards(["7H", "7C"]), parse_cards(["5S"])],
                                  builds=[build], turn=0)
    choice = bot.choose(st.view(0), st.legal_actions(0))
    assert choice.to_json()["act"] in ("build", "capture")
