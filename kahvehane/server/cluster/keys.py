"""Every Redis key and channel of a salon, under one prefix (docs/scaling.md lists what
each holds), so that several salons or test runs share one Redis."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Keys:
    prefix: str

    def commands(self, table: str) -> str:
        """Stream: the commands for one table, in order, read by its owner."""
        return f"{self.prefix}:t:{table}"

    def gateway(self, gateway: str) -> str:
        """Channel: what the tables say to one gateway's connections."""
        return f"{self.prefix}:gw:{gateway}"

    def lease(self, table: str) -> str:
        """String with a time to live: the node that owns the table."""
        return f"{self.prefix}:lease:{table}"

    def node(self, node: str) -> str:
        """Channel: requests to one node (adopt a new table; a table's stream rang)."""
        return f"{self.prefix}:node:{node}"

    def limit(self, key: str) -> str:
        """Hash: one limiter key's count, first and last hit."""
        return f"{self.prefix}:limit:{key}"

    @property
    def lobby(self) -> str:
        """Hash: table id → its lobby line (JSON); also the directory of open tables."""
        return f"{self.prefix}:lobby"

    @property
    def lobby_delta(self) -> str:
        """Channel: every lobby flush of every node (its origin and its texts)."""
        return f"{self.prefix}:lobby:delta"

    @property
    def private(self) -> str:
        """Set: the open friends' tables (never listed): with the lobby's hash and the
        leases, the directory of open tables a command may be sent to."""
        return f"{self.prefix}:private"

    @property
    def read(self) -> str:
        """Hash: table id → the id of the last command read from its stream (where a
        new owner reads on from)."""
        return f"{self.prefix}:read"

    @property
    def nodes(self) -> str:
        """Hash: node id → its presence (load, last heartbeat)."""
        return f"{self.prefix}:nodes"

    @property
    def online(self) -> str:
        """Hash: node id → the people connected to it (its heartbeat's count)."""
        return f"{self.prefix}:online"

    @property
    def people(self) -> str:
        """Channel: texts for some people's connections, on every node (their origin
        node, the user ids, the texts): notifications and private messages."""
        return f"{self.prefix}:people"

    @property
    def presence(self) -> str:
        """Hash: node id → the user ids connected to it (JSON; its heartbeat's)."""
        return f"{self.prefix}:presence"

    @property
    def owners(self) -> str:
        """Channel: a table has a new owner (table, node, incarnation)."""
        return f"{self.prefix}:owners"
