"""Every Okey refusal has a message code and a text in both languages (issue 15 item 5):
the salon shows a Turkish player the Turkish text, from the code and its params."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from kahvehane.errors import CATALOGUE, LANGUAGES, ActionError, KahvehaneError
from kahvehane.games.base import Action
from kahvehane.games.okey import messages as msg
from kahvehane.games.okey.actions import (
    Arrange,
    Discard,
    Draw,
    Finish,
    ShowIndicator,
    parse_okey_action,
)
from kahvehane.games.okey.deal import OkeyDeal
from kahvehane.games.okey.fixed import fixed_setup
from kahvehane.games.okey.setup import read_setup
from kahvehane.games.okey.solver import best_arrangement, finish_multiplier
from kahvehane.games.okey.solver_core import solve_melds
from kahvehane.match import Match
from kahvehane.okey import InvalidRack, solve
from kahvehane.tiles import full_set, parse_tiles, tile_names
from kahvehane.tiles import parse_tile as t

from .helpers import MELDS_14, deal, greedy_action, snapshot


def _after_first_discard() -> OkeyDeal:
    d = deal(starter=0, indicator="K5", hands={0: ["R7"], 2: ["K5"]})
    d.apply(Discard(0, t("R7")))
    return d


def _over() -> OkeyDeal:
    d = deal(hands={0: [*MELDS_14, "Y13"]})
    d.apply(Finish(0, t("Y13")))
    return d


def _empty_pile() -> OkeyDeal:
    d = deal(starter=0)
    d.apply(Discard(0, d.hand(0)[0]))
    d.pile_pos = len(d.pile)  # as if the pile had run out before seat 1's draw
    return d


def _left_stack_gone() -> OkeyDeal:
    d = _after_first_discard()
    d.discards[0].clear()  # play never gets here (the left seat has just discarded)
    return d


def _drawn() -> OkeyDeal:
    d = _after_first_discard()
    d.apply(Draw(1, "pile"))
    return d


def _shown() -> OkeyDeal:
    d = deal(starter=0, indicator="K5", hands={0: ["K5"]})
    d.apply(ShowIndicator(0))
    return d


# (a state, the action it refuses, code, English, Turkish)
REFUSALS: list[tuple[Callable[[], OkeyDeal], Action, str, str, str]] = [
    (_over, Discard(1, t("R1")), "okey.deal_over",
     "the deal is over: no action follows its end (rule 29)",
     "el bitti: bittikten sonra hamle yapılamaz (kural 29)"),
    (_over, Arrange(1, ()), "okey.deal_over",
     "the deal is over: no action follows its end (rule 29)",
     "el bitti: bittikten sonra hamle yapılamaz (kural 29)"),
    (deal, Discard(2, t("R1")), "okey.not_your_turn",
     "it is seat 0's turn, not seat 2's (rule 9)",
     "sıra 0. koltukta, 2. koltukta değil (kural 9)"),
    (_drawn, Draw(1, "pile"), "okey.already_drawn",
     "seat 1 has already drawn this turn (or, as the starter, has no draw on the first"
     " turn): discard or finish now (rule 10)",
     "1. koltuk bu sırada zaten taş çekti (ya da oyunu başlatan olarak ilk sırasında taş"
     " çekmez): şimdi taş at ya da elini bitir (kural 10)"),
    (_after_first_discard, Discard(1, t("R1")), "okey.draw_first",
     "seat 1 must draw first (from the pile or the left) (rule 10)",
     "1. koltuk önce taş çekmeli (ortadan ya da soldan) (kural 10)"),
    (deal, Arrange(5, ()), "okey.no_such_seat", "seat 5 does not exist",
     "5. koltuk yok"),
    (deal, Discard(0, t("J")), "okey.not_held", "seat 0 does not hold J (rule 10)",
     "0. koltukta J yok (kural 10)"),
    (deal, Finish(0, t("J")), "okey.not_held", "seat 0 does not hold J (rule 16)",
     "0. koltukta J yok (kural 16)"),
    (deal, Discard(0, 99), "okey.not_held", "seat 0 does not hold 99 (rule 10)",
     "0. koltukta 99 yok (kural 10)"),
    (_empty_pile, Draw(1, "pile"), "okey.pile_empty", "the pile is empty (rule 10)",
     "ortada taş kalmadı (kural 10)"),
    (_after_first_discard, Draw(2, "left"), "okey.not_your_turn",
     "it is seat 1's turn, not seat 2's (rule 9)",
     "sıra 1. koltukta, 2. koltukta değil (kural 9)"),
    (_left_stack_gone, Draw(1, "left"), "okey.no_left_discard",
     "seat 0 (on the left) has no discard to take (rule 10)",
     "soldaki 0. koltuğun alınacak atılmış taşı yok (kural 10)"),
    (deal, Draw(0, "pile"), "okey.already_drawn",
     "seat 0 has already drawn this turn (or, as the starter, has no draw on the first"
     " turn): discard or finish now (rule 10)",
     "0. koltuk bu sırada zaten taş çekti (ya da oyunu başlatan olarak ilk sırasında taş"
     " çekmez): şimdi taş at ya da elini bitir (kural 10)"),
    (_after_first_discard, Draw(1, "middle"), "okey.bad_source",
     "'from' must be 'pile' or 'left', not 'middle'",
     "'from' 'pile' (orta) ya da 'left' (sol) olmalı, 'middle' değil"),
    (_shown, ShowIndicator(0), "okey.gosterge_shown",
     "the indicator has already been shown in this deal (rule 14)",
     "bu elde gösterge zaten yapıldı (kural 14)"),
    (_drawn, ShowIndicator(1), "okey.gosterge_first_turn",
     "the indicator can be shown only on your first turn, before drawing (rule 14)",
     "gösterge yalnızca ilk sıranda, taş çekmeden önce yapılabilir (kural 14)"),
    (_after_first_discard, ShowIndicator(1), "okey.gosterge_not_held",
     "seat 1 does not hold K5, the indicator tile (rule 14)",
     "1. koltukta gösterge taşı K5 yok (kural 14)"),
    (lambda: deal(hands={0: [*MELDS_14[:-1], "Y13", "B1"]}), Finish(0, t("B1")),
     "okey.finish_invalid",
     "without B1 the other 14 tiles are neither runs and groups nor 7 pairs (rule 16)",
     "B1 olmadan kalan 14 taş ne perlere ne de 7 çifte ayrılıyor (kural 16)"),
    (lambda: deal(hands={1: ["R1", "R2"]}), Arrange(1, ((t("R1"), t("R1")),)),
     "okey.arrange_extra_missing",
     "the arrangement must hold exactly the tiles on the rack: it lays out tiles seat 1"
     " does not hold: R1; it leaves out ",
     "diziliş ıstakadaki taşların tam kendisi olmalı: 1. koltuğun elinde olmayan taşlar"
     " diziliyor: R1; "),
    (lambda: deal(hands={1: ["R1", "R2"]}), Arrange(1, ((t("R1"),),)),
     "okey.arrange_missing",
     "the arrangement must hold exactly the tiles on the rack: it leaves out R2 ",
     "diziliş ıstakadaki taşların tam kendisi olmalı: R2 "),
    (deal, Action(0), "okey.not_an_action", "not an Okey action: Action(seat=0)",
     "bu bir Okey hamlesi değil: Action(seat=0)"),
]


@pytest.mark.parametrize(("make", "action", "code", "en", "tr"), REFUSALS)
def test_each_refusal_has_its_code_and_both_texts(
    make: Callable[[], OkeyDeal], action: Action, code: str, en: str, tr: str
) -> None:
    d = make()
    before = snapshot(d)
    with pytest.raises(ActionError) as info:
        d.apply(action)
    exc = info.value
    assert exc.code == code
    assert str(exc).startswith(en) and exc.render("tr").startswith(tr)
    assert exc.to_json()["code"] == code and exc.to_json()["message"] == str(exc)
    assert snapshot(d) == before


def test_an_arrange_that_adds_a_tile_names_it() -> None:
    d = deal(hands={1: ["R1", "R2"]})
    rack = [*((x,) for x in d.hand(1)), (t("K9"),)]
    with pytest.raises(ActionError) as info:
        d.apply(Arrange(1, tuple(rack)))
    assert info.value.code == "okey.arrange_extra"
    assert info.value.params == {"seat": 1, "extra": "K9"}
    assert info.value.render("tr").endswith("1. koltuğun elinde olmayan taşlar diziliyor: K9"
                                            " (kural 29)")


@pytest.mark.parametrize(
    ("obj", "code", "tr"),
    [
        ({"seat": 0, "act": "dance"}, "okey.unknown_act", "bilinmeyen Okey hamlesi 'dance'"),
        ({"seat": 0, "act": "draw", "from": "up"}, "okey.bad_source", "'from' 'pile' (orta)"),
        ({"seat": 0, "act": "arrange", "rack": ["R1"]}, "okey.bad_rack", "'rack' blokların"),
    ],
)
def test_a_malformed_record_action_says_so_in_both_languages(
    obj: dict[str, Any], code: str, tr: str
) -> None:
    with pytest.raises(ActionError) as info:
        parse_okey_action(obj)
    assert info.value.code == code and info.value.render("tr").startswith(tr)


def test_setup_refusals_have_codes() -> None:
    setup = fixed_setup()
    names = tile_names(full_set())
    with pytest.raises(KahvehaneError) as info:
        read_setup({**setup, "indicator": "J"})
    assert info.value.code == "okey.indicator_joker"
    assert info.value.render("tr") == "gösterge hiçbir zaman sahte okey (J) olamaz"
    with pytest.raises(KahvehaneError) as info:
        read_setup({**setup, "hands": setup["hands"][:3]})
    assert info.value.code == "okey.hands_four"
    for kwargs, code in [
        ({"hands": {0: ["R1", "R1", "R1"]}}, "okey.too_many_copies"),
        ({"hands": {4: ["R1"]}}, "okey.no_such_seat"),
        ({"indicator": "K13", "hands": {1: names[:15]}}, "okey.hand_too_big"),
        ({"indicator": "K13", "pile_top": names[:30], "pile_bottom": names[30:60]},
         "okey.tiles_do_not_fit"),
    ]:
        with pytest.raises(KahvehaneError) as info:
            fixed_setup(**kwargs)  # type: ignore[arg-type]
        assert info.value.code == code and info.value.render("tr") != str(info.value)


@pytest.mark.parametrize(
    ("call", "code"),
    [
        (lambda: solve("R1 R1 R1", "R5"), "okey.solver.tile_thrice"),
        (lambda: solve("R5 R5", "R5"), "okey.solver.indicator_twice"),
        (lambda: solve("R1", "J"), "okey.solver.indicator_joker"),
        (lambda: solve(["R1"] * 16, "K1"), "okey.solver.rack_too_big"),
        (lambda: solve(["R1", 99], "K1"), "okey.solver.not_a_tile"),
        (lambda: best_arrangement([1, 2], 60), "okey.solver.bad_okey"),
        (lambda: best_arrangement([1, 77], 2), "okey.solver.not_a_tile_code"),
        (lambda: solve_melds([5, 5, 5], 2, want_blocks=True), "okey.solver.code_thrice"),
        (lambda: solve_melds([2, 2, 2], 2, want_blocks=True), "okey.solver.okeys_thrice"),
        (lambda: finish_multiplier(parse_tiles(MELDS_14), 0, t("K5")),
         "okey.solver.finish_needs_15"),
        (lambda: finish_multiplier(parse_tiles([*MELDS_14, "Y13"]), t("B1"), t("K5")),
         "okey.solver.not_among"),
    ],
)
def test_the_solver_refuses_an_impossible_rack_with_a_code(
    call: Callable[[], object], code: str
) -> None:
    with pytest.raises(InvalidRack) as info:
        call()
    assert isinstance(info.value, ValueError)  # callers catching ValueError still do
    assert info.value.code == code
    assert info.value.render("tr") != str(info.value)


def test_every_okey_message_is_written_in_both_languages() -> None:
    okey = {code: m for code, m in CATALOGUE.items() if code.startswith("okey.")}
    assert len(okey) >= 35
    for code, m in okey.items():
        texts = m.to_json()
        assert set(texts) == set(LANGUAGES)
        assert texts["en"] and texts["tr"] and texts["en"] != texts["tr"], code
    module_messages = [v for v in vars(msg).values() if isinstance(v, type(msg.NOT_HELD))]
    assert {m.code for m in module_messages} <= set(okey)


def test_random_illegal_actions_are_refused_with_an_okey_code() -> None:
    """Whatever illegal action random play throws at the engine, its refusal has an okey
    code, both texts, and changes nothing."""
    rng = random.Random(15)
    seen: set[str] = set()
    for seed in range(4):
        m = Match("kdv_okey", {"deals": 3}, seed=seed)
        d = m.deal()
        assert isinstance(d, OkeyDeal)
        while not d.is_over:
            for _ in range(6):
                s = rng.randrange(4)
                action = rng.choice([ShowIndicator(s), Draw(s, rng.choice(["pile", "left"])),
                                     Discard(s, rng.randrange(53)),
                                     Finish(s, rng.randrange(53))])
                if d.is_legal(action):
                    continue
                before = snapshot(d)
                with pytest.raises(ActionError) as info:
                    d.apply(action)
                exc = info.value
                assert exc.code.startswith("okey.") and exc.code in CATALOGUE
                assert exc.render("tr") != str(exc)
                assert snapshot(d) == before
                seen.add(exc.code)
            m.apply(greedy_action(d, rng))
    assert {"okey.not_your_turn", "okey.not_held", "okey.draw_first",
            "okey.already_drawn"} <= seen
