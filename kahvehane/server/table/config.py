"""What a table is made of: :class:`TableConfig`, the table itself as its row holds it,
and :class:`TableDeps`, what it talks through. The salon (or a cluster's node) makes
both when it opens or restores a table; a test makes them with a stub host, a
collecting outbox, a recorder over an in-memory database and a clock it moves by hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from kahvehane.games.spec import GameSpec
from kahvehane.server.settings import Settings
from kahvehane.server.table.access import Access
from kahvehane.server.table.ports import Host, Outbox
from kahvehane.server.table.recorder import Recorder
from kahvehane.server.table.timer import Clock
from kahvehane.server.tally import Tally
from kahvehane.users import UserInfo

__all__ = ["TableConfig", "TableDeps"]

JSON = dict[str, Any]


@dataclass(frozen=True, slots=True)
class TableConfig:
    """A table as it was opened (or as the database holds it after a restart): its id,
    game and options (the game's and the table's, the bots' level among them), entry
    fee, move clock in seconds and manager; and what it carries over: the Kasa, the
    matches played, its privacy and the recent talk."""

    id: str
    spec: GameSpec
    options: JSON
    entry: int | None
    clock: int
    manager: UserInfo
    kasa: int | None = None
    matches_played: int = 0
    access: Access = field(default_factory=Access)
    chat: Sequence[JSON] = ()
    #: opened by "Hemen oyna" (``quick``): other quick players are seated here, and the
    #: match starts by itself when the wait for them ends (docs/protocol.md §3.2)
    quick: bool = False


@dataclass(frozen=True, slots=True)
class TableDeps:
    """What a table talks through: the salon's settings, its way to the database, its
    outbox (texts for viewers) and host (the lobby, its closing), the epoch of its
    event numbers, and the clock of its timer (``None``: the event loop's)."""

    settings: Settings
    recorder: Recorder
    outbox: Outbox
    host: Host
    epoch: str
    time: Clock | None = None
    #: the process's counts (moves, reconnects) and the move latency hook (metrics)
    tally: Tally = field(default_factory=Tally)
