"""The match around Koz Maça deals (:class:`KozMacaRules`): options, dealing, the
rotation of the dealer and the finish (KM-4, KM-5, KM-13)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from kahvehane.games import setup_checks as sc
from kahvehane.games.base import JSON, DealResult, DealState, GameRules, HiddenPlaces, MatchSummary
from kahvehane.games.koz_maca import sampling
from kahvehane.games.koz_maca.constants import SEATS
from kahvehane.games.koz_maca.deal import KozMacaDeal
from kahvehane.games.koz_maca.scoring import match_claimant, match_status, totals
from kahvehane.games.koz_maca.setup import deal_order, read_setup

__all__ = ["KOZ_MACA", "KozMacaRules"]


class KozMacaRules(GameRules):
    """The match around Koz Maça deals: options, dealing, rotation, the finish (KM-13)."""

    name = "koz_maca"
    deck_kind = "cards"

    def parse_options(self, raw: Mapping[str, Any] | None) -> JSON:
        """``finish_score`` (positive integer, default 100) and ``kasa_rule``, as the
        game's spec types them (Koz Maça has no checks between options).

        >>> KOZ_MACA.parse_options({})
        {'finish_score': 100, 'kasa_rule': 'first_to_six'}
        """
        return self.spec.parse_options(raw)

    def num_seats(self, options: JSON) -> int:
        return SEATS

    def canonical_deck(self) -> list[int]:
        return list(range(52))

    def setup_from_order(
        self, options: JSON, order: list[int], first_seat: int, history: Sequence[DealResult]
    ) -> JSON:
        """Blocks of 13 from the shuffled order, starting with the seat after the dealer
        and ending with the dealer (docs/records.md, "Seeded deals")."""
        return deal_order(order, first_seat)

    def new_deal(
        self, options: JSON, setup: Mapping[str, Any], history: Sequence[DealResult]
    ) -> KozMacaDeal:
        dealer, masks = read_setup(setup)
        # KM-13: this deal is an extra deal if the totals so far tie for the top at >= F.
        extra = bool(history) and match_status(totals(history),
                                               options["finish_score"])[0] == "extra"
        return KozMacaDeal(dealer, masks, options["kasa_rule"],
                           not history or match_claimant(history) is None, extra)

    def setup_first_seat(self, setup: Mapping[str, Any]) -> int:
        return sc.seat_field(setup, "dealer", SEATS)

    def next_first_seat(self, options: JSON, history: Sequence[DealResult]) -> int | None:
        """The deal passes counter-clockwise, i.e. to the next seat (KM-5)."""
        if not history:
            return None
        return (history[-1].first_seat + 1) % SEATS

    def summary(self, options: JSON, history: Sequence[DealResult]) -> MatchSummary:
        scored = totals(history)
        status, winner = match_status(scored, options["finish_score"])
        return MatchSummary(
            complete=status == "won",
            totals=tuple(scored),
            winner=winner,
            extra={"kasa_claimant": match_claimant(history)},
        )

    def hidden_places(self, options: JSON, view: Mapping[str, Any]) -> HiddenPlaces:
        """The other seats' hands (``"hand:<seat>"``): see
        :func:`~kahvehane.games.koz_maca.sampling.hidden_places`."""
        return sampling.hidden_places(view)

    def deal_from_view(
        self, options: JSON, view: Mapping[str, Any], assignment: Mapping[str, Sequence[int]]
    ) -> DealState:
        """See :func:`~kahvehane.games.koz_maca.sampling.deal_from_view`."""
        return sampling.deal_from_view(view, assignment)


#: The Koz Maça rules object the registry serves (``get_game("koz_maca")``).
KOZ_MACA = KozMacaRules()
