"""The people at a table: who watches (join, part), who sits where (sit, leave, back,
unseat), the manager's countdown and settings, the rematch, and table talk.

Each handler asks the pure rules (:mod:`.seats`, :mod:`.access`, :mod:`.chat`), saves
what changed through the recorder, and only then tells: the sender (``ok``), every
viewer (the events) and the host (the lobby's line).
"""

from __future__ import annotations

from kahvehane.server.errors import (
    CHAT_JOIN_FIRST,
    CHAT_RATE,
    CHAT_SIGN_IN,
    CHAT_WATCHERS_OFF,
    ENTRY_SHORT,
    GUEST_NO_ENTRY,
    INVITE_ONLY,
    MANAGER_SETTINGS,
    SEATS_TAKEN,
    STORAGE_FAILED,
    ProtocolError,
)
from kahvehane.server.protocol import dumps, now_ms
from kahvehane.server.rooms import check_room
from kahvehane.server.table.chat import clean_text
from kahvehane.server.table.commands import (
    Back,
    Cancel,
    Chat,
    ClientCommand,
    Detach,
    Join,
    Leave,
    Part,
    QuickSeat,
    Rematch,
    Settings,
    Sit,
    Start,
    Unseat,
    handles,
)
from kahvehane.server.table.core import JSON, TableCore, log
from kahvehane.server.table.events import StoredEvent, event_text
from kahvehane.server.table.ports import Viewer
from kahvehane.server.table.seats import COUNTDOWN, PLAYING, WAITING
from kahvehane.users import UserInfo

__all__ = ["People"]


