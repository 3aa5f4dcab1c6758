"""One table of the salon, as parts that know no sockets (``docs/architecture.md``):

- :mod:`.actor` — the table's task: its queue and the dispatch of its commands;
- :mod:`.commands` — every command a table accepts, typed, each defined once;
- :mod:`.core` — the table's state, its outbox and events, views, the timer's arming;
- :mod:`.people` — the people and seats conversation (join, sit, leave, chat, ...);
- :mod:`.flow` — the match's flow (start, deals, moves, the end, restoring);
- :mod:`.recorder` — the table's only way to the database;
- :mod:`.config` — what a table is made of (:class:`TableConfig`) and talks through
  (:class:`TableDeps`);
- :mod:`.seats` — the seat rules (sit, leave, away, back, the countdown), pure;
- :mod:`.session` — the match and its persistence contract (saved before told);
- :mod:`.autoplay` — moves made for a seat: bots, and clocks that ran out;
- :mod:`.events` — the numbered events, catch-up and the epoch;
- :mod:`.views` — views, legal actions and the clock as data and as text;
- :mod:`.timer` — the one timer;
- :mod:`.chat`, :mod:`.access` — table talk, friends' tables (pure);
- :mod:`.ports` — the values and ports it talks through: a :class:`Viewer`, a
  :class:`Command`, the :class:`Outbox` and the :class:`Host`.
"""

from kahvehane.server.table.actor import TableActor
from kahvehane.server.table.config import TableConfig, TableDeps
from kahvehane.server.table.ports import Command, Host, Outbox, Viewer

__all__ = ["Command", "Host", "Outbox", "TableActor", "TableConfig", "TableDeps", "Viewer"]
