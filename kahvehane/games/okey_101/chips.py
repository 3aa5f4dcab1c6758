"""The çanak as ledger transfers (docs/rules/okey_101.md 101-39), as Koz Maça's Kasa is
(:mod:`kahvehane.games.koz_maca.chips`): every chip one deal moves is a
:class:`~kahvehane.games.spec.Transfer` between named accounts, ``"seat:0"`` …
``"seat:3"`` and ``"kasa"`` (the table's pot, which outlives deals and matches), so that
the ledger posts exactly what this returns and the seats' changes plus the pot's change
sum to zero.

>>> detail = {"before": 40, "paid_in": 40, "paid_out": {"to": 1, "chips": 80}, "after": 0}
>>> [(t.source, t.target, t.amount) for t in canak_transfers(detail, ante=10)][-1]
('kasa', 'seat:1', 80)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kahvehane.games.spec import Transfer

POT = "kasa"


def canak_transfers(canak: Mapping[str, Any], ante: int) -> tuple[Transfer, ...]:
    """The transfers of one deal's ``detail.canak``: each seat's ante into the pot, then
    the payout, if the deal broke the pot."""
    out = [Transfer(f"seat:{s}", POT, ante) for s in range(4)]
    paid = canak.get("paid_out")
    if paid is not None:
        out.append(Transfer(POT, f"seat:{paid['to']}", int(paid["chips"])))
    return tuple(out)


def net_changes(transfers: tuple[Transfer, ...]) -> dict[str, int]:
    """Each account's change over some transfers (they always sum to zero)."""
    moved: dict[str, int] = {}
    for t in transfers:
        moved[t.source] = moved.get(t.source, 0) - t.amount
        moved[t.target] = moved.get(t.target, 0) + t.amount
    return moved
