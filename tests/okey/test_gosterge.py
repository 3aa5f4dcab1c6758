"""Rule 14 (gösterge) and its scores: Düz rule 24, KDV rule 28."""

from __future__ import annotations

import pytest

from kahvehane.errors import IllegalAction
from kahvehane.games.okey.actions import Discard, Draw, Finish, ShowIndicator

from .helpers import deal, snapshot


def test_starter_may_show_before_first_discard() -> None:
    d = deal(starter=0, indicator="K5", hands={0: ["K5"]})
    assert ShowIndicator(0) in d.legal_actions(0)
    d.apply(ShowIndicator(0))
    assert d.gosterge == 0
    assert ShowIndicator(0) not in d.legal_actions(0)
    assert "K5" in [t for b in d.view(0)["rack"] for t in b]  # the tile stays in the hand


def test_other_seat_may_show_on_first_turn_before_drawing_only() -> None:
    d = deal(starter=0, indicator="K5", hands={1: ["K5"]})
    d.apply(Discard(0, d.hand(0)[0]))
    assert ShowIndicator(1) in d.legal_actions(1)
    d.apply(Draw(1, "pile"))
    before = snapshot(d)
    with pytest.raises(IllegalAction, match="rule 14"):
        d.apply(ShowIndicator(1))
    assert snapshot(d) == before


def test_not_on_a_later_turn() -> None:
    d = deal(starter=1, indicator="K5", hands={0: ["K5"]})
    for seat in (1, 2, 3):
        if seat != 1:
            d.apply(Draw(seat, "pile"))
        d.apply(Discard(seat, d.hand(seat)[-1]))
    d.apply(Draw(0, "pile"))
    d.apply(Discard(0, d.hand(0)[-1]))
    for seat in (1, 2, 3):
        d.apply(Draw(seat, "pile"))
        d.apply(Discard(seat, d.hand(seat)[-1]))
    assert not d.can_show_indicator(0)
    with pytest.raises(IllegalAction, match="first turn"):
        d.apply(ShowIndicator(0))


def test_only_the_holder_can_show() -> None:
    d = deal(starter=0, indicator="K5", hands={2: ["K5"]})
    assert ShowIndicator(0) not in d.legal_actions(0)
    with pytest.raises(IllegalAction, match="does not hold K5"):
        d.apply(ShowIndicator(0))


def test_a_drawn_indicator_copy_cannot_be_shown() -> None:
    d = deal(starter=0, indicator="K5", pile_top=["K5"])
    d.apply(Discard(0, d.hand(0)[0]))
    d.apply(Draw(1, "pile"))
    assert not d.can_show_indicator(1)


def _play(indicator: str, kdv: bool, show: bool) -> tuple[int, ...]:
    """Seat 1 starts (maybe showing); seat 2 draws the pile top and finishes."""
    melds = ["R5", "R6", "R7", "R8", "Y7", "Y8", "Y9", "B10", "B11", "B12", "K9", "K10",
             "K11", "K12"]
    d = deal(kdv=kdv, starter=1, indicator=indicator,
             hands={1: [indicator], 2: melds}, pile_top=["Y13"])
    if show:
        d.apply(ShowIndicator(1))
    d.apply(Discard(1, d.hand(1)[-1]))
    d.apply(Draw(2, "pile"))
    d.apply(Finish(2, d.hand(2)[-1]))
    result = d.result()
    assert result is not None
    assert result.detail["gosterge"] == (1 if show else None)
    return result.scores


@pytest.mark.parametrize(("indicator", "duz", "kdv"),
                         [("B3", -1, -25), ("Y3", -1, -25), ("K3", -2, -50), ("R3", -2, -50)])
def test_gosterge_scores_only_the_shower(indicator: str, duz: int, kdv: int) -> None:
    for is_kdv, expected in ((False, duz), (True, kdv)):
        shown = _play(indicator, is_kdv, True)
        plain = _play(indicator, is_kdv, False)
        assert shown[1] - plain[1] == expected
        assert [shown[s] for s in (0, 2, 3)] == [plain[s] for s in (0, 2, 3)]
