"""One table of the salon as an actor: a single asyncio task that owns all of the
table's state; everything reaches it as a :class:`~.ports.Command` through its queue
(docs/architecture.md, "The parts"), including its own timer, so nothing else ever
touches its match.

The actor is its parts put together: the shared state and the outbox (:mod:`.core`),
the people and seats conversation (:mod:`.people`) and the match's flow (:mod:`.flow`),
each handler marked with the typed command it handles (:mod:`.commands`). This module
adds the task: it takes one command at a time, reads it into its typed command, runs
its handler, and turns what went wrong into the sender's coded error. It talks only
through its ports (:mod:`.ports`) and its recorder (:mod:`.recorder`); it knows no
sockets.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import Any

from sqlalchemy.exc import SQLAlchemyError

from kahvehane.server.errors import INTERNAL, STORAGE_FAILED, NotSaved, ProtocolError
from kahvehane.server.logs import MATCH, TABLE, USER
from kahvehane.server.table.commands import TableCommand, handled_kinds, parse
from kahvehane.server.table.core import RETRY_AFTER, log
from kahvehane.server.table.flow import MatchFlow
from kahvehane.server.table.people import People
from kahvehane.server.table.ports import Command
from kahvehane.server.table.seats import CLOSED

__all__ = ["RETRY_AFTER", "TableActor"]

Handler = Callable[[Any, Any], Awaitable[None]]


class TableActor(People, MatchFlow):
    """A table and its task. The salon creates (or restores) it from a
    :class:`~.config.TableConfig` and :class:`~.config.TableDeps` and routes commands
    to it with :meth:`submit`."""

    task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self.task = asyncio.get_running_loop().create_task(self._run(), name=f"table-{self.id}")
        self._reschedule(new_turn=True)

    async def _run(self) -> None:
        TABLE.set(self.id)  # this task's log lines name the table (server/logs.py)
        while self.status != CLOSED:
            await self.step(await self.queue.get())

    async def step(self, env: Command) -> None:
        """Handle one command: what it asks, or the coded refusal its sender gets (a
        failed write: ``storage_failed``, and the table back at its saved state)."""
        viewer = env.viewer
        USER.set(None if viewer is None or viewer.user is None else viewer.user.id)
        MATCH.set(None if self.session is None else self.session.match_id)
        try:
            cmd = parse(env)
            await _HANDLERS[type(cmd)](self, cmd)
            if env.at and env.kind == "act":  # handed to every seat's connection by now
                self.tally.move_latency(time.perf_counter() - env.at)
        except ProtocolError as exc:
            self._refuse(env, exc)
        except NotSaved as exc:
            self._not_saved(env, exc)
        except SQLAlchemyError as exc:  # a read the database could not serve in time
            log.warning("table %s: %s: the database failed: %s", self.id, env.kind,
                        (str(exc).splitlines() or [type(exc).__name__])[0])
            self._refuse(env, ProtocolError("storage_failed", STORAGE_FAILED))
        except Exception:
            log.exception("table %s: %s failed", self.id, env.kind)
            self._refuse(env, ProtocolError("internal", INTERNAL))


#: Every command's handler (a command without one, or with two, stops the import).
_HANDLERS: dict[type[TableCommand], Handler] = handled_kinds(TableActor)
