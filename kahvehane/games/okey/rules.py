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

from kahvehane.errors import InvalidOptions, MalformedSetup
from kahvehane.games.base import JSON, DealResult, GameRules, MatchSummary
from kahvehane.games.okey.scoring import (
    RANKING_POINTS,
    individual_winner,
    pairs_result,
    ranking_points,
)
from kahvehane.games.okey.state import OkeyDeal
from kahvehane.games.setup_checks import check_exact_deck, field, item_list, seat_field
from kahvehane.tiles import (
    FALSE_JOKER,
    TILE_CODES,
    Tile,
    full_set,
    parse_tile,
    tile_name,
)

DEAL_COUNTS = tuple(sorted(RANKING_POINTS))
_FULL_SET = full_set()
_NAMES = tuple(tile_name(t) for t in range(FALSE_JOKER + 1))


class OkeyRules(GameRules):
    """Rules around Okey deals; ``kdv`` selects the KDV (Banko) scoring."""

    deck_kind: ClassVar[str] = "tiles"

    def __init__(self, name: str, kdv: bool) -> None:
        self.name = name
        self.kdv = kdv

    def parse_options(self, raw: Mapping[str, Any] | None) -> JSON:
        raw = dict(raw or {})
        deals = raw.pop("deals", 5)
        pairs = raw.pop("pairs", False)
        if isinstance(deals, bool) or deals not in DEAL_COUNTS:
            raise InvalidOptions(f"option 'deals' must be 3, 5, 7, 9 or 11, not {deals!r}")
        if not isinstance(pairs, bool):
            raise InvalidOptions(f"option 'pairs' must be true or false, not {pairs!r}")
        if raw:
            raise InvalidOptions(
                f"unknown option(s) for {self.name}: {', '.join(sorted(raw))}"
                " (Okey options are 'deals' and 'pairs')"
            )
        return {"deals": deals, "pairs": pairs}

    def num_seats(self, options: JSON) -> int:
        return 4

    def canonical_deck(self) -> list[int]:
        return full_set()

    def setup_from_order(
        self, options: JSON, order: list[int], first_seat: int, history: Sequence[DealResult]
    ) -> JSON:
        """RECORDS.md: the first non-J tile is the indicator; 15 to the starter, 14 to each
        next seat in play order; the rest is the pile, top first."""
        names = _NAMES
        rest = [names[t] for t in order]
        i = next(i for i, t in enumerate(order) if t != FALSE_JOKER)
        indicator = rest.pop(i)
        hands: list[list[str]] = [[], [], [], []]
        pos = 0
        for j in range(4):
            seat = (first_seat + j) % 4
            n = 15 if j == 0 else 14
            hands[seat] = rest[pos : pos + n]
            pos += n
        return {
            "starter": first_seat,
            "indicator": indicator,
            "hands": hands,
            "pile": rest[pos:],
        }

    def setup_first_seat(self, setup: Mapping[str, Any]) -> int:
        return seat_field(setup, "starter", 4)

    def new_deal(
        self, options: JSON, setup: Mapping[str, Any], history: Sequence[DealResult]
    ) -> OkeyDeal:
        fast = _read_canonical(setup)
        if fast is not None:
            starter, indicator, hands, pile = fast
            return OkeyDeal(
                kdv=self.kdv, pairs=options["pairs"], starter=starter, indicator=indicator,
                hands=hands, pile=pile,
            )
        starter = seat_field(setup, "starter", 4)
        ind_raw = field(setup, "indicator")
        indicator = item_list([ind_raw], "'indicator'", parse_tile)[0]
        if indicator == FALSE_JOKER:
            raise MalformedSetup("the indicator is never the false joker (J)")
        hands_raw = field(setup, "hands")
        if not isinstance(hands_raw, list) or len(hands_raw) != 4:
            raise MalformedSetup("'hands' must list the 4 seats' hands")
        hands = [
            item_list(h, f"hands[{s}]", parse_tile, 15 if s == starter else 14)
            for s, h in enumerate(hands_raw)
        ]
        pile = item_list(field(setup, "pile"), "'pile'", parse_tile, 48)
        check_exact_deck(
            [indicator, *pile, *(t for h in hands for t in h)],
            full_set(), tile_name, "the 106 Okey tiles",
        )
        return OkeyDeal(
            kdv=self.kdv, pairs=options["pairs"], starter=starter, indicator=indicator,
            hands=hands, pile=pile,
        )

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


def _read_canonical(
    setup: Mapping[str, Any],
) -> tuple[int, Tile, list[list[Tile]], list[Tile]] | None:
    """(starter, indicator, hands, pile) of a well-formed setup written in canonical tile
    names, as every generated setup is; ``None`` for anything else, which the full
    reader of :meth:`OkeyRules.new_deal` then reads or rejects with its message.

    Why: a deal starts from a setup, and the full reader (a parse with error messages
    for each of the 106 tiles) costs about as much as the rest of a random deal."""
    try:
        starter = setup["starter"]
        indicator_name = setup["indicator"]
        hands_raw = setup["hands"]
        pile_raw = setup["pile"]
    except (KeyError, TypeError):
        return None
    if type(starter) is not int or not 0 <= starter < 4:
        return None
    if type(hands_raw) is not list or len(hands_raw) != 4:
        return None
    if type(pile_raw) is not list or len(pile_raw) != 48:
        return None
    codes = TILE_CODES
    try:
        indicator = codes[indicator_name]
        pile = [codes[x] for x in pile_raw]
        hands: list[list[Tile]] = []
        for seat, h in enumerate(hands_raw):
            if type(h) is not list or len(h) != (15 if seat == starter else 14):
                return None
            hands.append([codes[x] for x in h])
    except (KeyError, TypeError):  # not a canonical name (or not even hashable)
        return None
    if indicator == FALSE_JOKER:
        return None
    every = [indicator, *pile]
    for h in hands:
        every += h
    every.sort()
    if every != _FULL_SET:
        return None
    return starter, indicator, hands, pile


DUZ_OKEY = OkeyRules("duz_okey", kdv=False)
KDV_OKEY = OkeyRules("kdv_okey", kdv=True)
