"""One table of the salon as an actor: a single asyncio task that owns all of the
table's state; everything reaches it as a :class:`~.ports.Command` through its queue
(DESIGN.md §5), including its own timer, so nothing else ever touches its match.

The actor holds the parts and wires them: the seat rules (:mod:`.seats`), the match and
its persistence (:mod:`.session`), the bots (:mod:`.autoplay`), the event log
(:mod:`.events`) and the one timer (:mod:`.timer`). It talks only through its ports
(:mod:`.ports`): texts go to viewers through the outbox, lobby changes and closing to
the host. It knows no sockets.

Every accepted action is written to the database (group commit) *before* anyone is told
about it, so a restarted server resumes from exactly what the players saw. If a write
fails, what it would have saved is undone in memory too, the table is back at the saved
state, the sender gets ``storage_failed``, every viewer a ``sync`` of that state, and
the table tries again after a pause (:data:`RETRY_AFTER`).
"""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

from sqlalchemy.exc import SQLAlchemyError

from kahvehane.errors import KahvehaneError, Message
from kahvehane.games import get_game
from kahvehane.games.base import Action, Event
from kahvehane.games.spec import GameSpec, split_table_options
from kahvehane.server.errors import (
    BAD_ACTION,
    BAD_SETTINGS,
    CANCEL_CANNOT_SET_UP,
    CANCEL_NO_ENTRY,
    CANCEL_NOT_SAVED,
    CHAT_JOIN_FIRST,
    CHAT_RATE,
    CHAT_SIGN_IN,
    CHAT_WATCHERS_OFF,
    CLOSE_NOT_SAVED,
    ENTRY_SHORT,
    GUEST_NO_ENTRY,
    INTERNAL,
    INVITE_ONLY,
    MANAGER_SETTINGS,
    MATCH_FAILED,
    NO_DEAL,
    NO_SUGGESTIONS,
    NOT_YOUR_SEAT,
    RESUME_FAILED,
    SEATS_NOT_SAVED,
    STORAGE_FAILED,
    UNKNOWN_TYPE,
    NotSaved,
    ProtocolError,
)
from kahvehane.server.protocol import dumps, error_message, join_objects, message_id, now_ms
from kahvehane.server.protocol import field as msg_field
from kahvehane.server.settings import Settings
from kahvehane.server.table.access import Access
from kahvehane.server.table.autoplay import Autoplay
from kahvehane.server.table.chat import ChatLimiter, ChatLog, clean_text, phrase_code
from kahvehane.server.table.events import EventLog, StoredEvent, event_text
from kahvehane.server.table.ports import Command, Host, Outbox, Viewer
from kahvehane.server.table.seats import CLOSED, COUNTDOWN, PLAYING, WAITING, Seating
from kahvehane.server.table.session import CannotSetUp, DealOver, MatchSession
from kahvehane.server.table.timer import Timer
from kahvehane.server.table.views import clock_json, match_state, state_text
from kahvehane.store import Store
from kahvehane.store.accounts import UserInfo, chips_of
from kahvehane.store.ledger import InsufficientChips
from kahvehane.store.matches import abort_match, save_seat_flags
from kahvehane.store.tables import CHAT_LINES, chat_row, close_table, save_seats, save_settings

__all__ = ["RETRY_AFTER", "TableActor"]

log = logging.getLogger("kahvehane.server.table")

RETRY_AFTER = 1.0  # seconds before a table's timers fire again after a failed write

#: The ``reason`` of the ``sync`` every viewer gets after a change was not saved.
NOT_SAVED_REASON = {"code": "storage_failed", "message": STORAGE_FAILED.en,
                    "i18n": {"code": STORAGE_FAILED.code, "params": {}}}

JSON = dict[str, Any]


