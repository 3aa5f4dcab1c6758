"""Casino and Royal Casino around the hands: options, the deal, rotation, match end.

:data:`CASINO` and :data:`ROYAL_CASINO` are the :class:`GameRules` the registry serves.
Royal is a subclass that changes the variant it builds (values, sweeps default, the
count-out, and the optional ``"preset": "royal_dominican"`` of R-3) and nothing else.

>>> options = CASINO.parse_options({"players": 2})
>>> options
{'players': 2, 'partners': False, 'sweeps': False, 'target': 21}
>>> setup = CASINO.setup_from_order(options, list(range(52)), 1, [])
>>> setup["rounds"][0]  # C-9: 2 to seat 0, 2 to the table, 2 to the dealer, twice
{'hands': [['AS', '2S', '7S', '8S'], ['5S', '6S', 'JS', 'QS']], 'table': ['3S', '4S', '9S', '10S']}
>>> len(setup["rounds"]), setup["rounds"][1]["hands"][0]  # C-10, C-11: 6 rounds of 2 x 4
(6, ['KS', 'AH', '4H', '5H'])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from kahvehane.cards import full_deck
from kahvehane.errors import InvalidOptions
from kahvehane.games.base import JSON, DealResult, GameRules, HiddenPlaces, MatchSummary
from kahvehane.games.casino import sampling
from kahvehane.games.casino.deal import CasinoDeal, RoyalCasinoDeal
from kahvehane.games.casino.messages import (
    NO_PRESET,
    NORDIC_IS_ROYAL,
    PARTNERS_NEED_FOUR,
    PRESET_NO_NORDIC,
    WRONG_DIRECTION,
)
from kahvehane.games.casino.setup import deal_order, read_setup, setup_dealer
from kahvehane.games.casino.spec import NORDIC_SPECIALS, ROYAL_DOMINICAN
from kahvehane.games.casino.values import CasinoVariant, RoyalVariant


class CasinoRules(GameRules):
    """Standard Casino for 2, 3 or 4 players, or 2 v 2 partners (docs/rules/casino.md)."""

    name = "casino"
    deck_kind: ClassVar[str] = "cards"
    deal_class: ClassVar[type[CasinoDeal]] = CasinoDeal

    # -- options ------------------------------------------------------------------------------

    def parse_options(self, raw: Mapping[str, Any] | None) -> JSON:
        """``players`` (required: 2, 3, 4), ``partners``, ``sweeps``, ``target`` (3.1).

        Each option is checked by the spec (:mod:`kahvehane.games.casino.spec`: exact
        types, so ``2.0`` players is refused); then what ties them together. In Casino,
        Royal's ``nordic_specials`` and ``preset`` may be given only as ``false`` /
        ``null``. ``direction`` must be the table's: ``clockwise``, or
        ``counter-clockwise`` with the preset; it is only ever a check (R-3a). The parsed
        options name ``preset`` and ``direction`` only when the preset is on, so they
        parse to themselves. An unknown option is refused: a silently ignored rule would
        change the game.
        """
        out = self.spec.parse_options(self._without_royal_options(dict(raw or {})))
        if out["partners"] and out["players"] != 4:
            raise InvalidOptions(PARTNERS_NEED_FOUR)
        if out.get("preset") == ROYAL_DOMINICAN and out.get("nordic_specials"):
            raise InvalidOptions(PRESET_NO_NORDIC)
        want = "counter-clockwise" if out.get("preset") == ROYAL_DOMINICAN else "clockwise"
        direction = out.pop("direction")
        if direction not in (None, want):
            raise InvalidOptions(WRONG_DIRECTION, want=repr(want), direction=repr(direction))
        if "preset" in out and out["preset"] is None:
            del out["preset"]
        if want != "clockwise":
            out["direction"] = want
        return out

    def _without_royal_options(self, raw: dict[str, Any]) -> dict[str, Any]:
        """Casino: Royal's options taken out of ``raw``, each accepted only when off."""
        if NORDIC_SPECIALS.parse(raw.pop("nordic_specials", False), self.name):
            raise InvalidOptions(NORDIC_IS_ROYAL)
        preset = raw.pop("preset", None)
        if preset is not None:
            raise InvalidOptions(NO_PRESET, preset=repr(preset))
        return raw

    def variant(self, options: Mapping[str, Any]) -> CasinoVariant:
        """The variant that answers the rule questions of a table with these (parsed)
        options."""
        return CasinoVariant(
            players=options["players"],
            partners=options["partners"],
            sweeps=options["sweeps"],
            target=options["target"],
        )

    def num_seats(self, options: JSON) -> int:
        return int(options["players"])

    # -- the deal -----------------------------------------------------------------------------

    def canonical_deck(self) -> list[int]:
        return full_deck()

    def setup_from_order(
        self, options: JSON, order: list[int], first_seat: int, history: Sequence[DealResult]
    ) -> JSON:
        """Deal a shuffled deck the way C-9 / C-10 say (:func:`~.setup.deal_order`)."""
        return deal_order(self.variant(options), order, first_seat)

    def new_deal(
        self, options: JSON, setup: Mapping[str, Any], history: Sequence[DealResult]
    ) -> CasinoDeal:
        """Check a setup (the whole deck in rounds, docs/records.md "Setups") and start the hand."""
        variant = self.variant(options)
        dealer, rounds, table = read_setup(variant, setup)
        return self.deal_class(variant, dealer, rounds, table, self.totals(options, history))

    def setup_first_seat(self, setup: Mapping[str, Any]) -> int:
        return setup_dealer(setup)

    # -- sampling -----------------------------------------------------------------------------

    def hidden_places(self, options: JSON, view: Mapping[str, Any]) -> HiddenPlaces:
        """Other hands (``"hand:<seat>"``), the ``"stock"`` still to deal and every
        seat's captured pile (``"pile:<seat>"``); see :mod:`~.sampling`."""
        return sampling.hidden_places(self.variant(options), view)

    def deal_from_view(
        self, options: JSON, view: Mapping[str, Any], assignment: Mapping[str, Sequence[int]]
    ) -> CasinoDeal:
        """The hand in play that ``view`` shows, its hidden places filled from
        ``assignment`` (the stock in dealing order). Whether the assignment is likely
        (an owner holds a card for each of his builds, O-2) is the caller's inference."""
        return sampling.deal_from_view(self.deal_class, self.variant(options), view, assignment)

    def next_first_seat(self, options: JSON, history: Sequence[DealResult]) -> int | None:
        """The deal passes to the next seat in playing order after each hand (C-8)."""
        if not history:
            return None
        return (history[-1].first_seat + 1) % self.num_seats(options)

    # -- the match ----------------------------------------------------------------------------

    def totals(self, options: JSON, history: Sequence[DealResult]) -> tuple[int, ...]:
        n = self.num_seats(options)
        return tuple(sum(d.scores[s] for d in history) for s in range(n))

    def summary(self, options: JSON, history: Sequence[DealResult]) -> MatchSummary:
        """E-6: a side wins with the single highest total at or above the target.

        Royal's count-out stops the moment one side reaches the target, so there it is
        also the only side at or above it.
        """
        variant = self.variant(options)
        totals = self.totals(options, history)
        side_totals = [totals[variant.seats_of(side)[0]] for side in range(variant.num_sides)]
        top = max(side_totals)
        leaders = [side for side, t in enumerate(side_totals) if t == top]
        if len(leaders) != 1 or top < variant.target:
            return MatchSummary(False, totals, None)
        seats = variant.seats_of(leaders[0])
        winner: int | list[int] = sorted(seats) if variant.partners else seats[0]
        return MatchSummary(True, totals, winner)


class RoyalCasinoRules(CasinoRules):
    """Royal Casino: J/Q/K count 11/12/13, aces 1 or 14, sweeps on, count-out (3.12).

    Its own options are ``nordic_specials`` (C-5) and ``preset`` (R-3: only
    ``"royal_dominican"``, which does not combine with the Nordic cards).
    """

    name = "royal_casino"
    deal_class: ClassVar[type[CasinoDeal]] = RoyalCasinoDeal

    def _without_royal_options(self, raw: dict[str, Any]) -> dict[str, Any]:
        return raw

    def variant(self, options: Mapping[str, Any]) -> RoyalVariant:
        return RoyalVariant(
            players=options["players"],
            partners=options["partners"],
            sweeps=options["sweeps"],
            target=options["target"],
            nordic_specials=options["nordic_specials"],
            dominican=options.get("preset") == ROYAL_DOMINICAN,
        )


CASINO = CasinoRules()
ROYAL_CASINO = RoyalCasinoRules()
