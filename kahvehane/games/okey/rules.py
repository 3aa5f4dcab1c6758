"""Düz Okey and KDV Okey as games: options, the deal, the rotation and the match.

>>> from kahvehane.match import Match
>>> m = Match("duz_okey", {"deals": 3}, seed=7)
>>> deal = m.deal()
>>> deal.starter, [len(deal.hand(s)) for s in range(4)], deal.pile_left
(2, [14, 14, 15, 14], 48)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from kahvehane.games.base import JSON, DealResult, GameRules, HiddenPlaces, MatchSummary
from kahvehane.games.okey import sampling
from kahvehane.games.okey.deal import OkeyDeal
from kahvehane.games.okey.scoring import individual_winner, pairs_result, ranking_points
from kahvehane.games.okey.setup import deal_order, read_setup
from kahvehane.games.setup_checks import seat_field
from kahvehane.tiles import full_set


class OkeyRules(GameRules):
    """Rules around Okey deals; ``kdv`` selects the KDV (Banko) scoring."""

    deck_kind: ClassVar[str] = "tiles"

    def __init__(self, name: str, kdv: bool) -> None:
        self.name = name
        self.kdv = kdv

    def parse_options(self, raw: Mapping[str, Any] | None) -> JSON:
        """The spec's options (``deals`` one of the counts the ranking table defines,
        ``pairs`` a boolean, exact types): Okey has no check tying the two together."""
        return self.spec.parse_options(raw)

    def num_seats(self, options: JSON) -> int:
        return 4

    def canonical_deck(self) -> list[int]:
        return full_set()

    def setup_from_order(
        self, options: JSON, order: list[int], first_seat: int, history: Sequence[DealResult]
    ) -> JSON:
        return deal_order(order, first_seat)

    def setup_first_seat(self, setup: Mapping[str, Any]) -> int:
        return seat_field(setup, "starter", 4)

    def new_deal(
        self, options: JSON, setup: Mapping[str, Any], history: Sequence[DealResult]
    ) -> OkeyDeal:
        starter, indicator, hands, pile = read_setup(setup)
        return OkeyDeal(kdv=self.kdv, pairs=options["pairs"], starter=starter,
                        indicator=indicator, hands=hands, pile=pile)

    def next_first_seat(self, options: JSON, history: Sequence[DealResult]) -> int | None:
        """Rule 8: next seat in play order; a void deal is replayed by the same starter."""
        if not history:
            return None
        last = history[-1]
        return last.first_seat if last.end == "void" else (last.first_seat + 1) % 4

    def summary(self, options: JSON, history: Sequence[DealResult]) -> MatchSummary:
        counted = [r for r in history if r.end != "void"]
        totals = tuple(sum(r.scores[s] for r in counted) for s in range(4))
        n = options["deals"]
        if len(counted) < n:
            return MatchSummary(False, totals, None, {"ranking_points": None})
        if options["pairs"]:
            points, pair = pairs_result(totals, n)
            return MatchSummary(True, totals, pair, {"ranking_points": points})
        finishes = [sum(1 for r in counted if r.detail["finisher"] == s) for s in range(4)]
        rp = ranking_points(totals, finishes, n)
        return MatchSummary(
            True, totals, individual_winner(totals, finishes), {"ranking_points": rp}
        )

    def hidden_places(self, options: JSON, view: Mapping[str, Any]) -> HiddenPlaces:
        """The other racks, ``"rack:<s>"``, and the pile, ``"pile"``
        (:mod:`~kahvehane.games.okey.sampling`)."""
        return sampling.hidden_places(view)

    def deal_from_view(
        self, options: JSON, view: Mapping[str, Any], assignment: Mapping[str, Sequence[int]]
    ) -> OkeyDeal:
        return sampling.deal_from_view(options, view, assignment)


DUZ_OKEY = OkeyRules("duz_okey", kdv=False)
KDV_OKEY = OkeyRules("kdv_okey", kdv=True)
