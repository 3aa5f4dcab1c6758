"""Casino and Royal Casino around the hands: options, the deal, rotation, match end.

:data:`CASINO` and :data:`ROYAL_CASINO` are the :class:`GameRules` the registry serves.
Royal is a subclass that changes the ruleset it builds (values, sweeps default, the
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

from collections.abc import Iterator, Mapping, Sequence
from typing import Any, ClassVar

from kahvehane.cards import Card, card_name, full_deck, parse_card
from kahvehane.errors import InvalidOptions, MalformedSetup
from kahvehane.games.base import JSON, DealResult, GameRules, MatchSummary
from kahvehane.games.casino.state import CasinoDeal, RoyalCasinoDeal
from kahvehane.games.casino.values import CasinoRuleset, RoyalRuleset
from kahvehane.games.setup_checks import check_exact_deck, field, item_list, seat_field

ROYAL_DOMINICAN = "royal_dominican"
"""The one rules preset: Royal Casino as played in the Dominican Republic (R-3)."""


def _bool(raw: Mapping[str, Any], key: str, default: bool) -> bool:
    value = raw.get(key, default)
    if not isinstance(value, bool):
        raise InvalidOptions(f"option {key!r} must be true or false, not {value!r}")
    return value


class CasinoRules(GameRules):
    """Standard Casino for 2, 3 or 4 players, or 2 v 2 partners (RULES.md part 3)."""

    name = "casino"
    deck_kind: ClassVar[str] = "cards"
    deal_class: ClassVar[type[CasinoDeal]] = CasinoDeal
    default_sweeps: ClassVar[bool] = False
    known_options: ClassVar[frozenset[str]] = frozenset(
        {"players", "partners", "sweeps", "target", "direction", "nordic_specials", "preset"}
    )

    # -- options ------------------------------------------------------------------------------

    def parse_options(self, raw: Mapping[str, Any] | None) -> JSON:
        """``players`` (required: 2, 3, 4), ``partners``, ``sweeps``, ``target`` (3.1).

        ``nordic_specials`` and ``preset`` (``"royal_dominican"``, R-3) exist in Royal only
        and may be ``false`` / absent here. ``direction`` must be the table's: ``clockwise``,
        or ``counter-clockwise`` with the preset; it is only ever a check (R-3a).
        An unknown option is rejected: a silently ignored rule would change the game.
        """
        raw = dict(raw or {})
        unknown = sorted(set(raw) - self.known_options)
        if unknown:
            raise InvalidOptions(
                f"{self.name} has no option {unknown[0]!r}: options are"
                f" {', '.join(sorted(self.known_options))}"
            )
        if "players" not in raw:
            raise InvalidOptions(f"{self.name} needs the option 'players' (2, 3 or 4)")
        players = raw["players"]
        if isinstance(players, bool) or players not in (2, 3, 4):
            raise InvalidOptions(f"option 'players' must be 2, 3 or 4, not {players!r}")
        partners = _bool(raw, "partners", False)
        if partners and players != 4:
            raise InvalidOptions("partners (2 v 2) needs 'players': 4")
        sweeps = _bool(raw, "sweeps", self.default_sweeps)
        target = raw.get("target", 21)
        if isinstance(target, bool) or not isinstance(target, int) or target < 1:
            raise InvalidOptions(f"option 'target' must be a positive integer, not {target!r}")
        out: JSON = {"players": players, "partners": partners, "sweeps": sweeps, "target": target}
        out.update(self._variant_options(raw))
        want = "counter-clockwise" if out.get("preset") == ROYAL_DOMINICAN else "clockwise"
        direction = raw.get("direction", want)
        if direction != want:
            raise InvalidOptions(
                f"option 'direction' must be {want!r} at this table, not {direction!r}"
                " (counter-clockwise play comes with the royal_dominican preset, R-3a)"
            )
        if want != "clockwise":
            out["direction"] = want
        return out

    def _variant_options(self, raw: Mapping[str, Any]) -> JSON:
        if _bool(raw, "nordic_specials", False):
            raise InvalidOptions("'nordic_specials' is a Royal Casino option (C-5)")
        if raw.get("preset") is not None:
            raise InvalidOptions(
                f"casino has no preset {raw['preset']!r}: 'royal_dominican' is a"
                " royal_casino preset (R-3)"
            )
        return {}

    def ruleset(self, options: Mapping[str, Any]) -> CasinoRuleset:
        return CasinoRuleset(
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
        """Deal a shuffled deck the way C-9 / C-10 say, two cards at a time.

        First round: two to each player from the dealer's left, two to the table, two to
        the dealer — twice. Later rounds: two to each player, dealer last — twice.
        """
        n = self.num_seats(options)
        dealer = first_seat
        order_of_play = [(dealer + i) % n for i in range(1, n + 1)]  # dealer last
        cards: Iterator[int] = iter(order)

        def two() -> list[str]:
            return [card_name(next(cards)), card_name(next(cards))]

        hands: list[list[str]] = [[] for _ in range(n)]
        table: list[str] = []
        for _ in range(2):
            for s in order_of_play[:-1]:
                hands[s] += two()
            table += two()
            hands[dealer] += two()
        rounds: list[JSON] = [{"hands": hands, "table": table}]
        for _ in range(1, self.ruleset(options).rounds_per_hand):
            hands = [[] for _ in range(n)]
            for _ in range(2):
                for s in order_of_play:
                    hands[s] += two()
            rounds.append({"hands": hands})
        return {"dealer": dealer, "rounds": rounds}

    def new_deal(
        self, options: JSON, setup: Mapping[str, Any], history: Sequence[DealResult]
    ) -> CasinoDeal:
        """Check a setup (the whole deck in rounds, RECORDS.md) and start the hand."""
        rs = self.ruleset(options)
        n = rs.players
        dealer = seat_field(setup, "dealer", n)
        raw_rounds = field(setup, "rounds")
        want = rs.rounds_per_hand
        if not isinstance(raw_rounds, list) or len(raw_rounds) != want:
            raise MalformedSetup(f"'rounds' must be a list of {want} rounds for {n} players")
        rounds: list[list[list[Card]]] = []
        table: list[Card] = []
        for r, rnd in enumerate(raw_rounds):
            if not isinstance(rnd, dict):
                raise MalformedSetup(f"rounds[{r}] must be an object")
            hands = field(rnd, "hands")
            if not isinstance(hands, list) or len(hands) != n:
                raise MalformedSetup(f"rounds[{r}].hands must hold {n} hands (one per seat)")
            rounds.append(
                [
                    item_list(h, f"rounds[{r}].hands[{s}]", parse_card, 4)
                    for s, h in enumerate(hands)
                ]
            )
            if r == 0:
                table = item_list(field(rnd, "table"), "rounds[0].table", parse_card, 4)
            elif "table" in rnd:
                raise MalformedSetup(f"rounds[{r}] has a 'table': only the first round has (C-10)")
        every = [c for rnd in rounds for h in rnd for c in h] + table
        check_exact_deck(every, full_deck(), card_name, "the 52 cards")
        before = self.totals(options, history)
        return self.deal_class(rs, dealer, rounds, table, before)

    def setup_first_seat(self, setup: Mapping[str, Any]) -> int:
        dealer = field(setup, "dealer")
        if isinstance(dealer, bool) or not isinstance(dealer, int) or dealer < 0:
            raise MalformedSetup(f"'dealer' must be a seat number, not {dealer!r}")
        return dealer

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
        rs = self.ruleset(options)
        totals = self.totals(options, history)
        side_totals = [totals[rs.seats_of(side)[0]] for side in range(rs.num_sides)]
        top = max(side_totals)
        leaders = [side for side, t in enumerate(side_totals) if t == top]
        if len(leaders) != 1 or top < rs.target:
            return MatchSummary(False, totals, None)
        seats = rs.seats_of(leaders[0])
        winner: int | list[int] = sorted(seats) if rs.partners else seats[0]
        return MatchSummary(True, totals, winner)


class RoyalCasinoRules(CasinoRules):
    """Royal Casino: J/Q/K count 11/12/13, aces 1 or 14, sweeps on, count-out (3.12)."""

    name = "royal_casino"
    deal_class: ClassVar[type[CasinoDeal]] = RoyalCasinoDeal
    default_sweeps: ClassVar[bool] = True

    def _variant_options(self, raw: Mapping[str, Any]) -> JSON:
        """``nordic_specials`` (C-5) and ``preset`` (R-3: only ``"royal_dominican"``).

        The preset appears in the parsed options only when it is chosen, so the options
        of every other table read as before. It does not combine with the Nordic cards.
        """
        out: JSON = {"nordic_specials": _bool(raw, "nordic_specials", False)}
        preset = raw.get("preset")
        if preset is None:
            return out
        if preset != ROYAL_DOMINICAN:
            raise InvalidOptions(
                f"option 'preset' must be {ROYAL_DOMINICAN!r} (R-3), not {preset!r}"
            )
        if out["nordic_specials"]:
            raise InvalidOptions("the royal_dominican preset has no nordic_specials (R-3)")
        out["preset"] = preset
        return out

    def ruleset(self, options: Mapping[str, Any]) -> RoyalRuleset:
        return RoyalRuleset(
            players=options["players"],
            partners=options["partners"],
            sweeps=options["sweeps"],
            target=options["target"],
            nordic_specials=options["nordic_specials"],
            dominican=options.get("preset") == ROYAL_DOMINICAN,
        )


CASINO = CasinoRules()
ROYAL_CASINO = RoyalCasinoRules()
