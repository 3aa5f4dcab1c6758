"""The salon's Prometheus metrics (``GET /metrics``, docs/operations.md "Metrics").

What the salon is now — connections, tables by game and state, people and bots seated —
is read from the salon itself when Prometheus scrapes (a custom collector), so it costs
play nothing. What happened is counted as plain integers where it happens
(:class:`~kahvehane.server.tally.Tally`, the store's ``failures`` and ``commits``) and
turned into counters at the scrape. Only the two histograms are observed as things
happen: a person's move from its arrival to the last seat's send (one ``observe`` per
move) and a database commit (one per group commit, on the writer thread).

Every series carries a ``node`` label (``--node-id`` on a cluster, where each node
serves its own ``/metrics``; ``single`` for a salon of one process).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from prometheus_client import CollectorRegistry, Histogram, generate_latest
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

from kahvehane.server.gateway import Gateway
from kahvehane.server.salon import Salon

#: The text format's content type, as Prometheus asks for it.
CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"

#: Seconds: a move on a loaded node takes a few milliseconds; past a second is an outage.
MOVE_BUCKETS = (0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
#: Seconds from a write's request to its commit (the group commit's wait included).
WRITE_BUCKETS = (0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 3.0)


def node_name(salon: Salon) -> str:
    """This process's name in the ``node`` label."""
    node = getattr(salon, "node", None)
    return node if isinstance(node, str) else "single"


class SalonCollector(Collector):
    """The gauges and counters, read from the salon at each scrape."""

    def __init__(self, salon: Salon, gateway: Gateway) -> None:
        self.salon = salon
        self.gateway = gateway
        self.node = node_name(salon)

    def collect(self) -> Iterator[Metric]:
        node = self.node
        salon, tally, store = self.salon, self.salon.tally, self.salon.store
        conns = GaugeMetricFamily("kahvehane_connections",
                                  "WebSocket connections open on this node", labels=["node"])
        conns.add_metric([node], len(self.gateway.conns))
        yield conns
        by_kind: Counter[tuple[str, str]] = Counter()
        people = bots = 0
        for table in list(salon.tables.values()):
            by_kind[table.spec.id, table.status] += 1
            for seat in table.seating.seats:
                if seat.bot is not None:
                    bots += 1
                elif seat.user is not None:
                    people += 1
        tables = GaugeMetricFamily("kahvehane_tables", "open tables by game and state",
                                   labels=["node", "game", "state"])
        for (game, state), n in sorted(by_kind.items()):
            tables.add_metric([node, game, state], n)
        yield tables
        seated = GaugeMetricFamily("kahvehane_seated", "seats taken, by people and by bots",
                                   labels=["node", "kind"])
        seated.add_metric([node, "person"], people)
        seated.add_metric([node, "bot"], bots)
        yield seated
        for name, text, value in (
            ("kahvehane_moves", "moves played (people's and bots')", tally.moves),
            ("kahvehane_reconnects", "table joins by clients that had seen its events",
             tally.reconnects),
            ("kahvehane_rate_limited", "client messages refused by the rate limit",
             tally.rate_limited),
            ("kahvehane_storage_failures", "database writes that failed (storage_failed)",
             store.failures),
            ("kahvehane_db_commits", "database transactions committed", store.commits),
        ):
            family = CounterMetricFamily(name, text, labels=["node"])
            family.add_metric([node], value)
            yield family


class Metrics:
    """One app's registry: the collector, and the two histograms hooked into the table's
    tally and the store (:meth:`install`)."""

    def __init__(self, salon: Salon, gateway: Gateway) -> None:
        self.registry = CollectorRegistry(auto_describe=False)
        self.registry.register(SalonCollector(salon, gateway))
        node = node_name(salon)
        self.move_latency = Histogram(
            "kahvehane_move_latency_seconds",
            "a person's move: from its arrival to its texts handed to the last seat",
            ["node"], registry=self.registry, buckets=MOVE_BUCKETS).labels(node)
        self.write_latency = Histogram(
            "kahvehane_db_write_seconds",
            "a database write: from its request to its commit",
            ["node"], registry=self.registry, buckets=WRITE_BUCKETS).labels(node)
        salon.tally.move_latency = self.move_latency.observe
        salon.store.observe_write = self.write_latency.observe

    def text(self) -> bytes:
        """The Prometheus text exposition of every metric."""
        return generate_latest(self.registry)
