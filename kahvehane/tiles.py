"""Okey tiles: notation and primitives (docs/records.md, "Notation").

A tile is a small ``int`` so that engines and the solver stay fast: ``colour * 13 +
(number - 1)`` for the 104 numbered tiles (0..51) and :data:`FALSE_JOKER` (52) for the
sahte okey. The two physical copies of a tile are indistinguishable and share a code.

Notation: colour letter then number, ``R`` Kırmızı (red), ``Y`` Sarı (yellow), ``B`` Mavi
(blue), ``K`` Siyah (black); ``J`` is the false joker.

>>> parse_tile("R7"), tile_name(parse_tile("k13"))
(6, 'K13')
>>> okey_of(parse_tile("B13")) == parse_tile("B1")
True
>>> parse_tile("R14")
Traceback (most recent call last):
...
kahvehane.errors.NotationError: 'R14' is not a tile: numbers are 1–13
"""

from __future__ import annotations

from collections.abc import Iterable

from kahvehane.errors import Message, NotationError

Tile = int

COLOURS = "RYBK"
"""Colour letters in canonical order: red, yellow, blue, black."""
COLOUR_NAMES = ("Kırmızı", "Sarı", "Mavi", "Siyah")
RED, YELLOW, BLUE, BLACK = range(4)
FALSE_JOKER: Tile = 52
NUM_KINDS = 53

_NAMES: tuple[str, ...] = (*tuple(f"{c}{n}" for c in COLOURS for n in range(1, 14)), "J")
_BY_NAME: dict[str, Tile] = {name: i for i, name in enumerate(_NAMES)}
TILE_CODES: dict[str, Tile] = dict(_BY_NAME)
"""Each canonical name (``R7``, ``J``) to its code: a fast path for reading records,
which write canonical names; :func:`parse_tile` accepts more and explains errors."""


def tile(colour: int, number: int) -> Tile:
    """The tile of a colour index (0..3) and a number (1..13)."""
    return colour * 13 + number - 1


def colour_of(t: Tile) -> int:
    """Colour index 0..3 (undefined for the false joker)."""
    return t // 13


def number_of(t: Tile) -> int:
    """Printed number 1..13 (undefined for the false joker)."""
    return t % 13 + 1


NOT_A_TILE = Message("notation.not_a_tile",
                     "{text} is not a tile: a tile is written like R7, K13 or J",
                     "{text} bir taş değil: taşlar R7, K13 ya da J gibi yazılır")
BAD_COLOUR = Message(
    "notation.bad_colour",
    "{text} is not a tile: colours are R (red), Y (yellow), B (blue), K (black);"
    " J is the false joker",
    "{text} bir taş değil: renkler R (kırmızı), Y (sarı), B (mavi), K (siyah);"
    " J sahte okeydir")
BAD_NUMBER = Message("notation.bad_number", "{text} is not a tile: numbers are 1–13",
                     "{text} bir taş değil: sayılar 1–13")


def parse_tile(text: str) -> Tile:
    """Parse ``R7``, ``k13``, ``J``; raise :class:`NotationError` saying what is wrong."""
    if not isinstance(text, str):
        raise NotationError(NOT_A_TILE, text=repr(text))
    s = text.strip().upper()
    found = _BY_NAME.get(s)
    if found is not None:
        return found
    if not s:
        raise NotationError(NOT_A_TILE, text="''")
    if s[0] not in COLOURS:
        raise NotationError(BAD_COLOUR, text=repr(text))
    rest = s[1:]
    if rest.isdigit():
        raise NotationError(BAD_NUMBER, text=repr(text))
    raise NotationError(NOT_A_TILE, text=repr(text))


def tile_name(t: Tile) -> str:
    """Canonical notation of a tile code."""
    return _NAMES[t]


def parse_tiles(texts: Iterable[str]) -> list[Tile]:
    return [parse_tile(x) for x in texts]


def tile_names(tiles: Iterable[Tile]) -> list[str]:
    return [_NAMES[t] for t in tiles]


def okey_of(indicator: Tile) -> Tile:
    """The okey: the indicator's colour, number + 1, with 13 → 1 (rule 6)."""
    if indicator == FALSE_JOKER:
        raise ValueError("the false joker is never the indicator")
    return colour_of(indicator) * 13 + (indicator % 13 + 1) % 13


def full_set() -> list[Tile]:
    """The 106 tiles in canonical order: R1 R1 R2 R2 … K13 K13 J J (docs/records.md,
    "Seeded deals")."""
    out: list[Tile] = []
    for t in range(52):
        out += [t, t]
    out += [FALSE_JOKER, FALSE_JOKER]
    return out


def unit(indicator: Tile) -> int:
    """u(c): 1 for a blue or yellow indicator, 2 for black or red (docs/rules/okey.md,
    "Düz Okey scoring")."""
    return 1 if colour_of(indicator) in (YELLOW, BLUE) else 2