class People(TableCore):
    """The handlers of the people and seats conversation."""

    # ================================================================ watching
    @handles(Join)
    async def _on_join(self, cmd: Join) -> None:
        viewer = cmd.sender
        seated = self.seating.seat_of(viewer.user) is not None
        if not self.access.may_watch(viewer, invite=cmd.invite,
                                     manager=self.seating.manager, seated=seated):
            raise ProtocolError("forbidden", INVITE_ONLY)
        self._attach(viewer)
        if cmd.last is not None:
            self.tally.reconnects += 1
        missed = self.log.since(cmd.last, cmd.epoch)
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
            self.unvisited = False
            self.outbox.attached(viewer, self.id)
            if self.timer.kind == "idle":
                self._reschedule(new_turn=False)

    @handles(Part)
    async def _on_part(self, cmd: Part) -> None:
        self._gone(cmd.sender)
        self._ok(cmd)

    @handles(Detach)
    async def _on_detach(self, cmd: Detach) -> None:
        if cmd.viewer is not None:
            self._gone(cmd.viewer)

    def _gone(self, viewer: Viewer) -> None:
        if viewer in self.viewers:
            del self.viewers[viewer]
            self.outbox.detached(viewer, self.id)
        self.access.gone(viewer)
        self._reschedule(new_turn=False)
        self.host.lobby_changed(self.id)

    # ================================================================ seats
    @handles(Sit)
    async def _on_sit(self, cmd: Sit) -> None:
        viewer = cmd.sender
        user = self.seating.signed_in(viewer.user)
        seat = cmd.seat
        if not self.access.may_sit(viewer, self.seating.manager) \
                and self.seating.seat_of(user) is None:
            raise ProtocolError("forbidden", INVITE_ONLY)
        if not self.seating.check_sit(user, seat):  # already there
            self._attach(viewer)
            self._ok(cmd)
            return
        await self._take_seat(viewer, user, seat)
        self._seats_changed(cmd, [self._seats_event()])

    async def _take_seat(self, viewer: Viewer, user: UserInfo, seat: int) -> None:
        """Seat ``user`` at ``seat`` (after :meth:`Seating.check_sit`): the entry's
        checks, the save, and ``viewer`` attached; the ``seats`` event is the caller's."""
        if self.entry:
            if user.guest:  # guests' chips never move (docs/server.md "Guests and chips")
                raise ProtocolError("forbidden", GUEST_NO_ENTRY)
            entry = self.entry
            chips = await self.recorder.chips_of(user.id)
            if chips < entry:
                raise ProtocolError("insufficient_chips", ENTRY_SHORT, entry=entry, chips=chips)
            check_room(self.settings.rooms, entry, chips)  # the room's minimum to sit
        undo = self.seating.sit(user, seat)
        await self._save_seats(undo=undo)
        self._attach(viewer)

    def _seats_changed(self, cmd: ClientCommand, items: list[StoredEvent]) -> None:
        """Seats changed between matches: tell the sender, the table and the lobby."""
        self._ok(cmd)
        self._publish(items, with_state=False)
        self._reschedule(new_turn=False)
        self.host.lobby_changed(self.id)

    @handles(Leave)
    async def _on_leave(self, cmd: Leave) -> None:
        user = cmd.sender.user
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
        items.append(self._seats_event())
        self._seats_changed(cmd, items)

    @handles(Back)
    async def _on_back(self, cmd: Back) -> None:
        user = cmd.sender.user
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

    @handles(Unseat)
    async def _on_unseat(self, cmd: Unseat) -> None:
        """The manager removes a person from a seat before the match; they are told
        (the ``unseated`` event) and stay as a watcher."""
        who, undo = self.seating.unseat(cmd.sender.user, cmd.seat)
        await self._save_seats(undo=undo)
        self._seats_changed(cmd, [self.log.add("unseated", {"seat": cmd.seat,
                                                            "user": who.public()}),
                                  self._seats_event()])

    def restore_seats(self, seat_users: list[object], users: dict[int, UserInfo]) -> None:
        """Between matches after a restart: who sat where."""
        for i, uid in enumerate(seat_users[:self.num_seats]):
            if isinstance(uid, int) and uid in users:
                self.seating.seats[i].user = users[uid]

    # ================================================================ the countdown
    @handles(Start)
    async def _on_start(self, cmd: Start) -> None:
        """The manager's Start: the countdown warns the other people seated; with no
        other person seated there is nobody to warn, and the match begins at once. At
        a quick table the manager alone may skip the wait for people the same way."""
        user = cmd.sender.user
        if self.status == COUNTDOWN and self.quick_wait:
            self.seating.skip_wait(user)
            self._ok(cmd)
            await self._begin_match()
            return
        if not self.seating.others(user):
            self.seating.start_countdown(user, now=now_ms(), seconds=0)
            self._ok(cmd)
            await self._begin_match()
            return
        seconds = self.settings.countdown
        ends = self.seating.start_countdown(user, now=now_ms(), seconds=seconds)
        self._countdown_changed(cmd, [self.log.add("countdown", {"seconds": seconds,
                                                                 "ends_at": ends})])

    @handles(Cancel)
    async def _on_cancel(self, cmd: Cancel) -> None:
        self.seating.cancel_countdown(cmd.sender.user)
        self.quick_wait = False
        self._countdown_changed(cmd, [self.log.add("countdown_cancelled", {})])

    # ================================================================ quick play
    @handles(QuickSeat)
    async def _on_quick_seat(self, cmd: QuickSeat) -> None:
        """"Hemen oyna" brought ``cmd.viewer`` here: they take the first free seat (or
        keep theirs), are answered ``quick`` and given the table's snapshot, and at a
        quick table the match is on its way: with other people seated, the countdown
        (as the manager's Start); alone, at once, or after a wait for people of
        ``cmd.wait`` seconds (at most ``quick_wait``) that the manager may skip."""
        viewer = cmd.viewer
        assert viewer is not None
        user = self.seating.signed_in(viewer.user)
        seat = self.seating.seat_of(user)
        if seat is None:
            seat = self.seating.free_seat()
            if seat is None or self.status == PLAYING:
                raise ProtocolError("table_busy", SEATS_TAKEN)
            if not self.access.may_sit(viewer, self.seating.manager):
                raise ProtocolError("forbidden", INVITE_ONLY)
            await self._take_seat(viewer, user, seat)
            self._publish([self._seats_event()], with_state=False)
        self._attach(viewer)
        self._send(viewer, [dumps({"type": "quick", "id": cmd.id, "table": self.info(),
                                   "seat": seat}),
                            dumps(self.snapshot(viewer)),
                            dumps({"type": "chat_history", "table": self.id,
                                   "lines": self.chat.recent()})])
        self.host.lobby_changed(self.id)
        if self.quick and self.status == WAITING:
            await self._quick_start(user, min(cmd.wait, self.settings.quick_wait))
        else:
            self._reschedule(new_turn=False)

    async def _quick_start(self, user: UserInfo, wait: float) -> None:
        """The match of a quick table on its way (see :meth:`_on_quick_seat`)."""
        quick = not self.seating.others(user)
        seconds = wait if quick else self.settings.countdown
        if seconds <= 0:
            self.seating.start_countdown(None, now=now_ms(), seconds=0, agreed=True)
            await self._begin_match()
            return
        ends = self.seating.start_countdown(None, now=now_ms(), seconds=seconds, agreed=True)
        self.quick_wait = quick
        data: JSON = {"seconds": seconds, "ends_at": ends}
        if quick:
            data["quick"] = True  # a wait for people: bots fill the seats when it ends
        self._publish([self.log.add("countdown", data)], with_state=False)
        self._reschedule(new_turn=True)
        self.host.lobby_changed(self.id)

    @handles(Rematch)
    async def _on_rematch(self, cmd: Rematch) -> None:
        """A seated person agrees to the rematch (rövanş); when everyone seated has, the
        countdown starts as if the manager had pressed Start."""
        news = self.seating.agree_rematch(cmd.sender.user,
                                          after_match=self.matches_played > 0)
        if not news:
            self._ok(cmd)
            return
        items = [self.log.add("rematch", {"agreed": self.seating.rematch_seats()})]
        if self.seating.everyone_agreed() and self.seating.humans() == 1:
            # one person alone with bots: nobody to warn, the match begins at once
            self.seating.start_countdown(None, now=now_ms(), seconds=0, agreed=True)
            self._ok(cmd)
            self._publish(items, with_state=False)
            await self._begin_match()
            return
        if self.seating.everyone_agreed():
            seconds = self.settings.countdown
            ends = self.seating.start_countdown(None, now=now_ms(), seconds=seconds,
                                                agreed=True)
            items.append(self.log.add("countdown", {"seconds": seconds, "ends_at": ends,
                                                    "rematch": True}))
        self._countdown_changed(cmd, items)

    def _countdown_changed(self, cmd: ClientCommand, items: list[StoredEvent]) -> None:
        """The countdown started or stopped: tell the caller, the table and the lobby."""
        self._ok(cmd)
        self._publish(items, with_state=False)
        self._reschedule(new_turn=self.status == COUNTDOWN)
        self.host.lobby_changed(self.id)

    # ================================================================ settings, talk
    @handles(Settings)
    async def _on_settings(self, cmd: Settings) -> None:
        """The manager turns watchers' talk on or off (``watcher_chat``)."""
        user = cmd.sender.user
        if user is None or user.id != self.seating.manager.id:
            raise ProtocolError("forbidden", MANAGER_SETTINGS)
        try:
            await self.recorder.save_settings(self.id, watcher_chat=cmd.watcher_chat)
        except Exception as exc:
            log.warning("table %s: settings not saved: %r", self.id, exc)
            raise ProtocolError("storage_failed", STORAGE_FAILED) from None
        self.access.watcher_chat = cmd.watcher_chat
        self._ok(cmd)
        self._publish([self.log.add("settings", {"watcher_chat": cmd.watcher_chat})],
                      with_state=False)
        self.host.lobby_changed(self.id)

    @handles(Chat)
    async def _on_chat(self, cmd: Chat) -> None:
        """A line of table talk: checked (who, length, rate), saved with the table and
        its match (never in the game record), then sent to every viewer."""
        viewer = cmd.sender
        user = viewer.user
        if user is None:
            raise ProtocolError("auth_required", CHAT_SIGN_IN)
        if viewer not in self.viewers:
            raise ProtocolError("not_seated", CHAT_JOIN_FIRST)
        seat = self.seating.seat_of(user)
        if seat is None and not self.access.watcher_chat \
                and user.id != self.seating.manager.id:  # the manager may always talk
            raise ProtocolError("forbidden", CHAT_WATCHERS_OFF)
        text = None if cmd.phrase is not None else clean_text(cmd.text,
                                                               self.settings.chat_max_chars)
        if not self.chat_limiter.allow(user.id):
            s = self.settings
            raise ProtocolError("rate_limited", CHAT_RATE, lines=s.chat_lines,
                                seconds=int(s.chat_seconds))
        line: JSON = {"at": now_ms(), "user": user.public(), "seat": seat,
                      "watcher": seat is None, "text": text, "phrase": cmd.phrase}
        match_id = self.session.match_id if self.session is not None \
            and self.status == PLAYING else None
        try:
            await self.recorder.save_chat_line(self.id, match_id, line)
        except Exception as exc:
            log.warning("table %s: a chat line was not saved: %r", self.id, exc)
            raise ProtocolError("storage_failed", STORAGE_FAILED) from None
        self.chat.add(line)
        self._ok(cmd)
        self.outbox.deliver(list(self.viewers),
                            [dumps({"type": "chat", "table": self.id, "line": line})])