class TableActor:
    """A table and its task. The salon creates (or restores) it and routes commands to
    it with :meth:`submit`."""

    def __init__(self, table_id: str, spec: GameSpec, options: JSON, entry: int | None,
                 clock: int, manager: UserInfo, kasa: int | None, *, settings: Settings,
                 store: Store, outbox: Outbox, host: Host, epoch: str,
                 matches_played: int = 0, access: Access | None = None,
                 chat: list[JSON] | None = None) -> None:
        self.id = table_id
        self.spec = spec
        self.rules = get_game(spec.id)
        self.options = options  # the game's and the table's (the bots' level)
        game_options, table_options = split_table_options(options, spec.id)
        self.game_options = game_options  # what the rules and the records see
        self.entry = entry
        self.clock = clock
        self.kasa = kasa
        self.matches_played = matches_played
        self.settings = settings
        self.store = store
        self.outbox = outbox
        self.host = host
        self.num_seats = self.rules.num_seats(game_options)
        self.seating = Seating(self.num_seats, manager)
        self.viewers: dict[Viewer, None] = {}
        self.log = EventLog(table_id, epoch, settings.replay_events)
        self.session: MatchSession | None = None
        # a match that cannot go on, to be ended without a result (its id and why); set
        # until that end is saved (tried again after a pause if the write fails)
        self.failed: tuple[int, Message] | None = None
        self.aborted: JSON | None = None  # the last such end, shown in snapshots
        self.deadline: int | None = None  # move clock of the seats to act (ms)
        self.queue: asyncio.Queue[Command] = asyncio.Queue()
        self.task: asyncio.Task[None] | None = None
        self.timer = Timer(self.submit)
        self.autoplay = Autoplay(spec.id, spec.free_actions, settings.bot_kind,
                                 random.Random(secrets.randbits(64)),
                                 level=table_options["bot_level"])
        self.access = access if access is not None else Access()
        self.chat = ChatLog(settings.chat_recent, chat or ())
        self.chat_limiter = ChatLimiter(settings.chat_lines, settings.chat_seconds)

    @property
    def status(self) -> str:
        return self.seating.status

    # ================================================================ task
    def start(self) -> None:
        self.task = asyncio.get_running_loop().create_task(self._run(), name=f"table-{self.id}")
        self._reschedule(new_turn=True)

    def submit(self, cmd: Command) -> None:
        self.queue.put_nowait(cmd)

    async def _run(self) -> None:
        while self.status != CLOSED:
            cmd = await self.queue.get()
            try:
                await self._handle(cmd)
            except ProtocolError as exc:
                self._refuse(cmd, exc)
            except NotSaved as exc:
                self._not_saved(cmd, exc)
            except SQLAlchemyError as exc:  # a read the database could not serve in time
                log.warning("table %s: %s: the database failed: %s", self.id, cmd.kind,
                            (str(exc).splitlines() or [type(exc).__name__])[0])
                self._refuse(cmd, ProtocolError("storage_failed", STORAGE_FAILED))
            except Exception:
                log.exception("table %s: %s failed", self.id, cmd.kind)
                self._refuse(cmd, ProtocolError("internal", INTERNAL))

    async def _handle(self, cmd: Command) -> None:
        handler = _HANDLERS.get(cmd.kind)
        if handler is None:
            raise ProtocolError("bad_message", UNKNOWN_TYPE, type=repr(cmd.kind))
        await handler(self, cmd)

    # ================================================================ saying things
    def _send(self, viewer: Viewer, texts: list[str]) -> None:
        self.outbox.deliver((viewer,), texts)

    def _refuse(self, cmd: Command, exc: ProtocolError) -> None:
        if cmd.viewer is not None:
            self._send(cmd.viewer, [dumps(error_message(exc, msg_id=message_id(cmd.msg),
                                                        table=self.id))])

    def _ok(self, cmd: Command) -> None:
        msg_id = message_id(cmd.msg)
        if cmd.viewer is not None and msg_id is not None:
            self._send(cmd.viewer, [dumps({"type": "ok", "id": msg_id})])

    def _not_saved(self, cmd: Command, exc: NotSaved) -> None:
        """A write failed and its change was undone: tell the sender, give every viewer
        the saved state again with the reason (``storage_failed``, coded, so the page
        can say it in its language), and let the timers try again after a pause."""
        log.warning("table %s: %s not saved: %s", self.id, cmd.kind, exc.__cause__ or exc)
        self.timer.retry_after(RETRY_AFTER)
        self._refuse(cmd, ProtocolError("storage_failed", STORAGE_FAILED))
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
            "match": self.session.match_id if self.session is not None else None,
            "matches_played": self.matches_played,
            "countdown_ends_at": seating.countdown_ends,
            "private": self.access.private,
            "invited_watch": self.access.invited_watch,
            "watcher_chat": self.access.watcher_chat,
            "rematch": seating.rematch_seats(),
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
                self.timer.set("next_deal", s.deal_pause)
                return
            if any(seating.is_automatic(x) for x in state.to_act):
                self.deadline = None
                self.timer.set("bot", s.bot_delay)
                return
            if new_turn or self.deadline is None:
                self.deadline = now_ms() + self.clock * 1000
            self.timer.set("clock", (self.deadline - now_ms()) / 1000)
            return
        self.deadline = None
        if seating.status == WAITING and seating.humans() == 0 and not self.viewers:
            self.timer.set("idle", s.idle_close)
            return
        self.timer.clear()

    async def _on_timer(self, cmd: Command) -> None:
        kind = self.timer.fired(cmd)
        if kind == "countdown":
            await self._begin_match()
        elif kind in ("bot", "clock"):  # a bot's pause is over, or a move clock ran out
            await self._auto_move(timed_out=kind == "clock")
        elif kind == "next_deal":
            items = await self._next_deal()
            self._reschedule(new_turn=True)
            self._publish(items, with_state=True)
        elif kind == "idle":
            await self._close()
        elif kind == "abort" and self.failed is not None:
            items = await self._abort_match(*self.failed)
            self._reschedule(new_turn=True)
            self._publish(items, with_state=True)

    # ================================================================ viewers and seats
    async def _on_join(self, cmd: Command) -> None:
        viewer = _sender(cmd)
        seated = self.seating.seat_of(viewer.user) is not None
        if not self.access.may_watch(viewer, invite=cmd.msg.get("invite"),
                                     manager=self.seating.manager, seated=seated):
            raise ProtocolError("forbidden", INVITE_ONLY)
        self._attach(viewer)
        missed = self.log.since(cmd.msg.get("last"), cmd.msg.get("epoch"))
        if missed is not None:
            seat, user = self._user_key(viewer)
            texts = [event_text(ev, user) for ev in missed]
            sync: JSON = {"type": "sync", "table": self.id, "n": self.log.n}
            sync.update(self._match_state(seat) if self.status == PLAYING else
                        {"view": None, "clock": self._clock_json()})
            texts.append(dumps(sync))
            self._send(viewer, texts)
        else:
            self._send(viewer, [dumps(self.snapshot(viewer))])
        self._send(viewer, [dumps({"type": "chat_history", "table": self.id,
                                   "lines": self.chat.recent()})])
        self._ok(cmd)
        self.host.lobby_changed(self.id)

    def _attach(self, viewer: Viewer) -> None:
        if viewer not in self.viewers:
            self.viewers[viewer] = None
            self.outbox.attached(viewer, self.id)
            if self.timer.kind == "idle":
                self._reschedule(new_turn=False)

    async def _on_part(self, cmd: Command) -> None:
        viewer = _sender(cmd)
        if viewer in self.viewers:
            del self.viewers[viewer]
            self.outbox.detached(viewer, self.id)
        self.access.gone(viewer)
        if cmd.kind == "part":
            self._ok(cmd)
        self._reschedule(new_turn=False)
        self.host.lobby_changed(self.id)

    async def _on_sit(self, cmd: Command) -> None:
        viewer = _sender(cmd)
        user = self.seating.signed_in(viewer.user)
        seat = msg_field(cmd.msg, "seat", int)
        if not self.access.may_sit(viewer, self.seating.manager) \
                and self.seating.seat_of(user) is None:
            raise ProtocolError("forbidden", INVITE_ONLY)
        if not self.seating.check_sit(user, seat):  # already there
            self._attach(viewer)
            self._ok(cmd)
            return
        if self.entry:
            if user.guest:  # guests' chips never move (docs/server.md "Guests and chips")
                raise ProtocolError("forbidden", GUEST_NO_ENTRY)
            entry = self.entry
            chips = await self.store.read(lambda s: chips_of(s, user.id))
            if chips < entry:
                raise ProtocolError("insufficient_chips", ENTRY_SHORT, entry=entry, chips=chips)
        undo = self.seating.sit(user, seat)
        await self._save_seats(undo=undo)
        self._attach(viewer)
        self._ok(cmd)
        self._publish([self._seats_event()], with_state=False)
        self._reschedule(new_turn=False)
        self.host.lobby_changed(self.id)

    async def _save_seats(self, undo: list[UserInfo | None] | None = None) -> None:
        """Write who sits where; if that fails, put ``undo`` back and raise NotSaved
        (without ``undo``: the failure is logged, the next save writes the seats)."""
        seats = self.seating.user_ids()
        table_id = self.id
        try:
            await self.store.write(lambda s: save_seats(s, table_id, seats))
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
        flags, match_id = self.seating.flags(), session.match_id
        try:
            await self.store.write(lambda s: save_seat_flags(s, match_id, flags))
        except Exception as exc:
            log.warning("table %s: away flags not saved: %r", self.id, exc)

    async def _on_leave(self, cmd: Command) -> None:
        user = _sender(cmd).user
        if self.status == PLAYING:  # a bot takes the seat: the record says so first
            seat = self.seating.require_seat(user)
            st = self.seating.seats[seat]
            if not st.left:
                await self._seat_change(seat, self.autoplay.bot_for(st, seat).label)
        seat, went_away, undo = self.seating.leave(user)
        items: list[StoredEvent] = []
        if went_away:
            items.append(self.log.add("away", {"seat": seat}))
        if undo is not None:
            await self._save_seats(undo=undo)
        else:  # during a match: the seat is left (and away)
            await self._save_flags()
        self._ok(cmd)
        items.append(self._seats_event())
        self._publish(items, with_state=False)
        self._reschedule(new_turn=False)
        self.host.lobby_changed(self.id)

    async def _on_back(self, cmd: Command) -> None:
        user = _sender(cmd).user
        seat = self.seating.require_seat(user)
        if self.seating.seats[seat].left and user is not None:  # the person takes it back
            await self._seat_change(seat, user.name)
        seat, was_away = self.seating.back(user)
        self._ok(cmd)
        if not was_away:
            return
        await self._save_flags()
        items = [self.log.add("back", {"seat": seat}), self._seats_event()]
        self._reschedule(new_turn=True)
        self._publish(items, with_state=True)
        self.host.lobby_changed(self.id)

    async def _seat_change(self, seat: int, player: str) -> None:
        """From the next action on, ``player`` plays ``seat``: saved with the match
        (its record's ``seat_changes``) before anyone is told."""
        session = self.session
        if session is not None:
            await session.change_seat(seat, player)

    async def _on_unseat(self, cmd: Command) -> None:
        """The manager removes a person from a seat before the match; they are told
        (the ``unseated`` event) and stay as a watcher."""
        seat = msg_field(cmd.msg, "seat", int)
        who, undo = self.seating.unseat(_sender(cmd).user, seat)
        await self._save_seats(undo=undo)
        self._ok(cmd)
        self._publish([self.log.add("unseated", {"seat": seat, "user": who.public()}),
                       self._seats_event()], with_state=False)
        self._reschedule(new_turn=False)
        self.host.lobby_changed(self.id)

    async def _on_rematch(self, cmd: Command) -> None:
        """A seated person agrees to the rematch (rövanş); when everyone seated has, the
        countdown starts as if the manager had pressed Start."""
        news = self.seating.agree_rematch(_sender(cmd).user,
                                          after_match=self.matches_played > 0)
        self._ok(cmd)
        if not news:
            return
        items = [self.log.add("rematch", {"agreed": self.seating.rematch_seats()})]
        if self.seating.everyone_agreed():
            seconds = self.settings.countdown
            ends = self.seating.start_countdown(None, now=now_ms(), seconds=seconds,
                                                agreed=True)
            items.append(self.log.add("countdown", {"seconds": seconds, "ends_at": ends,
                                                    "rematch": True}))
        self._publish(items, with_state=False)
        self._reschedule(new_turn=self.status == COUNTDOWN)
        self.host.lobby_changed(self.id)

    async def _on_settings(self, cmd: Command) -> None:
        """The manager turns watchers' talk on or off (``watcher_chat``)."""
        user = _sender(cmd).user
        if user is None or user.id != self.seating.manager.id:
            raise ProtocolError("forbidden", MANAGER_SETTINGS)
        value = cmd.msg.get("watcher_chat")
        if not isinstance(value, bool):
            raise ProtocolError("bad_message", BAD_SETTINGS, field="'watcher_chat'")
        table_id = self.id
        try:
            await self.store.write(lambda s: save_settings(s, table_id, watcher_chat=value))
        except Exception as exc:
            log.warning("table %s: settings not saved: %r", self.id, exc)
            raise ProtocolError("storage_failed", STORAGE_FAILED) from None
        self.access.watcher_chat = value
        self._ok(cmd)
        self._publish([self.log.add("settings", {"watcher_chat": value})], with_state=False)
        self.host.lobby_changed(self.id)

    async def _on_chat(self, cmd: Command) -> None:
        """A line of table talk: checked (who, length, rate), saved with the table and
        its match (never in the game record), then sent to every viewer."""
        viewer = _sender(cmd)
        user = viewer.user
        if user is None:
            raise ProtocolError("auth_required", CHAT_SIGN_IN)
        if viewer not in self.viewers:
            raise ProtocolError("not_seated", CHAT_JOIN_FIRST)
        seat = self.seating.seat_of(user)
        if seat is None and not self.access.watcher_chat \
                and user.id != self.seating.manager.id:  # the manager may always talk
            raise ProtocolError("forbidden", CHAT_WATCHERS_OFF)
        if "phrase" in cmd.msg and cmd.msg["phrase"] is not None:
            text, phrase = None, phrase_code(cmd.msg["phrase"])
        else:
            text, phrase = clean_text(cmd.msg.get("text"), self.settings.chat_max_chars), None
        if not self.chat_limiter.allow(user.id):
            s = self.settings
            raise ProtocolError("rate_limited", CHAT_RATE, lines=s.chat_lines,
                                seconds=int(s.chat_seconds))
        line: JSON = {"at": now_ms(), "user": user.public(), "seat": seat,
                      "watcher": seat is None, "text": text, "phrase": phrase}
        match_id = self.session.match_id if self.session is not None \
            and self.status == PLAYING else None
        try:
            await self.store.insert(CHAT_LINES, [chat_row(self.id, match_id, line)])
        except Exception as exc:
            log.warning("table %s: a chat line was not saved: %r", self.id, exc)
            raise ProtocolError("storage_failed", STORAGE_FAILED) from None
        self.chat.add(line)
        self._ok(cmd)
        self.outbox.deliver(list(self.viewers),
                            [dumps({"type": "chat", "table": self.id, "line": line})])

    async def _on_start(self, cmd: Command) -> None:
        seconds = self.settings.countdown
        ends = self.seating.start_countdown(_sender(cmd).user, now=now_ms(), seconds=seconds)
        self._countdown_changed(cmd, self.log.add("countdown", {"seconds": seconds,
                                                                "ends_at": ends}))

    async def _on_cancel(self, cmd: Command) -> None:
        self.seating.cancel_countdown(_sender(cmd).user)
        self._countdown_changed(cmd, self.log.add("countdown_cancelled", {}))

    def _countdown_changed(self, cmd: Command, event: StoredEvent) -> None:
        """The countdown started or stopped: tell the caller, the table and the lobby."""
        self._ok(cmd)
        self._publish([event], with_state=False)
        self._reschedule(new_turn=self.status == COUNTDOWN)
        self.host.lobby_changed(self.id)

    # ================================================================ the match
    async def _begin_match(self) -> None:
        """The countdown is over: bots take the empty seats, entries are debited, deal 0."""
        seating = self.seating
        seating.fill(self.autoplay.new_bot)
        players, seat_users, bots = seating.lineup()
        try:
            session, started = await MatchSession.start(
                self.store, self.id, self.rules, self.game_options, players, seat_users, bots,
                self.entry, self.settings.faults)
        except Exception as exc:  # not enough chips, the engine refused, or the write
            short = isinstance(exc, InsufficientChips)  # failed: no match, no chip moved
            if not short:
                log.warning("table %s: the match did not start: %r", self.id, exc)
            seating.start_refused(exc.user_id if isinstance(exc, InsufficientChips) else None)
            if short:
                await self._save_seats()
            reason = (CANCEL_NO_ENTRY if short else CANCEL_CANNOT_SET_UP
                      if isinstance(exc, CannotSetUp) else CANCEL_NOT_SAVED)
            items = [self.log.add("countdown_cancelled", _reason(reason)), self._seats_event()]
            self._publish(items, with_state=False)
            self._reschedule(new_turn=False)
            self.host.lobby_changed(self.id)
            return
        self.session = session
        self.aborted = None
        seating.playing()
        items = [self.log.add("match_start", {
            "match": session.match_id, "players": players, "seats": seating.public(),
            "entry": self.entry, "kasa": started.kasa})]
        if started.kasa is not None:
            self.kasa = started.kasa
            items.append(self.log.add("kasa", {"kasa": self.kasa}))
        try:
            items += await self._next_deal()  # on NotSaved the next_deal timer tries again
        finally:
            self._reschedule(new_turn=True)
            self._publish(items, with_state=True)
            self.host.lobby_changed(self.id)

    async def _next_deal(self) -> list[StoredEvent]:
        """The next deal, committed to and saved; or the match's end if it is complete."""
        session = self.session
        assert session is not None
        try:
            if session.complete:
                return await self._end_match()
            k, commit = await session.next_deal()
        except NotSaved:
            raise
        except Exception:  # the engine failed: the match cannot go on
            log.exception("table %s: match %d cannot go on; it ends without a result",
                          self.id, session.match_id)
            return await self._abort_match(session.match_id, MATCH_FAILED)
        return [self.log.add("deal_start", {"deal": k, "commitment": commit})]

    async def _abort_match(self, match_id: int, reason: Message) -> list[StoredEvent]:
        """End a match that cannot go on (the engine failed dealing it, its record no
        longer restores) without a result: every entry refunded through the ledger, the
        people stay seated (those who left go), the bots go, the table waits again, and
        everyone at it and in the lobby is told why (``match_aborted`` with the reason's
        code). If that cannot be saved, it is tried again after a pause."""
        self.failed = (match_id, reason)
        stay = [st.user.id if st.user is not None and not st.left else None
                for st in self.seating.seats]
        try:
            kasa = await self.store.write(lambda s: abort_match(s, match_id, reason.code, stay))
        except Exception as exc:
            log.warning("table %s: the end of match %d was not saved: %r", self.id,
                        match_id, exc)
            self.timer.retry_after(RETRY_AFTER)
            return []
        self.failed = None
        self.session = None
        self.deadline = None
        self.seating.match_over()
        self.aborted = {"match": match_id, **_reason(reason)}
        items = [self.log.add("match_aborted", self.aborted)]
        if kasa is not None and kasa != self.kasa:
            self.kasa = kasa
            items.append(self.log.add("kasa", {"kasa": kasa}))
        items.append(self._seats_event())
        self.host.lobby_changed(self.id)
        return items

    async def _play(self, action: Action, *, auto: bool) -> list[StoredEvent]:
        """Apply one action, persist it, and return the events (not yet published)."""
        session = self.session
        assert session is not None
        events = await session.play(action)
        items = [self._game_event(e, auto=auto) for e in events]
        over = session.deal_over()
        if over is not None:
            items += self._deal_over(over)
            if session.complete:
                try:
                    items += await self._end_match()
                except NotSaved as exc:  # the move stands (saved); the end is tried again
                    log.warning("table %s: %s", self.id, exc)
                    self.timer.retry_after(RETRY_AFTER)
        return items

    def _deal_over(self, over: DealOver) -> list[StoredEvent]:
        assert self.session is not None
        return [
            self.log.add("deal_end", {"deal": over.k, "seed": over.seed,
                                      "commitment": over.commitment,
                                      "result": over.result.to_json()}),
            self.log.add("score", self.session.score()),
        ]

    async def _end_match(self) -> list[StoredEvent]:
        """Settle chips, write standings and the record in one transaction; reset."""
        session = self.session
        assert session is not None
        result, finished = await session.finish(self.seating.user_ids())
        match_id = session.match_id
        items = [self.log.add("match_end", {
            "match": match_id, "result": result, "record": f"/api/matches/{match_id}/record",
            "chips": None if finished.chips_net is None else {"net": finished.chips_net,
                                                              "kasa": finished.kasa},
            "ranking_points": result.get("ranking_points")})]
        if finished.kasa is not None:
            self.kasa = finished.kasa
            items.append(self.log.add("kasa", {"kasa": self.kasa}))
        self.matches_played += 1
        self.deadline = None
        self.seating.match_over()
        await self._save_seats()
        items.append(self._seats_event())
        self.host.lobby_changed(self.id)
        return items

    # ---------------------------------------------------------------- moves
    async def _on_act(self, cmd: Command) -> None:
        seat = self.seating.require_seat(_sender(cmd).user)
        raw = msg_field(cmd.msg, "action", dict)
        if "seat" in raw and raw["seat"] != seat:
            raise ProtocolError("forbidden", NOT_YOUR_SEAT, seat=seat)
        session = self.session
        state = session.current if session is not None and self.status == PLAYING else None
        if state is None:
            raise ProtocolError("illegal_action", NO_DEAL)
        try:
            action = state.parse_action({**raw, "seat": seat})
            items = await self._play(action, auto=False)
        except NotSaved:
            raise
        except KahvehaneError as exc:  # the engine's refusal, with its code and rule
            raise ProtocolError.wrap("illegal_action", exc) from None
        except (KeyError, TypeError, ValueError) as exc:
            raise ProtocolError("illegal_action", BAD_ACTION, detail=str(exc)) from None
        # A free action (Okey's ``arrange``) is what a page sends by itself to keep its
        # rack in step after the bot moved for an away player: it never brings them back.
        # Only a turn-ending move or ``back`` does (issue 21).
        free = action.act in self.spec.free_actions
        if not free and self.seating.acted(seat):
            await self._save_flags()
            items.append(self.log.add("back", {"seat": seat}))
            items.append(self._seats_event())
            self.host.lobby_changed(self.id)
        self._ok(cmd)
        self._reschedule(new_turn=not free)
        self._publish(items, with_state=True)

    async def _on_suggest(self, cmd: Command) -> None:
        viewer = _sender(cmd)
        if not self.spec.suggestions:
            raise ProtocolError("not_supported", NO_SUGGESTIONS)
        seat = self.seating.require_seat(viewer.user)
        state = self.session.current if self.session is not None else None
        suggest: Callable[[int], list[Action]] | None = getattr(
            state, "suggested_arrangements", None)
        if state is None or suggest is None:
            raise ProtocolError("illegal_action", NO_DEAL)
        self._send(viewer, [dumps({"type": "suggestions", "table": self.id,
                                   "id": cmd.msg.get("id"),
                                   "arrangements": [a.to_json() for a in suggest(seat)]})])

    async def _auto_move(self, *, timed_out: bool) -> None:
        """One move made by a bot: for a bot's seat, or (``timed_out``) for a person
        whose clock ran out, who is marked away. What was saved is published, even if a
        later write failed."""
        session = self.session
        if session is None or session.current is None:
            self._reschedule(new_turn=True)
            return
        items: list[StoredEvent] = []

        async def play(action: Action) -> None:
            items.extend(await self._play(action, auto=True))

        try:
            for seat in session.current.to_act:
                if timed_out:
                    if self.seating.time_out(seat):
                        await self._save_flags()
                        items.append(self.log.add("away", {"seat": seat}))
                        items.append(self._seats_event())
                elif not self.seating.is_automatic(seat):
                    continue
                bot = self.autoplay.bot_for(self.seating.seats[seat], seat)
                await self.autoplay.turn(session, seat, bot, play)
                break
        finally:
            self._reschedule(new_turn=True)
            self._publish(items, with_state=True)
            if timed_out:
                self.host.lobby_changed(self.id)

    # ================================================================ closing, restoring
    async def _close(self) -> None:
        if self.status != WAITING or self.seating.humans() or self.viewers:
            return
        table_id = self.id
        try:
            await self.store.write(lambda s: close_table(s, table_id))
        except Exception as exc:
            raise NotSaved(CLOSE_NOT_SAVED) from exc
        self.seating.status = CLOSED
        self.timer.clear()
        self.host.table_closed(self.id)

    async def _on_shutdown(self, cmd: Command) -> None:
        self.timer.clear()
        self.seating.status = CLOSED

    def restore_seats(self, seat_users: list[Any], users: dict[int, UserInfo]) -> None:
        """Between matches after a restart: who sat where."""
        for i, uid in enumerate(seat_users[:self.num_seats]):
            if isinstance(uid, int) and uid in users:
                self.seating.seats[i].user = users[uid]

    def restore_match(self, match_id: int, record: JSON, seat_users: list[int | None],
                      bots: list[str | None], users: dict[int, UserInfo],
                      flags: list[Any] | None = None) -> None:
        """Resume an unfinished match from its record (after a restart), with who was
        away (``flags``, as :meth:`Seating.flags` saved them)."""
        self.session = MatchSession.restore(self.store, match_id, record,
                                            self.settings.faults)
        self.seating.playing()
        for i, st in enumerate(self.seating.seats):
            uid = seat_users[i] if i < len(seat_users) else None
            st.user = users.get(uid) if uid is not None else None
            st.bot = None
            if st.user is None:
                st.bot = self.autoplay.new_bot(i, bots[i] if i < len(bots) else None)
        self.seating.restore_flags(list(flags or []))

    def resume_failed(self, match_id: int, seat_users: list[int | None],
                      users: dict[int, UserInfo]) -> None:
        """The unfinished match ``match_id`` cannot be restored (its record no longer
        replays): its people sit at the table again, and the ``resume`` command ends it
        without a result (:meth:`_abort_match`)."""
        self.seating.playing()  # nothing else happens at the table until it has ended
        for i, st in enumerate(self.seating.seats):
            uid = seat_users[i] if i < len(seat_users) else None
            st.user = users.get(uid) if uid is not None else None
        self.failed = (match_id, RESUME_FAILED)

    async def _on_resume(self, cmd: Command) -> None:
        """After :meth:`restore_match`: finish or deal what a crash left undone; after
        :meth:`resume_failed`: end the match that could not be restored."""
        session = self.session
        items: list[StoredEvent] = []
        if self.failed is not None:
            try:
                items += await self._abort_match(*self.failed)
            finally:
                self._reschedule(new_turn=True)
                self._publish(items, with_state=True)
            return
        if session is None:
            return
        try:
            if session.complete:
                items += await self._end_match()
            elif session.current is None:
                items += await self._next_deal()
        finally:
            self._reschedule(new_turn=True)
            self._publish(items, with_state=True)


def _sender(cmd: Command) -> Viewer:
    """The viewer who sent a client message (every client message has one)."""
    if cmd.viewer is None:
        raise ProtocolError("bad_message", UNKNOWN_TYPE, type=repr(cmd.kind))
    return cmd.viewer


def _reason(message: Message) -> JSON:
    """An event's ``reason`` (English) with its ``i18n`` code, for any language."""
    return {"reason": message.en, "i18n": {"code": message.code, "params": {}}}


_HANDLERS: dict[str, Callable[[TableActor, Command], Awaitable[None]]] = {
    "join": TableActor._on_join,
    "part": TableActor._on_part,
    "detach": TableActor._on_part,
    "sit": TableActor._on_sit,
    "leave": TableActor._on_leave,
    "start": TableActor._on_start,
    "cancel": TableActor._on_cancel,
    "act": TableActor._on_act,
    "back": TableActor._on_back,
    "suggest": TableActor._on_suggest,
    "chat": TableActor._on_chat,
    "settings": TableActor._on_settings,
    "unseat": TableActor._on_unseat,
    "rematch": TableActor._on_rematch,
    "timer": TableActor._on_timer,
    "shutdown": TableActor._on_shutdown,
    "resume": TableActor._on_resume,
}
