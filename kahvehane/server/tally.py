"""What the salon counts as it runs, for ``GET /metrics`` (:mod:`kahvehane.server.metrics`).

Why plain integers and one hook: the table, the connections and the store are the hot
path of every move, and a Prometheus metric costs a lock and a label lookup each time.
Here a count is one attribute increment; the metrics module reads the counts when it
is scraped and turns them into Prometheus counters, and gives :attr:`Tally.move_latency`
its histogram's ``observe``. Without metrics the hook does nothing. This module imports
nothing of the server, so the table (``server/table/``) can be given a tally through
its :class:`~kahvehane.server.table.config.TableDeps` without reaching the socket side.
"""

from __future__ import annotations

from collections.abc import Callable


def _ignore(seconds: float) -> None:
    """The latency hook when nothing observes it."""


class Tally:
    """The counts of one process (one node of a cluster): each only grows."""

    __slots__ = ("move_latency", "moves", "rate_limited", "reconnects")

    def __init__(self) -> None:
        #: moves played (people's and bots'), every game
        self.moves = 0
        #: joins of a table by a client that had seen its events before (``last``)
        self.reconnects = 0
        #: client messages refused by the per-connection rate limit
        self.rate_limited = 0
        #: seconds from a person's move reaching this process to its texts handed to
        #: the last seat's connection (``observe`` of a histogram, or nothing)
        self.move_latency: Callable[[float], None] = _ignore
