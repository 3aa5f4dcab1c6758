"""The trick-taking core shared by Koz Maça and Balayı Kingi.

* :mod:`~kahvehane.games.tricks.masks` — cards as bits and the lookup rows;
* :mod:`~kahvehane.games.tricks.duties` — :class:`TrickDuties` (one game's switches) and
  the duties themselves, stated once: :func:`playable_mask`, :func:`trick_winner`,
  :func:`explain_illegal`;
* :mod:`~kahvehane.games.tricks.actions` — :class:`Play` and its shared instances;
* :mod:`~kahvehane.games.tricks.deal` — :class:`TrickDeal`, the play phase every trick
  game's deal shares, and the hooks a game (or a compiled core) fills in;
* :mod:`~kahvehane.games.tricks.sampling` — what the games' ``deal_from_view`` share.

>>> from kahvehane.cards import card_name, parse_card as p
>>> km = TrickDuties(trump=SPADES, raise_plain=True, trump_lead_needs_break=True,
...                  lead_rule="KM-8", follow_rule="KM-9", void_rule="KM-10")
>>> hand = mask_of([p("9H"), p("QH"), p("AC")])
>>> [card_name(c) for c in cards_of(follow_mask(km, hand, [p("5H"), p("JH")]))]  # raise
['QH']
>>> trick_winner([p("AH"), p("2S"), p("KH"), p("AC")], SPADES)   # the 2S ruff wins
1
"""

from __future__ import annotations

from kahvehane.games.tricks.actions import PLAYS, PLAYS_BY_MASK, Play, parse_play, plays_of
from kahvehane.games.tricks.deal import OVER, PLAYING, TrickDeal
from kahvehane.games.tricks.duties import (
    SPADES,
    Refusal,
    TrickDuties,
    explain_illegal,
    follow_mask,
    lead_mask,
    playable_mask,
    trick_winner,
)
from kahvehane.games.tricks.masks import (
    BIT,
    FULL,
    HIGHER,
    STRENGTH,
    SUIT_MASK,
    SUIT_OF,
    UPPER,
    canonical_masks,
    cards_of,
    mask_of,
)

__all__ = [
    "BIT",
    "FULL",
    "HIGHER",
    "OVER",
    "PLAYING",
    "PLAYS",
    "PLAYS_BY_MASK",
    "SPADES",
    "STRENGTH",
    "SUIT_MASK",
    "SUIT_OF",
    "UPPER",
    "Play",
    "Refusal",
    "TrickDeal",
    "TrickDuties",
    "canonical_masks",
    "cards_of",
    "explain_illegal",
    "follow_mask",
    "lead_mask",
    "mask_of",
    "parse_play",
    "playable_mask",
    "plays_of",
    "trick_winner",
]
