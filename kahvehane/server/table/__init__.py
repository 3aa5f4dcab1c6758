"""One table of the salon, as parts that know no sockets (``docs/architecture.md``):

- :mod:`.actor` — the table's task: its queue, the handlers of its commands, its timer;
- :mod:`.seats` — the seat rules (sit, leave, away, back, the countdown), pure;
- :mod:`.session` — the match and its persistence contract (saved before told);
- :mod:`.autoplay` — moves made for a seat: bots, and clocks that ran out;
- :mod:`.events` — the numbered events, catch-up and the epoch;
- :mod:`.views` — views, legal actions and the clock as data and as text;
- :mod:`.timer` — the one timer;
- :mod:`.ports` — the values and ports it talks through: a :class:`Viewer`, a
  :class:`Command`, the :class:`Outbox` and the :class:`Host`.
"""

from kahvehane.server.table.actor import TableActor
from kahvehane.server.table.ports import Command, Host, Outbox, Viewer

__all__ = ["Command", "Host", "Outbox", "TableActor", "Viewer"]
