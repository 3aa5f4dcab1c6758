"""A fixed-hand dealer: a complete, valid setup from the few cards a scenario cares about.

Tests, puzzles and bug reports want "seat 0 holds 3♦ 6♠, the table shows 3♣" without
writing out all 52 cards. :func:`fixed_setup` places the named cards and fills every
other place with the unused cards in canonical order, so the result is a legal record
``setup`` (docs/records.md, "Setups") that replays like any other.

>>> s = fixed_setup(2, dealer=1, table=["3C"], rounds=[{0: ["3D", "6S"]}])
>>> s["rounds"][0]["table"], s["rounds"][0]["hands"][0]
(['3C', 'AS', '2S', '3S'], ['3D', '6S', '4S', '5S'])
>>> len(s["rounds"]), sum(len(h) for r in s["rounds"] for h in r["hands"]) + 4
(6, 52)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from kahvehane.cards import card_name, full_deck, parse_card
from kahvehane.games.base import JSON


def fixed_setup(
    players: int,
    *,
    dealer: int = 0,
    table: Sequence[str] = (),
    rounds: Sequence[Mapping[int, Sequence[str]]] = (),
) -> JSON:
    """A setup with ``table`` (first cards of the table) and ``rounds[r][seat]`` given.

    Given cards come first in their hand or table; the rest is filled from the unused
    cards, lowest codes first. Raises ``ValueError`` if a card is named twice or a place
    is given more than four cards.
    """
    named = [parse_card(c) for c in table]
    named += [parse_card(c) for rnd in rounds for cards in rnd.values() for c in cards]
    if len(set(named)) != len(named):
        raise ValueError("a card is named twice")
    spare = iter(c for c in full_deck() if c not in set(named))

    def fill(given: Sequence[str]) -> list[str]:
        if len(given) > 4:
            raise ValueError(f"at most 4 cards per place, not {list(given)}")
        out = [card_name(parse_card(c)) for c in given]
        out += [card_name(next(spare)) for _ in range(4 - len(given))]
        return out

    per_hand = 48 // (4 * players)
    if len(rounds) > per_hand:
        raise ValueError(f"{players} players have {per_hand} rounds, not {len(rounds)}")
    out_rounds: list[JSON] = []
    first_table = fill(table)
    for r in range(per_hand):
        given = rounds[r] if r < len(rounds) else {}
        hands = [fill(given.get(s, ())) for s in range(players)]
        out_rounds.append({"hands": hands, "table": first_table} if r == 0 else {"hands": hands})
    return {"dealer": dealer, "rounds": out_rounds}
