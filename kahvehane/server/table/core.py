"""A table's state and what every part of it shares: saying things to viewers (the
outbox), the numbered events, what viewers see (the lobby line, snapshots), arming the
one timer, and the two writes of who sits where.

The table is one object (:class:`~.actor.TableActor`) made of parts that change for
different reasons: this core; the people and seats conversation (:mod:`.people`); the
match's flow (:mod:`.flow`); the task and its dispatch (:mod:`.actor`). Each part is a
class over this one, so they share the state without passing it around.

**Saved before told.** Every accepted action is written to the database (group commit)
*before* anyone is told about it, so a restarted server resumes from exactly what the
players saw. If a write fails, what it would have saved is undone in memory too, the
table is back at the saved state, the sender gets ``storage_failed``, every viewer a
``sync`` of that state, and the table tries again after a pause (:data:`RETRY_AFTER`).
"""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
from typing import Any

from kahvehane.errors import Message
from kahvehane.games import get_game
from kahvehane.games.base import Event
from kahvehane.games.spec import split_table_options
from kahvehane.server.errors import SEATS_NOT_SAVED, STORAGE_FAILED, NotSaved, ProtocolError
from kahvehane.server.protocol import dumps, error_message, join_objects, message_id, now_ms
from kahvehane.server.rooms import room_name
from kahvehane.server.table.autoplay import Autoplay
from kahvehane.server.table.chat import ChatLimiter, ChatLog
from kahvehane.server.table.commands import ClientCommand
from kahvehane.server.table.config import TableConfig, TableDeps
from kahvehane.server.table.events import EventLog, StoredEvent, event_text
from kahvehane.server.table.ports import Command, Viewer
from kahvehane.server.table.seats import COUNTDOWN, PLAYING, WAITING, Seating
from kahvehane.server.table.session import MatchSession
from kahvehane.server.table.timer import Timer
from kahvehane.server.table.views import clock_json, match_state, state_text
from kahvehane.users import UserInfo

__all__ = ["JSON", "NOT_SAVED_REASON", "RETRY_AFTER", "TableCore", "log", "reason_of"]

log = logging.getLogger("kahvehane.server.table")

RETRY_AFTER = 1.0  # seconds before a table's timers fire again after a failed write

#: The ``reason`` of the ``sync`` every viewer gets after a change was not saved.
NOT_SAVED_REASON = {"code": "storage_failed", "message": STORAGE_FAILED.en,
                    "i18n": {"code": STORAGE_FAILED.code, "params": {}}}

JSON = dict[str, Any]


def reason_of(message: Message) -> JSON:
    """An event's ``reason`` (English) with its ``i18n`` code, for any language."""
    return {"reason": message.en, "i18n": {"code": message.code, "params": {}}}


