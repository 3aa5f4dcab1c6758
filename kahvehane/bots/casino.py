"""The Casino (and Royal Casino) heuristic bot.

It scores every legal move by the points it is likely to bring and plays the best:

* a **capture** is worth the points of every card it takes, the played card included
  (aces, 10♦ "büyük kumarhane", 2♠ "küçük kumarhane", a little for each card and spade
  towards the majorities), plus a sweep when sweeps count and the table empties;
* a **build** is worth most of the points of its cards — the engine only lists builds
  whose capture card the bot keeps (B-1) — and a bonus when it turns a build of its own
  into a multiple build, which nobody can raise (B-7): that is how it *protects* its
  builds; raising someone else's build takes it over;
* a **trail** costs the points of the card it gives away, and more when the table
  already holds a card of the same value or the trail lets the next player sweep.

In partner play (2 v 2, docs/rules/casino.md C-7) it plays for the side: taking over a
build earns its bonus only from an opponent, and it makes none of the **partner
blunders** of :func:`partner_blunder` while another move is left (:func:`side_moves`):
raising the partner's build (its value changes, so the card the partner keeps for it,
O-2, no longer takes it) and capturing the partner's build while another capture is on
offer (the partner takes it on its own turn with the card it keeps for it; the bot's
card is better spent on other cards).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from kahvehane.bots import BotKind, search_kind
from kahvehane.bots.base import Bot
from kahvehane.cards import SPADES, Card, parse_card, rank_of
from kahvehane.games.base import Action
from kahvehane.games.casino.actions import BuildAction, CaptureAction, TrailAction
from kahvehane.games.casino.builds import Build
from kahvehane.games.casino.values import TEN_OF_DIAMONDS, TWO_OF_SPADES

CARD_WEIGHT = 0.06
SPADE_WEIGHT = 0.07


def card_points(c: Card) -> float:
    """What taking ``c`` is worth, on average, at the end of the hand (E-3)."""
    pts = CARD_WEIGHT
    if rank_of(c) == 1:
        pts += 1.0
    if c == TEN_OF_DIAMONDS:
        pts += 2.0
    if c == TWO_OF_SPADES:
        pts += 1.0
    if c // 13 == SPADES:
        pts += SPADE_WEIGHT
    return pts


def table_cards(view: Mapping[str, Any]) -> tuple[list[Card], list[Build]]:
    """The loose cards and the builds of a view's table, as the engine holds them (so
    that :func:`score_move` reads a view and a search's full state the same way)."""
    table = view["table"]
    builds = [Build(b["value"], b["kind"], b["owner"],
                    tuple(parse_card(n) for n in b["cards"])) for b in table["builds"]]
    return [parse_card(x) for x in table["loose"]], builds


def score_move(
    a: Action, seat: int, loose: Sequence[Card], builds: Sequence[Build], sweeps: bool,
    royal: bool, partner: int | None = None,
) -> float:
    """The heuristic value of one legal move (``loose`` and ``builds``: the table, from
    :func:`table_cards` or a state's ``loose`` and ``builds.values()``; ``partner``: the
    partner's seat in partner play)."""
    if isinstance(a, CaptureAction):
        taken = [x for s in a.sets for x in s]
        gain = card_points(a.card) + sum(card_points(x) for x in taken) + 0.05 * len(taken)
        on_table = len(loose) + sum(len(b.cards) for b in builds)
        if sweeps and len(taken) == on_table:
            gain += 1.0
        return gain + 0.2
    if isinstance(a, BuildAction):
        cards = [x for s in a.sets for x in s]
        if a.card not in cards:
            cards.append(a.card)
        gain = 0.6 * sum(card_points(x) for x in cards)
        # one build per value (C-14): the build this one joins, if any
        mine = [b for b in builds if b.owner == seat and b.value == a.value]
        if mine and mine[0].kind == "single":
            gain += 0.3  # freeze our own build: nobody can raise it now
        if any(x in cards for b in builds if b.owner not in (seat, partner) for x in b.cards):
            gain += 0.2  # taken over from an opponent
        return gain
    assert isinstance(a, TrailAction)
    cost = 0.9 * card_points(a.card)
    value = rank_of(a.card)
    if any(rank_of(x) == value for x in loose):
        cost += 0.15
    if sweeps and not loose and not builds:
        cost += 0.4
    if not royal and value > 10:
        cost -= 0.05  # a court trailed is rarely useful to anyone
    return -cost - 0.1


def partner_of(seat: int, options: Mapping[str, Any]) -> int | None:
    """The partner's seat in partner play (opposite, C-7), else ``None``."""
    return (seat + 2) % 4 if options.get("partners") else None


def _touches(a: Action, builds: Sequence[Build], owner: int) -> Build | None:
    """The build of ``owner`` that move ``a`` takes or builds on, if any."""
    if not isinstance(a, CaptureAction | BuildAction):
        return None
    cards = {x for group in a.sets for x in group}
    return next((b for b in builds if b.owner == owner and cards & set(b.cards)), None)


def partner_blunder(a: Action, legal: Sequence[Action], builds: Sequence[Build],
                    partner: int | None) -> str | None:
    """The partner blunder move ``a`` makes among ``legal``, or ``None``:

    * ``"raises_partner_build"`` — a build on the partner's build that changes its value
      while some move leaves the partner's builds alone;
    * ``"takes_partner_build"`` — a capture of the partner's build while another
      capture leaves the partner's builds alone.
    """
    if partner is None or not any(b.owner == partner for b in builds):
        return None
    hit = _touches(a, builds, partner)
    if hit is None:
        return None
    if isinstance(a, BuildAction):
        if a.value == hit.value:
            return None  # adding to it freezes it (B-7, B-8): it protects the side
        if any(_touches(x, builds, partner) is None for x in legal):
            return "raises_partner_build"
        return None
    if any(isinstance(x, CaptureAction) and _touches(x, builds, partner) is None
           for x in legal):
        return "takes_partner_build"
    return None


def side_moves(legal: Sequence[Action], builds: Sequence[Build],
               partner: int | None) -> list[Action]:
    """The moves of ``legal`` that make no partner blunder (there is always one)."""
    if partner is None:
        return list(legal)
    return [a for a in legal if partner_blunder(a, legal, builds, partner) is None]


class CasinoHeuristicBot(Bot):
    """Captures valuable cards, builds only with the capture card, protects its builds."""

    kind = "heuristic"

    def __init__(self, game: str, seat: int, rng: Any = None,
                 options: Mapping[str, Any] | None = None) -> None:
        super().__init__(game, seat, rng)
        opts = options or {}
        self.royal = game == "royal_casino"
        self.sweeps = bool(opts.get("sweeps", self.royal))
        self.partner = partner_of(seat, opts)

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        loose, builds = table_cards(view)
        moves = side_moves(legal, builds, self.partner)
        best = moves[0]
        best_score = float("-inf")
        for a in moves:
            s = score_move(a, self.seat, loose, builds, self.sweeps, self.royal, self.partner)
            if s > best_score:
                best, best_score = a, s
        return best


#: The bots of Casino and Royal Casino, as :mod:`kahvehane.bots` reads them.
FAMILY = "casino"
KINDS = (BotKind("heuristic",
                 lambda r: CasinoHeuristicBot(r.game, r.seat, r.rng, r.options)),
         search_kind("kahvehane.bots.search:CasinoPlan"))
