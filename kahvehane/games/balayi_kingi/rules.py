"""The match around Balayı Kingi deals (:class:`BalayiKingiRules`): 10 deals, the
dealer alternating (BK-2, BK-12)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from kahvehane.errors import MalformedSetup, Message
from kahvehane.games import setup_checks as sc
from kahvehane.games.balayi_kingi import sampling
from kahvehane.games.balayi_kingi.constants import DEALS, SEATS
from kahvehane.games.balayi_kingi.contracts import CONTRACTS
from kahvehane.games.balayi_kingi.deal import BalayiKingiDeal
from kahvehane.games.balayi_kingi.scoring import used_contracts
from kahvehane.games.balayi_kingi.setup import deal_order, read_setup
from kahvehane.games.base import JSON, DealResult, DealState, GameRules, HiddenPlaces, MatchSummary

__all__ = ["BALAYI_KINGI", "BalayiKingiRules"]

CONTRACTS_SPENT = Message(
    "balayi_kingi.setup.contracts_spent",
    "seat {seat} has named every contract already: a match is 10 deals",
    "{seat}. koltuk bütün kontratları zaten seçti: bir maç 10 dağıtımdır")


class BalayiKingiRules(GameRules):
    """The match around Balayı Kingi deals: 10 deals, alternating dealer (BK-2, BK-12)."""

    name = "balayi_kingi"
    deck_kind = "cards"

    def parse_options(self, raw: Mapping[str, Any] | None) -> JSON:
        """Balayı Kingi has no table options (its spec declares none).

        >>> BALAYI_KINGI.parse_options(None)
        {}
        """
        return self.spec.parse_options(raw)

    def num_seats(self, options: JSON) -> int:
        return SEATS

    def canonical_deck(self) -> list[int]:
        return list(range(52))

    def setup_from_order(
        self, options: JSON, order: list[int], first_seat: int, history: Sequence[DealResult]
    ) -> JSON:
        """Deal in the order of BK-3 (:func:`~kahvehane.games.balayi_kingi.setup.deal_order`)."""
        return deal_order(order, first_seat)

    def new_deal(
        self, options: JSON, setup: Mapping[str, Any], history: Sequence[DealResult]
    ) -> BalayiKingiDeal:
        dealer, (piles, hands) = read_setup(setup)
        used = used_contracts(history)
        if len(used[1 - dealer]) >= len(CONTRACTS):
            raise MalformedSetup(CONTRACTS_SPENT, seat=1 - dealer)
        return BalayiKingiDeal(dealer, piles, hands, used)

    def setup_first_seat(self, setup: Mapping[str, Any]) -> int:
        return sc.seat_field(setup, "dealer", SEATS)

    def next_first_seat(self, options: JSON, history: Sequence[DealResult]) -> int | None:
        """The dealer alternates every deal (BK-2)."""
        if not history:
            return None
        return 1 - history[-1].first_seat

    def summary(self, options: JSON, history: Sequence[DealResult]) -> MatchSummary:
        """After 10 deals the higher total wins; equal totals are a draw (BK-12)."""
        totals = [0, 0]
        for d in history:
            totals[0] += d.scores[0]
            totals[1] += d.scores[1]
        complete = len(history) >= DEALS
        winner: int | None = None
        if complete and totals[0] != totals[1]:
            winner = 0 if totals[0] > totals[1] else 1
        return MatchSummary(complete=complete, totals=tuple(totals), winner=winner)

    def hidden_places(self, options: JSON, view: Mapping[str, Any]) -> HiddenPlaces:
        """Face-down cards, hands the viewer cannot see, and before the contract the
        face-up cards not dealt yet: see
        :func:`~kahvehane.games.balayi_kingi.sampling.hidden_places`."""
        return sampling.hidden_places(view)

    def deal_from_view(
        self, options: JSON, view: Mapping[str, Any], assignment: Mapping[str, Sequence[int]]
    ) -> DealState:
        """See :func:`~kahvehane.games.balayi_kingi.sampling.deal_from_view`."""
        return sampling.deal_from_view(view, assignment)


#: The Balayı Kingi rules object the registry serves (``get_game("balayi_kingi")``).
BALAYI_KINGI = BalayiKingiRules()
