"""The match's flow at a table: the countdown's end, each deal, the moves (a person's,
a bot's, a clock's), the end with its settlement, a match ended without a result, and
picking up after a restart. Also the timer's dispatch and the table's closing.

Every step is saved through :class:`~.session.MatchSession` and the recorder before it
is told (:mod:`.core`, "Saved before told").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kahvehane.errors import KahvehaneError, Message
from kahvehane.games.base import Action
from kahvehane.server.errors import (
    BAD_ACTION,
    CANCEL_CANNOT_SET_UP,
    CANCEL_NO_ENTRY,
    CANCEL_NOT_SAVED,
    CLOSE_NOT_SAVED,
    MATCH_FAILED,
    NO_DEAL,
    NO_SUGGESTIONS,
    NOT_YOUR_SEAT,
    RESUME_FAILED,
    NotSaved,
    ProtocolError,
)
from kahvehane.server.protocol import dumps
from kahvehane.server.table.commands import Act, Resume, Shutdown, Suggest, TimerFired, handles
from kahvehane.server.table.core import RETRY_AFTER, TableCore, log, reason_of
from kahvehane.server.table.events import StoredEvent
from kahvehane.server.table.recorder import InsufficientChips
from kahvehane.server.table.seats import CLOSED, PLAYING, WAITING
from kahvehane.server.table.session import CannotSetUp, DealOver, MatchSession
from kahvehane.users import UserInfo

__all__ = ["MatchFlow"]


class MatchFlow(TableCore):
    """The handlers and steps of the match."""

    # ================================================================ the timer
    @handles(TimerFired)
    async def _on_timer(self, cmd: TimerFired) -> None:
        kind = self.timer.fired(cmd.timer, cmd.token)
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

    # ================================================================ start and deals
    async def _begin_match(self) -> None:
        """The countdown is over: bots take the empty seats, entries are debited, deal 0."""
        seating = self.seating
        seating.fill(self.autoplay.new_bot)
        players, seat_users, bots = seating.lineup()
        try:
            session, started = await MatchSession.start(
                self.recorder, self.id, self.rules, self.game_options, players, seat_users,
                bots, self.entry, self.settings.faults)
        except Exception as exc:  # not enough chips, the engine refused, or the write
            short = isinstance(exc, InsufficientChips)  # failed: no match, no chip moved
            if not short:
                log.warning("table %s: the match did not start: %r", self.id, exc)
            seating.start_refused(exc.user_id if isinstance(exc, InsufficientChips) else None)
            if short:
                await self._save_seats()
            reason = (CANCEL_NO_ENTRY if short else CANCEL_CANNOT_SET_UP
                      if isinstance(exc, CannotSetUp) else CANCEL_NOT_SAVED)
            items = [self.log.add("countdown_cancelled", reason_of(reason)),
                     self._seats_event()]
            self._publish(items, with_state=False)
            self._reschedule(new_turn=False)
            self.host.lobby_changed(self.id)
            return
        self.session = session
        self.aborted = None
        self.played_out = self.quick_wait = False
        seating.playing()
        self.host.match_started(self.id, self.spec.id,
                                [u for u in seat_users if isinstance(u, int)])
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

    # ================================================================ moves
    @handles(Act)
    async def _on_act(self, cmd: Act) -> None:
        seat = self.seating.require_seat(cmd.sender.user)
        raw = cmd.action
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

    @handles(Suggest)
    async def _on_suggest(self, cmd: Suggest) -> None:
        if not self.spec.suggestions:
            raise ProtocolError("not_supported", NO_SUGGESTIONS)
        seat = self.seating.require_seat(cmd.sender.user)
        state = self.session.current if self.session is not None else None
        suggest: Callable[[int], list[Action]] | None = getattr(
            state, "suggested_arrangements", None)
        if state is None or suggest is None:
            raise ProtocolError("illegal_action", NO_DEAL)
        self._send(cmd.sender, [dumps({"type": "suggestions", "table": self.id, "id": cmd.id,
                                       "arrangements": [a.to_json() for a in suggest(seat)]})])

    async def _play(self, action: Action, *, auto: bool) -> list[StoredEvent]:
        """Apply one action, persist it, and return the events (not yet published)."""
        session = self.session
        assert session is not None
        events = await session.play(action, auto=auto)
        self.tally.moves += 1
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

    # ================================================================ the end
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
        result, finished = await session.finish(self.seating.user_ids(),
                                                self.seating.flags())
        match_id = session.match_id
        items = [self.log.add("match_end", {
            "match": match_id, "result": result, "record": f"/api/matches/{match_id}/record",
            "chips": None if finished.chips_net is None else {
                "net": finished.chips_net, "kasa": finished.kasa,
                "kasa_before": finished.kasa_before, "transfers": finished.transfers},
            "ranking_points": result.get("ranking_points")})]
        if finished.kasa is not None:
            self.kasa = finished.kasa
            items.append(self.log.add("kasa", {"kasa": self.kasa}))
        self.matches_played += 1
        self.deadline = None
        self.played_out = self._deserted()  # then the table closes at once
        self.seating.match_over()
        await self._save_seats()
        items.append(self._seats_event())
        self.host.lobby_changed(self.id)
        return items

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
            kasa = await self.recorder.abort_match(match_id, reason.code, stay)
        except Exception as exc:
            log.warning("table %s: the end of match %d was not saved: %r", self.id,
                        match_id, exc)
            self.timer.retry_after(RETRY_AFTER)
            return []
        self.failed = None
        self.session = None
        self.deadline = None
        self.seating.match_over()
        self.aborted = {"match": match_id, **reason_of(reason)}
        items = [self.log.add("match_aborted", self.aborted)]
        if kasa is not None and kasa != self.kasa:
            self.kasa = kasa
            items.append(self.log.add("kasa", {"kasa": kasa}))
        items.append(self._seats_event())
        self.host.lobby_changed(self.id)
        return items

    # ================================================================ closing, restoring
    async def _close(self) -> None:
        """Close a waiting table where nobody waits (:meth:`_someone_waiting`): after
        the grace time, or at once after a played-out match. The seats of people who
        are not here go with it."""
        if self.status != WAITING or self._someone_waiting():
            return
        try:
            await self.recorder.close_table(self.id)
        except Exception as exc:
            raise NotSaved(CLOSE_NOT_SAVED) from exc
        self._publish([self.log.add("closed", {})], with_state=False)  # its watchers
        for viewer in list(self.viewers):
            self.outbox.detached(viewer, self.id)
        self.viewers.clear()
        self.seating.status = CLOSED
        self.timer.clear()
        self.host.table_closed(self.id)

    @handles(Shutdown)
    async def _on_shutdown(self, cmd: Shutdown) -> None:
        self.timer.clear()
        self.seating.status = CLOSED

    def restore_match(self, match_id: int, record: dict[str, Any],
                      seat_users: list[int | None], bots: list[str | None],
                      users: dict[int, UserInfo], flags: list[Any] | None = None) -> None:
        """Resume an unfinished match from its record (after a restart), with who was
        away (``flags``, as :meth:`Seating.flags` saved them)."""
        self.session = MatchSession.restore(self.recorder, match_id, record,
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

    @handles(Resume)
    async def _on_resume(self, cmd: Resume) -> None:
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
