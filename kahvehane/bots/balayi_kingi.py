"""The Balayı Kingi heuristic bot.

* **Contract**: from the five face-up cards it sees when it chooses, it scores each
  contract it has left — a trump suit by its length and honours there, Kozsuz by its
  honours — as the expected edge in tricks times the contract's weight, and names the
  best (a weak hand spends a light contract).
* **Play**: a trick is worth the same to both players, so it wins every trick it can
  cheaply and loses the others as cheaply as it can. While the opponent's hand is
  locked, everything he may play is face up, so the bot knows exactly which leads he
  can beat. Winning the first trick also unlocks its own hand (six more cards), so early
  on it values a win more; and among equal cards it plays pile tops with a face-down
  card beneath, which turns up new cards for it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from kahvehane.bots import BotKind, search_kind
from kahvehane.bots.base import Bot
from kahvehane.bots.cardutil import (
    BIT,
    FULL,
    STRENGTH,
    SUIT_MASK,
    beats,
    cards_of,
    is_master,
    names_mask,
    played_mask,
)
from kahvehane.cards import parse_card
from kahvehane.games.balayi_kingi import CONTRACT_DUTIES, CONTRACTS, ChooseContract, Play
from kahvehane.games.base import Action
from kahvehane.games.tricks import follow_mask

HONOUR = {14: 1.0, 13: 0.6, 12: 0.3}
EXPECTED_HONOURS = 5 * sum(HONOUR.values()) / 13


def contract_edge(code: str, visible: Sequence[int]) -> float:
    """Expected trick edge of a contract from the chooser's five face-up cards."""
    honours = sum(HONOUR.get(STRENGTH[c], 0.0) for c in visible)
    trump = CONTRACTS[code][1]
    if trump is None:
        return 1.5 * (honours - EXPECTED_HONOURS)
    n = sum(1 for c in visible if c // 13 == trump)
    trump_honours = sum(HONOUR.get(STRENGTH[c], 0.0) for c in visible if c // 13 == trump)
    return 1.2 * (n - 1.25) + 0.8 * trump_honours + 0.4 * (honours - EXPECTED_HONOURS)


def choose_contract(legal: Sequence[ChooseContract], visible: Sequence[int]) -> ChooseContract:
    return max(legal, key=lambda a: (contract_edge(a.contract, visible)
                                     * CONTRACTS[a.contract][0], -CONTRACTS[a.contract][0]))


class BalayiHeuristicBot(Bot):
    """Picks the contract from the visible cards and plays to win tricks cheaply."""

    kind = "heuristic"

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        me = view["players"][self.seat]
        if isinstance(legal[0], ChooseContract):
            visible = [parse_card(p["up"]) for p in me["piles"] if p["up"] is not None]
            return choose_contract([a for a in legal if isinstance(a, ChooseContract)],
                                   visible)
        plays = [a for a in legal if isinstance(a, Play)]
        card = self.choose_card(view, [a.card for a in plays])
        return next(a for a in plays if a.card == card)

    def choose_card(self, view: Mapping[str, Any], legal: list[int]) -> int:
        seat = self.seat
        opp = 1 - seat
        code = view["contract"]
        trump = CONTRACTS[code][1]
        me = view["players"][seat]
        them = view["players"][opp]
        my_tops = names_mask(p["up"] for p in me["piles"] if p["up"] is not None)
        their_tops = names_mask(p["up"] for p in them["piles"] if p["up"] is not None)
        reveals = names_mask(p["up"] for p in me["piles"] if p["up"] is not None and p["down"])
        hand = names_mask(view.get("hand", []))
        unseen = FULL & ~(my_tops | their_tops | hand | played_mask(view))

        def cost(c: int) -> tuple[int, int, int]:
            return (STRENGTH[c], 0 if reveals & BIT[c] else 1, c)

        if view["trick"]:
            led = parse_card(view["trick"][0]["card"])
            winners = [c for c in legal if beats(c, led, trump)]
            if winners:
                return min(winners, key=cost)
            return min(legal, key=cost)
        # leading: find the leads the opponent cannot beat
        duties = CONTRACT_DUTIES[code]
        sure: list[int] = []
        for c in legal:
            answers = follow_mask(duties, their_tops | (unseen if them["unlocked"] else 0),
                                  [c])
            if not them["unlocked"]:
                if not any(beats(x, c, trump) for x in cards_of(answers)):
                    sure.append(c)
            elif not any(beats(x, c, trump) for x in cards_of(answers & their_tops)) and (
                is_master(c, unseen) and (trump is None or c // 13 == trump
                                          or not (unseen & SUIT_MASK[trump])
                                          or (unseen & SUIT_MASK[c // 13]).bit_count() >= 2)
            ):
                sure.append(c)
        if sure:
            return min(sure, key=cost)
        return min(legal, key=cost)


#: The bots of Balayı Kingi, as :mod:`kahvehane.bots` reads them.
FAMILY = "balayi_kingi"
KINDS = (BotKind("heuristic", lambda r: BalayiHeuristicBot(r.game, r.seat, r.rng)),
         search_kind("kahvehane.bots.search:BalayiPlan"))
