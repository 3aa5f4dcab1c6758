"""Koz Maça chips: the entry, the winner's prize and the table's Kasa (KM-14, KM-15).

A pure function, so that the ledger (a later issue) can post exactly what it returns and
tests can check conservation without a database: every chip a settlement moves is one
:class:`Transfer` between named accounts, and the four players' net changes plus the
Kasa's change always sum to zero (P-5).

Accounts: ``"seat:0"`` … ``"seat:3"`` (the players), ``"pot"`` (the four entries, empty
again once the game is settled) and ``"kasa"`` (the table's Kasa, which outlives games).

>>> s = settle_game(entry=1_000, kasa_before=5_000, winner=0, kasa_claimant=2)
>>> s.kasa_at_start, s.net, s.kasa_after
(6000, (2000, -1000, 5000, -1000), 0)
>>> sum(s.net) + s.kasa_delta
0
"""

from __future__ import annotations

from dataclasses import dataclass

from kahvehane.games.spec import Transfer

__all__ = ["ChipSettlement", "Transfer", "settle_game"]

SEATS = 4


@dataclass(frozen=True, slots=True)
class ChipSettlement:
    """Every chip movement of one Koz Maça game, start to end.

    ``kasa_before`` is the Kasa before this game, ``kasa_at_start`` after this game's
    contribution (KM-15: "at the start of each game K += E"), ``kasa_after`` after the
    claimant (if any) was paid. ``net[s]`` is seat ``s``'s change over the whole game
    (entry paid included).
    """

    entry: int
    kasa_before: int
    kasa_at_start: int
    kasa_after: int
    net: tuple[int, ...]
    transfers: tuple[Transfer, ...]

    @property
    def kasa_delta(self) -> int:
        return self.kasa_after - self.kasa_before


def _check_seat(value: int | None, what: str, *, optional: bool) -> None:
    if value is None and optional:
        return
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < SEATS:
        raise ValueError(f"{what} must be a seat 0..{SEATS - 1}, not {value!r}")


def settle_game(
    entry: int, kasa_before: int, winner: int, kasa_claimant: int | None
) -> ChipSettlement:
    """The chips of a finished game with entry ``entry`` and Kasa ``kasa_before``.

    At the start each player pays ``entry`` into the pot, and one entry goes from the pot
    to the Kasa (KM-14/15). At the end the winner receives 3 × entry from the pot, and
    the Kasa claimant (if any) receives the whole Kasa, which becomes 0; without a
    claimant the Kasa carries over. The winner and the claimant may be the same seat.

    >>> settle_game(1_000, 0, winner=3, kasa_claimant=None).net
    (-1000, -1000, -1000, 2000)
    >>> settle_game(0, 0, 0, None)
    Traceback (most recent call last):
    ...
    ValueError: the entry must be a positive integer, not 0
    """
    if isinstance(entry, bool) or not isinstance(entry, int) or entry <= 0:
        raise ValueError(f"the entry must be a positive integer, not {entry!r}")
    if isinstance(kasa_before, bool) or not isinstance(kasa_before, int) or kasa_before < 0:
        raise ValueError(f"the Kasa must be a non-negative integer, not {kasa_before!r}")
    _check_seat(winner, "the winner", optional=False)
    _check_seat(kasa_claimant, "the Kasa claimant", optional=True)

    transfers = [Transfer(f"seat:{s}", "pot", entry) for s in range(SEATS)]
    transfers.append(Transfer("pot", "kasa", entry))
    kasa_at_start = kasa_before + entry
    transfers.append(Transfer("pot", f"seat:{winner}", 3 * entry))
    kasa_after = kasa_at_start
    if kasa_claimant is not None:
        transfers.append(Transfer("kasa", f"seat:{kasa_claimant}", kasa_at_start))
        kasa_after = 0

    balance: dict[str, int] = {}
    for t in transfers:
        balance[t.source] = balance.get(t.source, 0) - t.amount
        balance[t.target] = balance.get(t.target, 0) + t.amount
    # The pot is only a waypoint: 4E in, E to the Kasa, 3E to the winner.
    assert balance["pot"] == 0
    net = tuple(balance[f"seat:{s}"] for s in range(SEATS))
    assert sum(net) + kasa_after - kasa_before == 0
    return ChipSettlement(entry, kasa_before, kasa_at_start, kasa_after, net, tuple(transfers))