class TableCore:
    """The state of one table and the means its parts share."""

    def __init__(self, config: TableConfig, deps: TableDeps) -> None:
        spec = config.spec
        self.id = config.id
        self.spec = spec
        self.rules = get_game(spec.id)
        self.options = config.options  # the game's and the table's (the bots' level)
        game_options, table_options = split_table_options(config.options, spec.id)
        self.game_options = game_options  # what the rules and the records see
        self.entry = config.entry
        self.clock = config.clock
        self.kasa = config.kasa
        self.matches_played = config.matches_played
        settings = self.settings = deps.settings
        self.recorder = deps.recorder
        self.outbox = deps.outbox
        self.host = deps.host
        self.tally = deps.tally
        self.num_seats = self.rules.num_seats(game_options)
        self.seating = Seating(self.num_seats, config.manager)
        self.viewers: dict[Viewer, None] = {}
        self.log = EventLog(config.id, deps.epoch, settings.replay_events)
        self.session: MatchSession | None = None
        # a match that cannot go on, to be ended without a result (its id and why); set
        # until that end is saved (tried again after a pause if the write fails)
        self.failed: tuple[int, Message] | None = None
        self.aborted: JSON | None = None  # the last such end, shown in snapshots
        self.deadline: int | None = None  # move clock of the seats to act (ms)
        self.queue: asyncio.Queue[Command] = asyncio.Queue()
        self.timer = Timer(self.submit, deps.time)
        self.autoplay = Autoplay(spec.id, spec.free_actions, settings.bot_kind,
                                 random.Random(secrets.randbits(64)),
                                 level=table_options["bot_level"])
        self.access = config.access
        self.chat = ChatLog(settings.chat_recent, config.chat)
        self.chat_limiter = ChatLimiter(settings.chat_lines, settings.chat_seconds)
        self.quick = config.quick  # opened by "Hemen oyna": see TableConfig
        self.quick_wait = False  # the countdown running is a quick table's wait for people
        # the last match was played out by its bots after its people had all gone: the
        # table closes at once (docs/server.md "Quick play and the lobby")
        self.played_out = False
        # nobody has had the table open yet (just opened, or restored): it is listed
        # meanwhile, as its opener's page is on its way (and closes after the grace time
        # if nobody comes)
        self.unvisited = True

    @property
    def status(self) -> str:
        return self.seating.status

    def submit(self, cmd: Command) -> None:
        """Put ``cmd`` in the table's queue (the only way in)."""
        self.queue.put_nowait(cmd)

    # ================================================================ saying things
    def _send(self, viewer: Viewer, texts: list[str]) -> None:
        self.outbox.deliver((viewer,), texts)

    def _refuse(self, env: Command, exc: ProtocolError) -> None:
        if env.viewer is not None:
            self._send(env.viewer, [dumps(error_message(exc, msg_id=message_id(env.msg),
                                                        table=self.id))])

    def _ok(self, cmd: ClientCommand) -> None:
        if cmd.id is not None:
            self._send(cmd.sender, [dumps({"type": "ok", "id": cmd.id})])

    def _not_saved(self, env: Command, exc: NotSaved) -> None:
        """A write failed and its change was undone: tell the sender, give every viewer
        the saved state again with the reason (``storage_failed``, coded, so the page
        can say it in its language), and let the timers try again after a pause."""
        log.warning("table %s: %s not saved: %s", self.id, env.kind, exc.__cause__ or exc)
        self.timer.retry_after(RETRY_AFTER)
        self._refuse(env, ProtocolError("storage_failed", STORAGE_FAILED))
        if self.status == PLAYING:
            for viewer in list(self.viewers):
                sync: JSON = {"type": "sync", "table": self.id, "n": self.log.n,
                              "reason": NOT_SAVED_REASON}
                sync.update(self._match_state(self.seating.seat_of(viewer.user)))
                self._send(viewer, [dumps(sync)])
        self._reschedule(new_turn=False)

    def _user_key(self, viewer: Viewer) -> tuple[int | None, int | None]:
        """``(seat, user id)`` of a viewer: the user id only for a seated one (who gets
        the private parts of their seat's events)."""
        seat = self.seating.seat_of(viewer.user)
        user = viewer.user.id if viewer.user is not None and seat is not None else None
        return seat, user

    def _publish(self, items: list[StoredEvent], *, with_state: bool) -> None:
        """Send ``items`` to every viewer; the last one carries view, legal and clock."""
        if not items or not self.viewers:
            return
        by_key: dict[tuple[int | None, int | None], list[Viewer]] = {}
        for viewer in self.viewers:
            by_key.setdefault(self._user_key(viewer), []).append(viewer)
        session = self.session
        state = session.state if with_state and session is not None else None
        if state is not None:  # the same for every viewer
            public, clock = dumps(state.public_view()), dumps(self._clock_json())
        for (seat, user), viewers in by_key.items():
            texts = [event_text(ev, user) for ev in items]
            if session is not None and state is not None:
                # the state's fields join the last event's object
                texts[-1] = join_objects(texts[-1],
                                         state_text(session, state, seat, public, clock))
            self.outbox.deliver(viewers, texts)

    def _seats_event(self) -> StoredEvent:
        return self.log.add("seats", {"seats": self.seating.public(),
                                      "manager": self.seating.manager.public(),
                                      "rematch": self.seating.rematch_seats()})

    def _game_event(self, event: Event, *, auto: bool) -> StoredEvent:
        return self.log.add_game(event, self.seating.holder(event.seat), auto=auto)

    async def _begin_match(self) -> None:
        """The match begins (the flow's: :class:`~.flow.MatchFlow`)."""
        raise NotImplementedError

    # ================================================================ who is here
    def _players(self) -> set[int]:
        """The people seated who play on (not those who gave their seat up)."""
        return {st.user.id for st in self.seating.seats
                if st.user is not None and not st.left}

    def _watching(self) -> set[int]:
        """The signed-in people with a connection attached to the table."""
        return {v.user.id for v in self.viewers if v.user is not None}

    def _players_here(self) -> bool:
        """Whether a person who plays here has the table open: if not, during a match its
        bots play at full speed (nobody is waiting for them)."""
        return not self._players().isdisjoint(self._watching())

    def _deserted(self) -> bool:
        """Whether the people who play here have all gone (none has the table open,
        and someone has had it open since it was opened or restored: after a restart
        its people are given the time to come back). A match of bots alone is deserted
        only once its manager, who started it to watch it, has gone too."""
        if self.unvisited:
            return False
        if not self._players():
            return self.seating.manager.id not in self._watching()
        return not self._players_here()

    def _someone_waiting(self) -> bool:
        """Whether a person waits at the table: a seated one, or its manager, with the
        table open. A waiting table without one is dead: it closes after the grace
        time, and the lobby does not list it."""
        here = self._watching()
        return not self._players().isdisjoint(here) or self.seating.manager.id in here

    def listed(self) -> bool:
        """Whether the lobby lists the table: a public table where a person waits, or
        a match of at least two people of whom one is still here (and a table nobody has
        opened yet, for its grace time). A person alone with
        bots, and a match its people all left, are not lobby entries (the table stays
        watchable by its id: the person's profile gives it)."""
        if self.access.private:
            return False
        if self.status == PLAYING:
            return len(self._players()) >= 2 and not self._deserted()
        return self._someone_waiting() or self.unvisited

    # ================================================================ what viewers see
    def info(self) -> JSON:
        """The table's line in the lobby (``TableInfo``)."""
        seating = self.seating
        return {
            "id": self.id,
            "game": self.spec.id,
            "options": self.options,
            "entry": self.entry,
            "clock": self.clock,
            "manager": seating.manager.public(),
            "status": seating.status,
            "seats": seating.public(),
            "spectators": sum(1 for v in self.viewers if seating.seat_of(v.user) is None),
            "kasa": self.kasa,
            "room": room_name(self.settings.rooms, self.entry),
            "match": self.session.match_id if self.session is not None else None,
            "matches_played": self.matches_played,
            "countdown_ends_at": seating.countdown_ends,
            "private": self.access.private,
            "invited_watch": self.access.invited_watch,
            "watcher_chat": self.access.watcher_chat,
            "rematch": seating.rematch_seats(),
            "quick": self.quick,
            "people": len(self._players()),
            "listed": self.listed(),
        }

    def _clock_json(self) -> JSON:
        state = self.session.state if self.session is not None else None
        return clock_json(state, self.deadline, self.clock)

    def _match_state(self, seat: int | None) -> JSON:
        return match_state(self.session, seat, self._clock_json())

    def snapshot(self, viewer: Viewer) -> JSON:
        seat = self.seating.seat_of(viewer.user)
        match: JSON | None = None
        session = self.session
        if session is not None and self.status == PLAYING:
            deals = session.match.deals
            match = {
                "id": session.match_id,
                "deal": len(deals) - 1,
                "commitment": deals[-1].commitment if deals else None,
                "players": session.match.players,
                "score": session.score(),
                "away": [s.away for s in self.seating.seats],
                **self._match_state(seat),
            }
        out: JSON = {"type": "snapshot", "table": self.id, "epoch": self.log.epoch,
                     "n": self.log.n, "info": self.info(), "you": seat, "match": match,
                     "aborted": self.aborted}
        access = self.access
        if access.private and (seat is not None or access.admitted(viewer, self.seating.manager)):
            out["invite"] = access.invite  # the link to share, for those who may share it
        return out

    # ================================================================ the timer
    def _reschedule(self, *, new_turn: bool) -> None:
        """Arm the one timer the table needs now (countdown, bot move, move clock, next
        deal or closing an idle table)."""
        s = self.settings
        seating = self.seating
        if self.failed is not None:  # ending a match that cannot go on comes first
            self.deadline = None
            self.timer.set("abort", 0)
            return
        if seating.status == COUNTDOWN and seating.countdown_ends is not None:
            self.timer.set("countdown", (seating.countdown_ends - now_ms()) / 1000)
            return
        if seating.status == PLAYING and self.session is not None:
            state = self.session.current
            if state is None:
                self.deadline = None
                self.timer.set("next_deal", 0 if self._deserted() else s.deal_pause)
                return
            if any(seating.is_automatic(x) for x in state.to_act):
                self.deadline = None
                self.timer.set("bot", 0 if self._deserted() else s.bot_delay)
                return
            if new_turn or self.deadline is None:
                self.deadline = now_ms() + self.clock * 1000
            self.timer.set("clock", (self.deadline - now_ms()) / 1000)
            return
        self.deadline = None
        if seating.status == WAITING and not self._someone_waiting():
            # an empty table (no one seated, no one watching) closes after the shorter
            # of the two; a played-out match's table at once
            empty = seating.humans() == 0 and not self.viewers
            delay = 0 if self.played_out else min(s.idle_close, s.grace_close) if empty \
                else s.grace_close
            self.timer.set("idle", delay)
            return
        self.timer.clear()

    # ================================================================ saving seats
    async def _save_seats(self, undo: list[UserInfo | None] | None = None) -> None:
        """Write who sits where; if that fails, put ``undo`` back and raise NotSaved
        (without ``undo``: the failure is logged, the next save writes the seats)."""
        try:
            await self.recorder.save_seats(self.id, self.seating.user_ids())
        except Exception as exc:
            if undo is None:
                log.warning("table %s: seats not saved: %r", self.id, exc)
                return
            self.seating.undo(undo)
            raise NotSaved(SEATS_NOT_SAVED) from exc

    async def _save_flags(self) -> None:
        """Save who is away in the running match, so that a restart keeps it (issue 20):
        an away seat's bot then plays at once, not after a full clock. A failed write
        is logged; the next change of the flags writes them all again."""
        session = self.session
        if session is None or self.status != PLAYING:
            return
        try:
            await self.recorder.save_seat_flags(session.match_id, self.seating.flags())
        except Exception as exc:
            log.warning("table %s: away flags not saved: %r", self.id, exc)
