"""Where tables and gateways meet: the in-process bus.

Tables hand texts to viewers through an :class:`~kahvehane.server.table.ports.Outbox`;
the salon publishes lobby changes. Both go through the bus, which finds each viewer's
gateway by its id and hands the texts over. In one process that is a method call; a bus
over Redis (the next step: several nodes) implements the same methods by publishing to
each gateway's channel, and the tables do not change.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol

from kahvehane.server.table.ports import Viewer

__all__ = ["GatewayLine", "LocalBus"]


class GatewayLine(Protocol):
    """What the bus needs of a gateway: its id, and how it is handed texts for its
    connections, the tables they watch, and lobby texts for its lobby subscribers."""

    id: str

    def deliver(self, conn: int, texts: Sequence[str]) -> None: ...

    def attached(self, viewer: Viewer, table_id: str) -> None: ...

    def detached(self, viewer: Viewer, table_id: str) -> None: ...

    def lobby(self, texts: Sequence[str]) -> None: ...

    def wants_lobby(self) -> bool:
        """Whether any of its connections follows the lobby."""
        ...

    def people(self) -> set[int]:
        """The signed-in people (user ids) with a connection to it."""
        ...

    def to_people(self, user_ids: frozenset[int], texts: Sequence[str]) -> None:
        """Send ``texts`` to every connection of these people (their notifications)."""
        ...


class LocalBus:
    """The bus of one process: an :class:`~kahvehane.server.table.ports.Outbox` for the
    tables, and the lobby's fan-out, to the gateways registered here."""

    def __init__(self) -> None:
        self.gateways: dict[str, GatewayLine] = {}

    def register(self, gateway: GatewayLine) -> None:
        if gateway.id in self.gateways:
            raise ValueError(f"a gateway {gateway.id!r} is already on the bus")
        self.gateways[gateway.id] = gateway

    # ---------------------------------------------------------------- Outbox
    def deliver(self, viewers: Iterable[Viewer], texts: Sequence[str]) -> None:
        gateways = self.gateways
        for viewer in viewers:
            gateway = gateways.get(viewer.gateway)
            if gateway is not None:
                gateway.deliver(viewer.conn, texts)

    def attached(self, viewer: Viewer, table_id: str) -> None:
        gateway = self.gateways.get(viewer.gateway)
        if gateway is not None:
            gateway.attached(viewer, table_id)

    def detached(self, viewer: Viewer, table_id: str) -> None:
        gateway = self.gateways.get(viewer.gateway)
        if gateway is not None:
            gateway.detached(viewer, table_id)

    # ---------------------------------------------------------------- people
    def to_people(self, user_ids: Iterable[int], texts: Sequence[str]) -> None:
        """``texts`` for every connection of the people ``user_ids``, wherever in the
        site they are (a notification, a private message): here, every gateway of this
        process; a cluster's bus also tells the other nodes."""
        wanted = frozenset(user_ids)
        for gateway in self.gateways.values():
            gateway.to_people(wanted, texts)

    def present(self) -> set[int]:
        """The people with a connection to a gateway of this process."""
        return set().union(*(g.people() for g in self.gateways.values()))

    # ---------------------------------------------------------------- the lobby
    def wants_lobby(self) -> bool:
        """Whether anyone follows the lobby (else its changes need not be made)."""
        return any(g.wants_lobby() for g in self.gateways.values())

    def publish_lobby(self, texts: Sequence[str]) -> None:
        """Lobby messages for every lobby subscriber of every gateway (one flush's: each
        subscriber gets them in one write)."""
        for gateway in self.gateways.values():
            gateway.lobby(texts)
