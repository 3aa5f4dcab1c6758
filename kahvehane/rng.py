"""The project's documented, version-independent shuffle (docs/records.md, "Seeded deals").

Python's ``random`` changes between versions and is not meant for fairness proofs, so
deals come from a SHA-256 stream instead: block *i* is
``SHA-256("kahvehane/1:{seed}:{k}:{i}")``, read as 8-byte big-endian chunks; an integer
in ``[0, n)`` is taken by rejection sampling (no modulo bias); Fisher–Yates runs from the
top index down. Anyone can re-derive a deal from its seed with a few lines of code.

>>> s = DealStream(7, 0)
>>> [s.below(106) for _ in range(3)]
[30, 90, 87]
>>> seed_string(42) == seed_string("42")
True
>>> commitment("7")
'7902699be42c8a8e46fbbb4501726517e86b22c56a189f7625a6da49081b2451'
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from typing import TypeVar

T = TypeVar("T")

_TWO64 = 1 << 64


def seed_string(seed: str | int) -> str:
    """The seed as it enters the hash: a string as stored, an integer as its decimal."""
    if isinstance(seed, bool):
        raise TypeError("a seed is a string or an integer, not a boolean")
    if isinstance(seed, int):
        return str(seed)
    if isinstance(seed, str):
        return seed
    raise TypeError(f"a seed is a string or an integer, not {type(seed).__name__}")


def commitment(seed: str | int) -> str:
    """The SHA-256 hex digest of the seed string: published before a deal, checked after."""
    return hashlib.sha256(seed_string(seed).encode("utf-8")).hexdigest()


class DealStream:
    """The random stream of deal *k* of a seed: successive 64-bit chunks of SHA-256 blocks."""

    __slots__ = ("_chunks", "_prefix")

    def __init__(self, seed: str | int, k: int) -> None:
        self._prefix = f"kahvehane/1:{seed_string(seed)}:{k}:"
        self._chunks: Iterator[int] = self._generate()

    def _generate(self) -> Iterator[int]:
        i = 0
        while True:
            block = hashlib.sha256(f"{self._prefix}{i}".encode()).digest()
            for off in range(0, 32, 8):
                yield int.from_bytes(block[off : off + 8], "big")
            i += 1

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``, by rejection of chunks at or above L."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = _TWO64 - (_TWO64 % n)
        while True:
            x = next(self._chunks)
            if x < limit:
                return x % n

    def shuffle(self, items: list[T]) -> list[T]:
        """Fisher–Yates in place (i from n−1 down to 1, swap with a draw in [0, i])."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
        return items


def below_from_chunks(chunks: list[int], n: int) -> tuple[int, int]:
    """Rejection sampling on given chunks: (result, chunks skipped). For tests and docs."""
    limit = _TWO64 - (_TWO64 % n)
    for skipped, x in enumerate(chunks):
        if x < limit:
            return x % n, skipped
    raise ValueError("every chunk was rejected")
