"""Playing cards: notation and primitives (docs/records.md, "Notation").

A card is an ``int`` 0..51 in canonical order: suits ``S`` (Maça), ``H`` (Kupa), ``D``
(Karo), ``C`` (Sinek), ranks ``A 2 … 10 J Q K`` within each suit, i.e. ``suit * 13 +
rank_index``. Parsers accept ``♠♥♦♣`` and lower case; the canonical form is ASCII.

>>> parse_card("10D"), card_name(parse_card("q♥"))
(35, 'QH')
>>> rank_of(parse_card("AS")), high_rank(parse_card("AS"))
(1, 14)
>>> parse_card("1S")
Traceback (most recent call last):
...
kahvehane.errors.NotationError: '1S' is not a card: ranks are A 2 3 4 5 6 7 8 9 10 J Q K
"""

from __future__ import annotations

from collections.abc import Iterable

from kahvehane.errors import Message, NotationError

Card = int

SUITS = "SHDC"
SUIT_NAMES = ("Maça", "Kupa", "Karo", "Sinek")
SUIT_SYMBOLS = "♠♥♦♣"
SPADES, HEARTS, DIAMONDS, CLUBS = range(4)
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")

#: The name of every card code (``CARD_NAMES[c] == card_name(c)``): a tuple to index
#: where names are made by the thousand (the views of trick games).
CARD_NAMES: tuple[str, ...] = tuple(f"{r}{s}" for s in SUITS for r in RANKS)
_BY_NAME: dict[str, Card] = {name: i for i, name in enumerate(CARD_NAMES)}
_SYMBOL_TO_LETTER = {sym: let for sym, let in zip(SUIT_SYMBOLS, SUITS, strict=True)}


def card(suit: int, rank: int) -> Card:
    """The card of a suit index (0..3) and a rank 1..13 (A = 1, J = 11, Q = 12, K = 13)."""
    return suit * 13 + rank - 1


def suit_of(c: Card) -> int:
    return c // 13


def rank_of(c: Card) -> int:
    """Rank 1..13 with the ace low (A = 1, K = 13)."""
    return c % 13 + 1


def high_rank(c: Card) -> int:
    """Trick-taking strength 2..14: the ace is high (A = 14)."""
    r = c % 13 + 1
    return 14 if r == 1 else r


NOT_A_CARD = Message("notation.not_a_card",
                     "{text} is not a card: a card is written like AS, 10D or QH",
                     "{text} bir kart değil: kartlar AS, 10D ya da QH gibi yazılır")
BAD_SUIT = Message("notation.bad_suit",
                   "{text} is not a card: suits are S (Maça), H (Kupa), D (Karo), C (Sinek)",
                   "{text} bir kart değil: renkler S (Maça), H (Kupa), D (Karo), C (Sinek)")
BAD_RANK = Message("notation.bad_rank", "{text} is not a card: ranks are {ranks}",
                   "{text} bir kart değil: değerler {ranks}")


def parse_card(text: str) -> Card:
    """Parse ``AS``, ``10d``, ``Q♥``; raise :class:`NotationError` saying what is wrong."""
    if not isinstance(text, str):
        raise NotationError(NOT_A_CARD, text=repr(text))
    s = text.strip().upper()
    if s and s[-1] in _SYMBOL_TO_LETTER:
        s = s[:-1] + _SYMBOL_TO_LETTER[s[-1]]
    found = _BY_NAME.get(s)
    if found is not None:
        return found
    if len(s) < 2:
        raise NotationError(NOT_A_CARD, text=repr(text))
    if s[-1] not in SUITS:
        raise NotationError(BAD_SUIT, text=repr(text))
    raise NotationError(BAD_RANK, text=repr(text), ranks=" ".join(RANKS))


def card_name(c: Card) -> str:
    return CARD_NAMES[c]


def parse_cards(texts: Iterable[str]) -> list[Card]:
    return [parse_card(x) for x in texts]


def canonical_cards(names: object) -> list[Card] | None:
    """The cards of a list of canonical names (exactly what :func:`card_name` writes), or
    ``None`` if ``names`` is anything else.

    A fast path for reading setups the engines themselves wrote (every random deal of a
    bot or a benchmark): one dict lookup per card. On ``None`` the caller parses the
    slow, lenient way (``q♥``, ``10d``), which also words the error of a bad setup.

    >>> canonical_cards(["AS", "10D"]), canonical_cards(["as"]), canonical_cards("AS")
    ([0, 35], None, None)
    """
    if type(names) is not list:
        return None
    try:
        return list(map(_BY_NAME.__getitem__, names))
    except (KeyError, TypeError):
        return None


def card_names(cards: Iterable[Card]) -> list[str]:
    return [CARD_NAMES[c] for c in cards]


def full_deck() -> list[Card]:
    """The 52 cards in canonical order (suits S H D C, ranks A..K)."""
    return list(range(52))
