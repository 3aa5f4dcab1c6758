"""A hand's setup (docs/records.md, "Setups"): a shuffled deck dealt the way C-9 / C-10 say, and
a record's setup read back and checked.

A setup is the whole deck, round by round: ``{"dealer", "rounds": [{"hands", "table"},
{"hands"}, …]}``, four cards per hand, four on the table in the first round only.

>>> from kahvehane.games.casino.values import CasinoVariant
>>> variant = CasinoVariant(players=2)
>>> setup = deal_order(variant, list(range(52)), 1)
>>> setup["rounds"][0]  # C-9: 2 to seat 0, 2 to the table, 2 to the dealer, twice
{'hands': [['AS', '2S', '7S', '8S'], ['5S', '6S', 'JS', 'QS']], 'table': ['3S', '4S', '9S', '10S']}
>>> dealer, rounds, table = read_setup(variant, setup)
>>> dealer, len(rounds), len(table)
(1, 6, 4)
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from kahvehane.cards import Card, card_name, full_deck, parse_card
from kahvehane.errors import MalformedSetup
from kahvehane.games.base import JSON
from kahvehane.games.casino.messages import DEALER, HANDS, LATER_TABLE, ROUND_NOT_OBJECT, ROUNDS
from kahvehane.games.casino.values import CasinoVariant
from kahvehane.games.setup_checks import (
    THE_52_CARDS,
    check_exact_deck,
    field,
    item_list,
    seat_field,
)

__all__ = ["deal_order", "read_setup", "setup_dealer"]


def deal_order(variant: CasinoVariant, order: Sequence[Card], dealer: int) -> JSON:
    """Deal a shuffled deck the way C-9 / C-10 say, two cards at a time.

    First round: two to each player from the dealer's left, two to the table, two to
    the dealer — twice. Later rounds: two to each player, dealer last — twice.
    """
    n = variant.players
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
    for _ in range(1, variant.rounds_per_hand):
        hands = [[] for _ in range(n)]
        for _ in range(2):
            for s in order_of_play:
                hands[s] += two()
        rounds.append({"hands": hands})
    return {"dealer": dealer, "rounds": rounds}


def read_setup(
    variant: CasinoVariant, setup: Mapping[str, Any]
) -> tuple[int, list[list[list[Card]]], list[Card]]:
    """The dealer, the hands of every round and the first round's table of a setup;
    :class:`MalformedSetup` naming the field if it is not exactly the 52 cards dealt
    for ``variant.players`` players."""
    n = variant.players
    dealer = seat_field(setup, "dealer", n)
    raw_rounds = field(setup, "rounds")
    want = variant.rounds_per_hand
    if not isinstance(raw_rounds, list) or len(raw_rounds) != want:
        raise MalformedSetup(ROUNDS, count=want, players=n)
    rounds: list[list[list[Card]]] = []
    table: list[Card] = []
    for r, rnd in enumerate(raw_rounds):
        if not isinstance(rnd, dict):
            raise MalformedSetup(ROUND_NOT_OBJECT, round=r)
        hands = field(rnd, "hands")
        if not isinstance(hands, list) or len(hands) != n:
            raise MalformedSetup(HANDS, round=r, players=n)
        rounds.append(
            [item_list(h, f"rounds[{r}].hands[{s}]", parse_card, 4) for s, h in enumerate(hands)]
        )
        if r == 0:
            table = item_list(field(rnd, "table"), "rounds[0].table", parse_card, 4)
        elif "table" in rnd:
            raise MalformedSetup(LATER_TABLE, round=r)
    every = [c for rnd in rounds for h in rnd for c in h] + table
    check_exact_deck(every, full_deck(), card_name, THE_52_CARDS)
    return dealer, rounds, table


def setup_dealer(setup: Mapping[str, Any]) -> int:
    """The dealer a setup names (any seat number: the number of players is checked when
    the deal is built)."""
    dealer = field(setup, "dealer")
    if isinstance(dealer, bool) or not isinstance(dealer, int) or dealer < 0:
        raise MalformedSetup(DEALER, value=repr(dealer))
    return dealer
