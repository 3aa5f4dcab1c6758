"""101 Okey as a game: options, the 22/21/20 deal, the rotation and the match
(docs/rules/okey_101.md 101-3 … 101-5, 101-35, 101-39).

>>> from kahvehane.match import Match
>>> deal = Match("okey_101", {"deals": 3}, seed=7).deal()
>>> sorted(len(deal.hand(s)) for s in range(4)), deal.pile_left
([21, 21, 21, 22], 20)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from kahvehane.errors import InvalidOptions, Message
from kahvehane.games.base import JSON, DealResult, GameRules, HiddenPlaces, MatchSummary
from kahvehane.games.okey.scoring import individual_winner, pairs_result, ranking_points
from kahvehane.games.okey.setup import deal_order, read_setup
from kahvehane.games.okey_101 import sampling
from kahvehane.games.okey_101.deal import Okey101Deal
from kahvehane.games.setup_checks import seat_field
from kahvehane.tiles import full_set

HAND_SIZES = (22, 21)
SETUP_SIZES = (22, 21, 20)

NEEDS_ANTE = Message("okey101.needs_ante",
                     "a table with the çanak needs canak_ante, a positive number of chips",
                     "çanaklı masa için canak_ante (pozitif bir çip sayısı) gerekli")


class Okey101Rules(GameRules):
    """Rules around 101 deals."""

    deck_kind: ClassVar[str] = "tiles"

    def __init__(self) -> None:
        self.name = "okey_101"

    def parse_options(self, raw: Mapping[str, Any] | None) -> JSON:
        """The spec's options; ``canak_ante`` is required with ``canak`` and ignored
        without it (101-3)."""
        options = self.spec.parse_options(raw)
        if options["canak"] and options["canak_ante"] is None:
            raise InvalidOptions(NEEDS_ANTE)
        return options

    def num_seats(self, options: JSON) -> int:
        return 4

    def canonical_deck(self) -> list[int]:
        return full_set()

    def setup_from_order(self, options: JSON, order: list[int], first_seat: int,
                         history: Sequence[DealResult]) -> JSON:
        return deal_order(order, first_seat, HAND_SIZES)

    def setup_first_seat(self, setup: Mapping[str, Any]) -> int:
        return seat_field(setup, "starter", 4)

    def new_deal(self, options: JSON, setup: Mapping[str, Any],
                 history: Sequence[DealResult]) -> Okey101Deal:
        starter, indicator, hands, pile = read_setup(setup, SETUP_SIZES)
        return Okey101Deal(options=options, starter=starter, indicator=indicator,
                           hands=hands, pile=pile, canak_before=pot_after(history))

    def next_first_seat(self, options: JSON, history: Sequence[DealResult]) -> int | None:
        """Rule 8 (101-1): the next seat; a void deal is replayed by the same starter."""
        if not history:
            return None
        last = history[-1]
        return last.first_seat if last.end == "void" else (last.first_seat + 1) % 4

    def summary(self, options: JSON, history: Sequence[DealResult]) -> MatchSummary:
        counted = [r for r in history if r.end != "void"]
        totals = tuple(sum(r.scores[s] for r in counted) for s in range(4))
        extra: JSON = {"ranking_points": None}
        if options["canak"]:
            extra["canak"] = pot_after(history)
            extra["canak_breaks"] = [_broke(r) for r in history]
        n = options["deals"]
        if len(counted) < n:
            return MatchSummary(False, totals, None, extra)
        if options["pairs"]:
            points, pair = pairs_result(totals, n)
            extra["ranking_points"] = points
            return MatchSummary(True, totals, pair, extra)
        finishes = [sum(1 for r in counted if r.detail["finisher"] == s) for s in range(4)]
        extra["ranking_points"] = ranking_points(totals, finishes, n)
        return MatchSummary(True, totals, individual_winner(totals, finishes), extra)

    def hidden_places(self, options: JSON, view: Mapping[str, Any]) -> HiddenPlaces:
        return sampling.hidden_places(view)

    def deal_from_view(self, options: JSON, view: Mapping[str, Any],
                       assignment: Mapping[str, Sequence[int]]) -> Okey101Deal:
        return sampling.deal_from_view(options, view, assignment)


def _broke(result: DealResult) -> int | None:
    """The seat that broke the çanak in a deal, if one did (101-39)."""
    paid = (result.detail.get("canak") or {}).get("paid_out")
    return None if paid is None else int(paid["to"])


def pot_after(history: Sequence[DealResult]) -> int:
    """The çanak after the last finished deal (0 before the first: a record counts its
    pot from 0, 101-39)."""
    for r in reversed(history):
        canak = r.detail.get("canak")
        if canak is not None:
            return int(canak["after"])
    return 0


OKEY_101 = Okey101Rules()
