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

from collections.abc import Mapping, Sequence
from typing import Any

from kahvehane.games.spec import Settlement, Transfer

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


def settle_match(ante: int, kasa_before: int, breaks: Sequence[int | None]) -> Settlement:
    """Every chip of one match's çanak, deal by deal from the table's real pot
    ``kasa_before``: ``breaks[k]`` is the seat that broke the pot in deal ``k`` (an okey
    or pairs finish) or ``None``. The first deal's antes are ``at_start``; the later
    antes and every payout ``at_end``. A pot broken in this match pays what earlier
    matches left in it too, which a record (counting from 0) cannot show.

    >>> s = settle_match(10, 100, [None, 1, None])
    >>> s.kasa_after, s.net, sum(s.net) + s.kasa_after - s.kasa_before
    (40, (-30, 150, -30, -30), 0)
    """
    if ante <= 0 or kasa_before < 0:
        raise ValueError("the ante is positive and the pot never negative")
    pot = kasa_before
    net = [0, 0, 0, 0]
    start: list[Transfer] = []
    end: list[Transfer] = []
    for k, broke in enumerate(breaks):
        antes = [Transfer(f"seat:{s}", POT, ante) for s in range(4)]
        (start if k == 0 else end).extend(antes)
        pot += 4 * ante
        for s in range(4):
            net[s] -= ante
        if broke is not None:
            end.append(Transfer(POT, f"seat:{broke}", pot))
            net[broke] += pot
            pot = 0
    return Settlement(ante, kasa_before, pot, tuple(net), tuple(start), tuple(end))
