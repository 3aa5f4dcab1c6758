"""Partners who play for the side: the partner blunders of each partner game, and a
count of them over seeded positions (issue 35).

Players of partner games name "a partner that sabotages you" as the worst of card-game
bots. Each partner game lists its blunders where its bots are written —
:func:`kahvehane.bots.okey_partner.okey_blunder` (eşli Okey: passing up the side's
finish, throwing an okey to the opponent, feeding the opponent a tile next to one it is
known to hold) and :func:`kahvehane.bots.casino.partner_blunder` (2 v 2 Casino: raising
or capturing the partner's build) — and its heuristic and search bots keep off them.
:func:`count_blunders` plays seeded partner deals, the bot under test on one side and
another bot (``tempered`` by default: varied, sometimes careless play) on the other,
and checks every decision of the tested side: a **position** is one such decision (an
Okey arrangement is a step within it). The checker reads only the seat's views, as the
bot does.

>>> report = count_blunders("casino", {"players": 4, "partners": True}, "heuristic",
...                         positions=60, seed=1)
>>> report.positions, sum(report.blunders.values())
(60, 0)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from kahvehane.bots import make_bot
from kahvehane.bots.casino import partner_blunder, partner_of, table_cards
from kahvehane.bots.duplicate import deal_setup, sides, table_options
from kahvehane.bots.okey_memory import OkeyMemory
from kahvehane.bots.okey_partner import feeds, known_holdings, okey_blunder
from kahvehane.games import get_game, get_spec
from kahvehane.games.base import JSON, Action
from kahvehane.games.okey.actions import Discard, Finish
from kahvehane.tiles import parse_tile

__all__ = ["BlunderReport", "Checker", "checker", "count_blunders"]


class Checker:
    """Finds the partner blunders of one seat's moves, from that seat's views only."""

    def see(self, view: Mapping[str, Any]) -> None:
        """Called with every view of the seat, before its move."""

    def blunder(self, view: Mapping[str, Any], legal: Sequence[Action],
                action: Action) -> str | None:
        raise NotImplementedError

    def chance(self, view: Mapping[str, Any], legal: Sequence[Action]) -> bool:
        """Whether some move of ``legal`` would be a blunder here (the positions that
        test a bot: elsewhere every move is safe)."""
        raise NotImplementedError


class OkeyChecker(Checker):
    """:func:`~kahvehane.bots.okey_partner.okey_blunder`, with the seat's memory."""

    def __init__(self, seat: int) -> None:
        self.memory = OkeyMemory(seat)

    def see(self, view: Mapping[str, Any]) -> None:
        self.memory.observe(view)

    def blunder(self, view: Mapping[str, Any], legal: Sequence[Action],
                action: Action) -> str | None:
        found = okey_blunder(view, legal, action, self.memory)
        if isinstance(action, Discard):
            self.memory.discarding(view, action.tile)
        return found

    def chance(self, view: Mapping[str, Any], legal: Sequence[Action]) -> bool:
        if not any(isinstance(a, Discard) for a in legal):
            return False
        if any(isinstance(a, Finish) for a in legal):
            return True
        okey = parse_tile(view["okey"])
        tiles = [parse_tile(x) for block in view["rack"] for x in block]
        held = known_holdings(view, self.memory)
        return okey in tiles or any(feeds(t, held, okey) for t in tiles)


class CasinoChecker(Checker):
    """:func:`~kahvehane.bots.casino.partner_blunder`."""

    def __init__(self, seat: int, options: Mapping[str, Any]) -> None:
        self.partner = partner_of(seat, options)

    def blunder(self, view: Mapping[str, Any], legal: Sequence[Action],
                action: Action) -> str | None:
        return partner_blunder(action, legal, table_cards(view)[1], self.partner)

    def chance(self, view: Mapping[str, Any], legal: Sequence[Action]) -> bool:
        builds = table_cards(view)[1]
        return any(partner_blunder(a, legal, builds, self.partner) for a in legal)


#: The checker of each family with partner play.
CHECKERS: dict[str, Callable[[int, Mapping[str, Any]], Checker]] = {
    "okey": lambda seat, options: OkeyChecker(seat),
    "casino": CasinoChecker,
}


def checker(game: str, seat: int, options: Mapping[str, Any]) -> Checker:
    """The partner-blunder checker of ``game`` for ``seat``."""
    return CHECKERS[get_spec(game).family](seat, options)


@dataclass
class BlunderReport:
    """Positions checked and the blunders found, by kind, with a few examples."""

    game: str
    bot: str
    positions: int = 0
    chances: int = 0  # positions where some legal move was a blunder
    blunders: Counter[str] = field(default_factory=Counter)
    examples: list[JSON] = field(default_factory=list)

    def line(self) -> str:
        found = ", ".join(f"{k} {v}" for k, v in sorted(self.blunders.items())) or "none"
        return (f"{self.game} {self.bot}: {self.positions} positions ({self.chances} with a"
                f" blunder on offer), partner blunders: {found}")


def count_blunders(game: str, options: Mapping[str, Any], bot: str, *, positions: int,
                   seed: str | int = 0, other: str = "tempered") -> BlunderReport:
    """Play seeded partner deals (deal ``k`` from ``f"{seed}:{k}"``, the tested side
    ``k % 2``) until ``positions`` decisions of the tested bot have been checked."""
    opts = table_options(game, options)
    side_of = sides(game, opts)
    if len(set(side_of)) == len(side_of):
        raise ValueError(f"{game} with {dict(options)} has no partners")
    rules = get_game(game)
    free = get_spec(game).free_actions
    report = BlunderReport(game, bot)
    k = 0
    while report.positions < positions:
        side = k % 2
        state = rules.new_deal(opts, deal_setup(game, opts, seed, k), [])
        n = state.num_seats
        tested = [side_of[s] == side for s in range(n)]
        bots = [make_bot(game, bot if tested[s] else other, s,
                         random.Random(f"{seed}:{k}:{s}"), opts) for s in range(n)]
        checks = [checker(game, s, opts) if tested[s] else None for s in range(n)]
        while not state.is_over and report.positions < positions:
            seat = state.to_act[0]
            view = state.view(seat)
            legal = state.legal_actions(seat)
            action = bots[seat].choose(view, legal)
            check = checks[seat]
            if action.act in free and action not in legal:
                state.apply(action)  # an arrangement: the decision goes on
                continue
            if check is not None:
                check.see(view)
                report.chances += check.chance(view, legal)
                kind = check.blunder(view, legal, action)
                report.positions += 1
                if kind is not None:
                    report.blunders[kind] += 1
                    if len(report.examples) < 5:
                        report.examples.append({"deal": k, "seat": seat, "kind": kind,
                                                "action": action.to_json()})
            state.apply(action)
        k += 1
    return report
