"""Every refusal of the trick games is said from a Message: a code of the game or of the
trick core, its params, and a text in both languages — and the English text is what it
always was (a few are pinned here; the lockstep tests compare the rest between the
compiled and the pure-Python paths)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from kahvehane.cards import parse_card
from kahvehane.errors import CATALOGUE, ActionError, KahvehaneError
from kahvehane.games.balayi_kingi import BALAYI_KINGI, BalayiKingiDeal, ChooseContract
from kahvehane.games.balayi_kingi import fixed_setup as balayi_setup
from kahvehane.games.koz_maca import DUTIES, KOZ_MACA, Bid, Play
from kahvehane.games.koz_maca import fixed_setup as koz_maca_setup
from kahvehane.games.tricks import explain_illegal, mask_of
from tests.tricks.positions import KINDS, candidates, positions

OWN = ("tricks.", "koz_maca.", "balayi_kingi.")


def check_said_in_both_languages(exc: KahvehaneError) -> None:
    assert exc.code.startswith(OWN), exc.code
    assert CATALOGUE[exc.code] == exc.message  # a reloaded module makes equal copies
    turkish = exc.render("tr")
    assert turkish and "{" not in turkish and turkish != str(exc)
    assert exc.to_json()["code"] == exc.code
    assert str(exc) == (f"{exc.reason} ({exc.rule})" if isinstance(exc, ActionError)
                        and exc.rule else exc.reason)


def refusals(kind: str, seed: int) -> set[str]:
    """The codes of every refusal met trying every candidate action on the positions of
    one random deal (checked as they come)."""
    seen: set[str] = set()
    rng = random.Random(seed)
    for state in positions(kind, rng, every=2):
        for action in candidates(state):
            try:
                state.copy().apply(action)
            except ActionError as exc:
                check_said_in_both_languages(exc)
                seen.add(exc.code)
    return seen


@pytest.mark.parametrize("kind", KINDS)
def test_every_refusal_of_play_has_a_code_and_both_languages(kind: str) -> None:
    seen = set().union(*(refusals(kind, seed) for seed in range(4)))
    common = {"tricks.not_your_turn", "tricks.not_a_card", "tricks.not_an_action",
              "tricks.deal_over", "tricks.not_following"}
    if kind.startswith("koz_maca"):
        want = common | {"koz_maca.bidding_over", "koz_maca.deal_over",
                         "koz_maca.not_your_bid", "koz_maca.bad_bid", "koz_maca.not_bid_yet",
                         "koz_maca.not_held", "tricks.lead_unbroken", "tricks.not_raising",
                         "tricks.not_trumping"}
    else:
        want = common | {"balayi_kingi.contract_chosen", "balayi_kingi.not_chooser",
                         "balayi_kingi.not_a_contract", "balayi_kingi.no_contract_yet",
                         "balayi_kingi.not_accessible"}
    assert want <= seen, sorted(want - seen)


@pytest.mark.parametrize(("hand", "trick", "broken", "card", "code"), [
    (["AS", "2H"], [], False, "AS", "tricks.lead_unbroken"),
    (["9H", "AC"], ["5H"], True, "AC", "tricks.not_following"),
    (["9H", "3H"], ["5H", "2S"], True, "3H", "tricks.not_raising"),
    (["2S", "AC"], ["4D"], False, "AC", "tricks.not_trumping"),
    (["5S", "KS"], ["4D", "9S"], True, "5S", "tricks.not_overtrumping"),
])
def test_every_broken_duty_has_a_code(hand: list[str], trick: list[str], broken: bool,
                                      card: str, code: str) -> None:
    why = explain_illegal(DUTIES, mask_of(map(parse_card, hand)), [*map(parse_card, trick)],
                          broken, parse_card(card))
    assert why is not None
    exc = why.error(2)
    check_said_in_both_languages(exc)
    assert exc.code == code and exc.reason == f"seat 2: {why.reason}"
    assert exc.render("tr").startswith("2. koltuk: ")


def test_a_contract_named_twice_has_a_code() -> None:
    setup = balayi_setup(dealer=0)
    deal = BALAYI_KINGI.new_deal({}, setup, [])
    assert isinstance(deal, BalayiKingiDeal)
    piles = [list(zip(deal.down[s], deal.up[s], strict=True)) for s in (0, 1)]
    again = BalayiKingiDeal(0, piles, [[*range(6)], [*range(6, 12)]], ((), ("H",)))
    with pytest.raises(ActionError) as info:
        again.apply(ChooseContract(1, "H"))
    check_said_in_both_languages(info.value)
    assert str(info.value) == ("seat 1 has already named H in this match: each contract is"
                               " named once (BK-4)")


@pytest.mark.parametrize(("obj", "text"), [
    ({"seat": 0, "act": "pass"}, "unknown act 'pass': Koz Maça actions are 'bid' and 'play'"),
    ({"seat": 1, "act": "contract", "contract": "Z"},
     "'Z' is not a contract: contracts are exactly C, D, H, S, NT"),
])
def test_a_bad_record_action_has_a_code(obj: dict[str, Any], text: str) -> None:
    rules = KOZ_MACA if obj["act"] == "pass" else BALAYI_KINGI
    options = rules.parse_options({})
    deal = rules.new_deal(options, rules.setup_from_order(options, list(range(52)), 0, []), [])
    with pytest.raises(KahvehaneError) as info:
        deal.parse_action(obj)
    check_said_in_both_languages(info.value)
    assert str(info.value) == text


def test_the_english_of_the_duties_is_unchanged() -> None:
    deal = KOZ_MACA.new_deal(KOZ_MACA.parse_options({}), koz_maca_setup(
        {0: ["5H"], 1: ["9H", "3H", "JH"]}, voids={1: "H"}, dealer=3), [])
    for _ in range(4):
        deal.apply(Bid(deal.turn, 1))
    deal.apply(Play(0, parse_card("5H")))
    with pytest.raises(ActionError) as info:
        deal.apply(Play(1, parse_card("3H")))  # under 5H, holding 9H and JH
    assert str(info.value) == ("seat 1: 3H does not beat 5H: a higher H card must be played"
                               " (legal: 9H JH) (KM-9)")
    assert info.value.render("tr") == ("1. koltuk: 3H, 5H kartını geçmiyor: daha yüksek bir"
                                       " H oynanmalı (oynanabilir: 9H JH) (KM-9)")
    assert info.value.params == {"seat": 1, "card": "3H", "suit": "H", "best": "5H",
                                 "legal": "9H JH"}


@pytest.mark.parametrize(("call", "code"), [
    (lambda: koz_maca_setup({0: ["AS"], 1: ["AS"]}), "koz_maca.fixed.twice"),
    (lambda: koz_maca_setup({0: [f"{r}H" for r in "A23456789"] + ["10H", "JH", "QH", "KH",
                                                                    "AS"]}),
     "koz_maca.fixed.too_many"),
    (lambda: koz_maca_setup({}, voids={s: "SHDC" for s in range(4)}), "koz_maca.fixed.no_room"),
    (lambda: balayi_setup(up={0: ["AS"]}, hands={1: ["AS"]}), "balayi_kingi.fixed.twice"),
    (lambda: balayi_setup(hands={0: ["AS", "2S", "3S", "4S", "5S", "6S", "7S"]}),
     "balayi_kingi.fixed.too_many"),
    (lambda: balayi_setup(no_suits={(k, s): "SHDC" for k in ("up", "down", "hand")
                                    for s in (0, 1)}), "balayi_kingi.fixed.no_room"),
])
def test_a_fixed_dealer_refuses_an_impossible_deal(call: Any, code: str) -> None:
    with pytest.raises(KahvehaneError) as info:
        call()
    check_said_in_both_languages(info.value)
    assert info.value.code == code


@pytest.mark.parametrize(("rules", "setup", "code"), [
    (KOZ_MACA, {"dealer": 0, "hands": 3}, "koz_maca.setup.hands"),
    (BALAYI_KINGI, {"dealer": 0, "piles": 3}, "balayi_kingi.setup.piles"),
    (BALAYI_KINGI, {"dealer": 0, "piles": [[], []]}, "balayi_kingi.setup.row"),
    (BALAYI_KINGI, {"dealer": 0, "piles": [[["AS", "2S"]] * 10] * 2, "hands": 5},
     "balayi_kingi.setup.hands"),
])
def test_a_setup_of_the_wrong_shape_has_a_code(rules: Any, setup: dict[str, Any],
                                               code: str) -> None:
    with pytest.raises(KahvehaneError) as info:
        rules.new_deal(rules.parse_options({}), setup, [])
    check_said_in_both_languages(info.value)
    assert info.value.code == code


@pytest.mark.parametrize(("rules", "raw", "code"), [
    (KOZ_MACA, {"finish_score": 2.0}, "options.not_integer"),
    (KOZ_MACA, {"finish_score": 0}, "options.out_of_range"),
    (KOZ_MACA, {"kasa_rule": "never"}, "options.bad_choice"),
    (BALAYI_KINGI, {"deals": 3}, "options.unknown"),
])
def test_options_are_parsed_by_the_spec(rules: Any, raw: dict[str, Any], code: str) -> None:
    with pytest.raises(KahvehaneError) as info:
        rules.parse_options(raw)
    assert info.value.code == code and info.value.render("tr") != str(info.value)
