"""Provably fair deals: secret seeds, published commitments (docs/records.md, "Commit–reveal").

Before a deal the server draws a secret seed with :mod:`secrets` (never Python's
``random``), publishes :func:`commitment` of it, deals with the project's SHA-256 shuffle
(:mod:`kahvehane.rng`) and reveals the seed when the deal is over. Anyone can then check
the deal with ``kahvehane verify``.

>>> seed = new_seed()
>>> len(seed), commitment(seed) == commitment(str(seed))
(32, True)
"""

from __future__ import annotations

import secrets

from kahvehane.rng import commitment

__all__ = ["commitment", "new_seed"]


def new_seed() -> str:
    """A fresh secret deal seed: 128 random bits as 32 hex digits."""
    return secrets.token_hex(16)
