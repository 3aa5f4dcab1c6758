"""One table of the salon: seats, the countdown, the match, clocks and numbered events.

A table is a single asyncio task that owns all of its state; everything reaches it as a
:class:`Command` through its queue (DESIGN.md §5), including its own timers, so nothing
else ever touches a table's match. It drives the game only through
:class:`~kahvehane.match.Match` and the engine interface, and every message it sends is
made of ``view(seat)`` and ``Event.for_seat(seat)`` (``None`` for spectators).

Every accepted action is written to the database (group commit) *before* anyone is told
about it, so a restarted server resumes from exactly what the players saw. If a write
fails, what it would have saved is undone in memory too (the deal is rebuilt from its
saved actions), the table is back at the saved state, the sender gets ``storage_failed``,
every viewer a ``sync`` of that state, and the table tries again after a pause
(:data:`RETRY_AFTER`): nothing a player was told is missing from the database.
"""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from kahvehane.bots import Bot, bot_kinds, make_bot
from kahvehane.errors import ActionError, IllegalAction, KahvehaneError, NotationError
from kahvehane.fair import commitment, new_seed
from kahvehane.games import get_game
from kahvehane.games.base import Action, DealState, Event
from kahvehane.match import Match
from kahvehane.records import replay
from kahvehane.server.protocol import JSONObj, ProtocolError, dumps, join_objects, now_ms
from kahvehane.server.protocol import field as msg_field
from kahvehane.store import matches as db
from kahvehane.store.accounts import UserInfo, chips_of
from kahvehane.store.ledger import InsufficientChips

if TYPE_CHECKING:
    from kahvehane.server.connection import Conn
    from kahvehane.server.salon import Salon

log = logging.getLogger("kahvehane.server.table")

WAITING, COUNTDOWN, PLAYING, CLOSED = "waiting", "countdown", "playing", "closed"
OKEY_GAMES = ("duz_okey", "kdv_okey")
RETRY_AFTER = 1.0  # seconds before a table's timers fire again after a failed write


class NotSaved(Exception):
    """A database write failed; the change it would have saved was undone in memory."""


@dataclass
class Command:
    kind: str
    conn: Conn | None = None
    msg: JSONObj = field(default_factory=dict)
    token: int = 0


@dataclass
class SeatState:
    user: UserInfo | None = None  # the person holding the seat
    bot: Bot | None = None  # a bot seat of the running match
    fallback: Bot | None = None  # plays for an away person
    away: bool = False
    left: bool = False  # gave the seat up during the match

    def public(self, seat: int) -> JSONObj:
        return {
            "seat": seat,
            "user": None if self.user is None else self.user.public(),
            "bot": None if self.bot is None else self.bot.label,
            "away": self.away,
        }


#: A numbered event, encoded once when it happens and kept for reconnecting clients:
#: ``(n, owner, public, private)``. ``public`` is the message's JSON text for everyone
#: (a game event as ``Event.for_seat(None)``); ``private`` (or ``None``) is the text with
#: ``Event.for_seat(seat)`` for ``owner``, the user id holding the event's seat. A plain
#: tuple of strings and integers: the garbage collector stops tracking it, so a thousand
#: tables' kept events cost full collections nothing.
StoredEvent = tuple[int, int | None, str, str | None]


def event_text(ev: StoredEvent, viewer_user: int | None) -> str:
    """The text of ``ev`` for a viewer (``viewer_user``: the user id of a seated viewer)."""
    if ev[3] is not None and viewer_user is not None and viewer_user == ev[1]:
        return ev[3]
    return ev[2]


class Table:
    """A table and its task. Create with :meth:`Salon.create_table` or restore."""

    def __init__(self, salon: Salon, table_id: str, game: str, options: JSONObj,
                 entry: int | None, clock: int, manager: UserInfo, kasa: int | None,
                 matches_played: int = 0) -> None:
        self.salon = salon
        self.settings = salon.settings
        self.store = salon.store
        self.id = table_id
        self.game = game
        self.rules = get_game(game)
        self.options = options
        self.entry = entry
        self.clock = clock
        self.manager = manager
        self.kasa = kasa
        self.matches_played = matches_played
        self.num_seats = self.rules.num_seats(options)
        self.seats = [SeatState() for _ in range(self.num_seats)]
        self.status = WAITING
        self.viewers: dict[Conn, None] = {}
        self.events: deque[StoredEvent] = deque(maxlen=salon.settings.replay_events)
        self.n = 0
        self.epoch = salon.epoch
        self.match: Match | None = None
        self.match_id: int | None = None
        self.countdown_ends: int | None = None
        self.deadline: int | None = None  # move clock of the seats to act (ms)
        self.queue: asyncio.Queue[Command] = asyncio.Queue()
        self.task: asyncio.Task[None] | None = None
        self._timer: asyncio.TimerHandle | None = None
        self._timer_kind = ""
        self._timer_token = 0
        self._timer_due = 0.0  # loop time the armed timer is for (a clock may fire early)
        self._retry_at = 0.0  # loop time before which timers wait (after a failed write)
        self._rng = random.Random(secrets.randbits(64))  # bots' choices only, never deals

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
                self._error(cmd, exc.code, str(exc), exc.rule)
            except NotSaved as exc:
                self._not_saved(cmd, exc)
            except Exception:
                log.exception("table %s: %s failed", self.id, cmd.kind)
                self._error(cmd, "internal", "the server failed to do that", None)

    def _not_saved(self, cmd: Command, exc: NotSaved) -> None:
        """A write failed and its change was undone: tell the sender, give every viewer
        the saved state again, and let the timers try again after a pause."""
        log.warning("table %s: %s not saved: %s", self.id, cmd.kind, exc.__cause__ or exc)
        self._retry_at = asyncio.get_running_loop().time() + RETRY_AFTER
        self._error(cmd, "storage_failed",
                    "the server could not save that; nothing changed: try again", None)
        if self.status == PLAYING:
            for conn in list(self.viewers):
                seat = self.seat_of(conn.user)
                sync: JSONObj = {"type": "sync", "table": self.id, "n": self.n}
                sync.update(self._match_state(seat))
                conn.send(sync)
        self._reschedule(new_turn=False)

    def _error(self, cmd: Command, code: str, message: str, rule: str | None) -> None:
        if cmd.conn is not None:
            cmd.conn.error(code, message, msg=cmd.msg, table=self.id, rule=rule)

    def _ok(self, cmd: Command) -> None:
        if cmd.conn is not None:
            cmd.conn.ok(cmd.msg)

    async def _handle(self, cmd: Command) -> None:
        handler = _HANDLERS.get(cmd.kind)
        if handler is None:
            raise ProtocolError("bad_message", f"unknown message type {cmd.kind!r}")
        await handler(self, cmd)

    # ================================================================ info
    def info(self) -> JSONObj:
        return {
            "id": self.id,
            "game": self.game,
            "options": self.options,
            "entry": self.entry,
            "clock": self.clock,
            "manager": self.manager.public(),
            "status": self.status,
            "seats": [s.public(i) for i, s in enumerate(self.seats)],
            "spectators": sum(1 for c in self.viewers if self.seat_of(c.user) is None),
            "kasa": self.kasa,
            "match": self.match_id,
            "matches_played": self.matches_played,
            "countdown_ends_at": self.countdown_ends,
        }

    def seat_of(self, user: UserInfo | None) -> int | None:
        if user is None:
            return None
        for i, s in enumerate(self.seats):
            if s.user is not None and s.user.id == user.id:
                return i
        return None

    def _state(self) -> DealState | None:
        if self.match is None or not self.match.deals:
            return None
        return self.match.deals[-1].state

    def _is_bot_turn(self, seat: int) -> bool:
        st = self.seats[seat]
        return st.bot is not None or st.away or st.user is None

    def _humans(self) -> int:
        return sum(1 for s in self.seats if s.user is not None)

    def _clock_json(self) -> JSONObj:
        state = self._state()
        to_act = list(state.to_act) if state is not None and self.match is not None else []
        return {"to_act": to_act, "deadline": self.deadline, "seconds": self.clock}

    def _match_state(self, seat: int | None) -> JSONObj:
        """The view, clock and (for a seat to act) legal actions of ``seat``."""
        state = self._state()
        out: JSONObj = {"view": None if state is None else state.view(seat),
                        "clock": self._clock_json()}
        legal = self._legal(state, seat)
        if legal is not None:
            out["legal"] = legal
        return out

    def _legal(self, state: DealState | None, seat: int | None) -> list[JSONObj] | None:
        """The legal actions of ``seat`` if it is to act in a running deal, else None."""
        if state is not None and seat is not None and seat in state.to_act \
                and self.match is not None and self.match.current is not None:
            return [a.to_json() for a in state.legal_actions(seat)]
        return None

    def _state_text(self, state: DealState, seat: int | None, public: str, clock: str) -> str:
        """``dumps(self._match_state(seat))``, made of parts: ``public`` is
        ``dumps(state.public_view())`` and ``clock`` ``dumps(self._clock_json())``, both
        encoded once per change for every viewer; only the seat's own part of the view
        and its legal actions are encoded per seat (``DealState.view``)."""
        view = join_objects(public, f'{{"seat":{"null" if seat is None else seat}}}',
                            "{}" if seat is None else dumps(state.own_view(seat)))
        legal = self._legal(state, seat)
        more = "" if legal is None else ',"legal":' + dumps(legal)
        return f'{{"view":{view},"clock":{clock}{more}}}'

    def _score(self) -> JSONObj:
        assert self.match is not None
        summary = self.rules.summary(self.match.options, self.match.history)
        return {"deals": [{"scores": list(r.scores), "end": r.end} for r in self.match.history],
                "totals": list(summary.totals)}

    def snapshot(self, conn: Conn) -> JSONObj:
        seat = self.seat_of(conn.user)
        match: JSONObj | None = None
        if self.match is not None and self.status == PLAYING:
            entry = self.match.deals[-1] if self.match.deals else None
            match = {
                "id": self.match_id,
                "deal": len(self.match.deals) - 1,
                "commitment": entry.commitment if entry is not None else None,
                "players": self.match.players,
                "score": self._score(),
                "away": [s.away for s in self.seats],
                **self._match_state(seat),
            }
        return {"type": "snapshot", "table": self.id, "epoch": self.epoch, "n": self.n,
                "info": self.info(), "you": seat, "match": match}

    # ================================================================ events
    def _event(self, kind: str, data: JSONObj | None = None, *, game: Event | None = None,
               auto: bool = False) -> StoredEvent:
        self.n += 1
        msg: JSONObj = {"type": "event", "table": self.id, "n": self.n, "kind": kind}
        owner = private = None
        if game is not None:
            msg["data"] = game.for_seat(None)
            msg["auto"] = auto
            seat = game.seat
            if seat is not None and 0 <= seat < self.num_seats:
                holder = self.seats[seat].user
                if holder is not None:
                    owner = holder.id
                    private = dumps({**msg, "data": game.for_seat(seat)})
        else:
            msg["data"] = data
        ev: StoredEvent = (self.n, owner, dumps(msg), private)
        self.events.append(ev)
        return ev

    def _publish(self, items: list[StoredEvent], *, with_state: bool) -> None:
        """Send ``items`` to every viewer; the last one carries view, legal and clock."""
        if not items or not self.viewers:
            return
        by_key: dict[tuple[int | None, int | None], list[Conn]] = {}
        for conn in self.viewers:
            seat = self.seat_of(conn.user)
            user = conn.user.id if conn.user is not None and seat is not None else None
            by_key.setdefault((seat, user), []).append(conn)
        state = self._state() if with_state and self.match is not None else None
        if state is not None:  # the same for every viewer
            public, clock = dumps(state.public_view()), dumps(self._clock_json())
        for (seat, user), conns in by_key.items():
            texts = [event_text(ev, user) for ev in items]
            if state is not None:  # the state's fields join the last event's object
                texts[-1] = join_objects(texts[-1],
                                         self._state_text(state, seat, public, clock))
            for conn in conns:
                conn.send_texts(texts)

    def _seats_event(self) -> StoredEvent:
        return self._event("seats", {"seats": [s.public(i) for i, s in enumerate(self.seats)],
                                     "manager": self.manager.public()})

    # ================================================================ timers
    def _set_timer(self, kind: str, delay: float) -> None:
        loop = asyncio.get_running_loop()
        if kind != "idle":  # after a failed write, wait before trying again
            delay = max(delay, self._retry_at - loop.time())
        due = loop.time() + max(0.0, delay)
        timer = self._timer
        if (timer is not None and kind == "clock" and self._timer_kind == "clock"
                and timer.when() <= due):
            # Each move pushes the move clock later. The armed clock timer fires no
            # later than the new deadline: keep it, and when it fires early it arms
            # itself again for the rest (_on_timer): one timer per clock, not per move.
            self._timer_due = due
            return
        if timer is not None:
            timer.cancel()
        self._timer_token += 1
        self._timer_kind = kind
        self._timer_due = due
        self._timer = loop.call_at(
            due, self.submit, Command("timer", msg={"timer": kind}, token=self._timer_token))

    def _clear_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
        self._timer = None
        self._timer_kind = ""
        self._timer_token += 1

    def _reschedule(self, *, new_turn: bool) -> None:
        """Arm the one timer the table needs now (countdown, bot move, move clock, next
        deal or closing an idle table)."""
        s = self.settings
        if self.status == COUNTDOWN and self.countdown_ends is not None:
            self._set_timer("countdown", (self.countdown_ends - now_ms()) / 1000)
            return
        if self.status == PLAYING and self.match is not None:
            state = self.match.current
            if state is None:
                self.deadline = None
                self._set_timer("next_deal", s.deal_pause)
                return
            to_act = state.to_act
            if any(self._is_bot_turn(x) for x in to_act):
                self.deadline = None
                self._set_timer("bot", s.bot_delay)
                return
            if new_turn or self.deadline is None:
                self.deadline = now_ms() + self.clock * 1000
            self._set_timer("clock", (self.deadline - now_ms()) / 1000)
            return
        self.deadline = None
        if self.status == WAITING and self._humans() == 0 and not self.viewers:
            self._set_timer("idle", s.idle_close)
            return
        self._clear_timer()

    async def _on_timer(self, cmd: Command) -> None:
        if cmd.token != self._timer_token:
            return  # a timer that was replaced
        self._timer = None
        kind = cmd.msg.get("timer")
        rest = self._timer_due - asyncio.get_running_loop().time()
        if kind == "clock" and rest > 0:  # the clock moved on since it was armed
            self._set_timer("clock", rest)
            return
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

    # ================================================================ lobby side
    async def _on_join(self, cmd: Command) -> None:
        conn = cmd.conn
        assert conn is not None
        self._attach(conn)
        last = cmd.msg.get("last")
        epoch = cmd.msg.get("epoch")
        oldest = self.events[0][0] if self.events else self.n + 1
        if (isinstance(last, int) and not isinstance(last, bool) and epoch == self.epoch
                and oldest - 1 <= last <= self.n):
            seat = self.seat_of(conn.user)
            user = conn.user.id if conn.user is not None and seat is not None else None
            texts = [event_text(ev, user) for ev in self.events if ev[0] > last]
            sync: JSONObj = {"type": "sync", "table": self.id, "n": self.n}
            sync.update(self._match_state(seat) if self.status == PLAYING else
                        {"view": None, "clock": self._clock_json()})
            texts.append(dumps(sync))
            conn.send_texts(texts)
        else:
            conn.send(self.snapshot(conn))
        self._ok(cmd)
        self.salon.lobby_changed(self)

    def _attach(self, conn: Conn) -> None:
        if conn not in self.viewers:
            self.viewers[conn] = None
            conn.tables[self.id] = self
            if self._timer_kind == "idle":
                self._reschedule(new_turn=False)

    async def _on_part(self, cmd: Command) -> None:
        if cmd.conn is not None:
            self.viewers.pop(cmd.conn, None)
            cmd.conn.tables.pop(self.id, None)
        if cmd.kind == "part":
            self._ok(cmd)
        self._reschedule(new_turn=False)
        self.salon.lobby_changed(self)

    async def _on_sit(self, cmd: Command) -> None:
        conn = cmd.conn
        assert conn is not None
        user = conn.user
        if user is None:
            raise ProtocolError("auth_required", "sign in (or play as a guest) to take a seat")
        seat = msg_field(cmd.msg, "seat", int)
        if not 0 <= seat < self.num_seats:
            raise ProtocolError("bad_message", f"seats are 0..{self.num_seats - 1}")
        if self.status == PLAYING:
            raise ProtocolError("table_busy", "a match is being played: seats are taken")
        current = self.seat_of(user)
        if current == seat:
            self._attach(conn)
            self._ok(cmd)
            return
        if self.seats[seat].user is not None:
            raise ProtocolError("seat_taken", f"seat {seat} is taken")
        if self.entry:
            entry = self.entry
            chips = await self.store.read(lambda s: chips_of(s, user.id))
            if chips < entry:
                raise ProtocolError("insufficient_chips",
                                    f"this table's entry is {entry} chips; you have {chips}")
        before = [s.user for s in self.seats]
        if current is not None:
            self.seats[current].user = None
        self.seats[seat].user = user
        await self._save_seats(undo=before)
        self._attach(conn)
        self._ok(cmd)
        self._publish([self._seats_event()], with_state=False)
        self._reschedule(new_turn=False)
        self.salon.lobby_changed(self)

    async def _save_seats(self, undo: list[UserInfo | None] | None = None) -> None:
        """Write who sits where; if that fails, put ``undo`` back and raise NotSaved
        (without ``undo``: the failure is logged, the next save writes the seats)."""
        seats = [s.user.id if s.user is not None else None for s in self.seats]
        table_id = self.id
        try:
            await self.store.write(lambda s: db.save_seats(s, table_id, seats))
        except Exception as exc:
            if undo is None:
                log.warning("table %s: seats not saved: %r", self.id, exc)
                return
            for st, user in zip(self.seats, undo, strict=True):
                st.user = user
            raise NotSaved("the seats were not saved") from exc

    async def _on_leave(self, cmd: Command) -> None:
        conn = cmd.conn
        assert conn is not None
        seat = self.seat_of(conn.user)
        if seat is None:
            raise ProtocolError("not_seated", "you have no seat at this table")
        items: list[StoredEvent] = []
        if self.status == PLAYING:
            st = self.seats[seat]
            st.left = True
            if not st.away:
                st.away = True
                items.append(self._event("away", {"seat": seat}))
        else:
            before = [s.user for s in self.seats]
            self.seats[seat].user = None
            await self._save_seats(undo=before)
        self._ok(cmd)
        items.append(self._seats_event())
        self._publish(items, with_state=False)
        self._reschedule(new_turn=False)
        self.salon.lobby_changed(self)

    async def _on_start(self, cmd: Command) -> None:
        self._check_manager(cmd, "starts the match (P-1)")
        if self.status != WAITING:
            raise ProtocolError("table_busy", f"the table is not waiting ({self.status})")
        seconds = self.settings.countdown
        ends = now_ms() + int(seconds * 1000)
        self._set_countdown(cmd, ends, self._event("countdown", {"seconds": seconds,
                                                                 "ends_at": ends}))

    async def _on_cancel(self, cmd: Command) -> None:
        self._check_manager(cmd, "stops the countdown")
        if self.status != COUNTDOWN:
            raise ProtocolError("table_busy", "no countdown is running")
        self._set_countdown(cmd, None, self._event("countdown_cancelled", {}))

    def _check_manager(self, cmd: Command, what: str) -> None:
        """Only the table manager starts the match or stops its countdown (P-1)."""
        conn = cmd.conn
        assert conn is not None
        if conn.user is None or conn.user.id != self.manager.id:
            raise ProtocolError("forbidden", f"only the table manager {what}")

    def _set_countdown(self, cmd: Command, ends: int | None, event: StoredEvent) -> None:
        """Start (``ends``: when it ends) or stop (``None``) the countdown, and tell
        the caller, the table and the lobby."""
        self.status = WAITING if ends is None else COUNTDOWN
        self.countdown_ends = ends
        self._ok(cmd)
        self._publish([event], with_state=False)
        self._reschedule(new_turn=ends is not None)
        self.salon.lobby_changed(self)

    # ================================================================ the match
    def _bot_kind(self) -> str:
        kinds = bot_kinds(self.game)
        return self.settings.bot_kind if self.settings.bot_kind in kinds else "random"

    def _new_bot(self, seat: int) -> Bot:
        return make_bot(self.game, self._bot_kind(), seat, random.Random(self._rng.getrandbits(64)))

    async def _begin_match(self) -> None:
        """The countdown is over: bots take the empty seats, entries are debited, deal 0."""
        self.countdown_ends = None
        for i, st in enumerate(self.seats):
            st.away = st.left = False
            st.fallback = None
            st.bot = None if st.user is not None else self._new_bot(i)
        players = [st.user.name if st.user is not None else st.bot.label if st.bot else "?"
                   for st in self.seats]
        seat_users = [st.user.id if st.user is not None else None for st in self.seats]
        bots = [st.bot.kind if st.bot is not None else None for st in self.seats]
        tid, game, options, entry = self.id, self.game, self.options, self.entry
        try:
            started = await self.store.write(
                lambda s: db.start_match(s, tid, game, options, players, seat_users, bots, entry))
        except Exception as exc:  # not enough chips, or the write failed: no match
            short = isinstance(exc, InsufficientChips)
            if not short:
                log.warning("table %s: the match start was not saved: %r", self.id, exc)
            items = []
            for st in self.seats:
                st.bot = None
                if (isinstance(exc, InsufficientChips) and st.user is not None
                        and st.user.id == exc.user_id):
                    st.user = None
            if short:
                await self._save_seats()
            self.status = WAITING
            reason = ("a seated player no longer has the entry" if short
                      else "the server could not save the start of the match")
            items.append(self._event("countdown_cancelled", {"reason": reason}))
            items.append(self._seats_event())
            self._publish(items, with_state=False)
            self._reschedule(new_turn=False)
            self.salon.lobby_changed(self)
            return
        self.match = Match(self.rules, self.options, players=players)
        self.match_id = started.match_id
        self.status = PLAYING
        items = [self._event("match_start", {
            "match": self.match_id, "players": players,
            "seats": [st.public(i) for i, st in enumerate(self.seats)],
            "entry": self.entry, "kasa": started.kasa})]
        if started.kasa is not None:
            self.kasa = started.kasa
            items.append(self._event("kasa", {"kasa": self.kasa}))
        try:
            items += await self._next_deal()  # on NotSaved the next_deal timer tries again
        finally:
            self._reschedule(new_turn=True)
            self._publish(items, with_state=True)
            self.salon.lobby_changed(self)

    async def _next_deal(self) -> list[StoredEvent]:
        """Commit to a fresh secret seed, deal from it, persist, announce the commitment."""
        match = self.match
        assert match is not None and self.match_id is not None
        if match.complete:
            return await self._end_match()
        seed = new_seed()
        commit = commitment(seed)
        k = len(match.deals)
        match.deal(seed=seed, commitment=commit)
        try:
            await self.store.insert(db.DEALS, [db.deal_row(self.match_id, k, seed, commit)])
        except Exception as exc:
            match.deals.pop()  # the deal was never shown to anyone
            raise NotSaved(f"deal {k} was not saved") from exc
        return [self._event("deal_start", {"deal": k, "commitment": commit})]

    async def _play(self, seat: int, action: Action, *, auto: bool) -> list[StoredEvent]:
        """Apply one action, persist it, and return the events (not yet published)."""
        match = self.match
        assert match is not None and self.match_id is not None
        events = match.apply(action)  # IllegalAction leaves everything as it was
        k = len(match.deals) - 1
        i = len(match.deals[-1].actions) - 1
        try:
            await self.store.insert(db.ACTIONS,
                                    [db.action_row(self.match_id, k, i, action.to_json())])
        except Exception as exc:
            self._rewind(k, i)
            raise NotSaved(f"action {i} of deal {k} was not saved") from exc
        items = [self._event("game", game=e, auto=auto) for e in events]
        state = match.deals[-1].state
        if state.is_over:
            items += self._deal_over(k)
            if match.complete:
                try:
                    items += await self._end_match()
                except NotSaved as exc:  # the move stands (saved); the end is tried again
                    log.warning("table %s: %s", self.id, exc)
                    self._retry_at = asyncio.get_running_loop().time() + RETRY_AFTER
        return items

    def _rewind(self, k: int, keep: int) -> None:
        """Undo the unsaved actions of deal ``k`` (the last): rebuild its state from its
        setup and its first ``keep`` actions, which the database holds."""
        match = self.match
        assert match is not None and k == len(match.deals) - 1
        entry = match.deals[k]
        if entry.state.is_over:
            match.history.pop()
        actions = entry.actions[:keep]
        state = match.rules.new_deal(match.options, entry.setup, match.history)
        for a in actions:
            state.apply(a)
        entry.state = state
        entry.actions = actions

    def _deal_over(self, k: int) -> list[StoredEvent]:
        assert self.match is not None
        entry = self.match.deals[k]
        result = self.match.history[-1]
        return [
            self._event("deal_end", {"deal": k, "seed": entry.seed, "commitment": entry.commitment,
                                     "result": result.to_json()}),
            self._event("score", self._score()),
        ]

    async def _end_match(self) -> list[StoredEvent]:
        """Settle chips, write standings and the record in one transaction; reset."""
        match = self.match
        assert match is not None and self.match_id is not None
        result = match.result_json()
        record = match.to_record(include_setups=True)
        outcomes = self._outcomes(result)
        match_id = self.match_id
        try:
            finished = await self.store.write(
                lambda s: db.finish_match(s, match_id, result, record, outcomes))
        except Exception as exc:
            raise NotSaved(f"the end of match {match_id} was not saved") from exc
        items = [self._event("match_end", {
            "match": match_id, "result": result, "record": f"/api/matches/{match_id}/record",
            "chips": None if finished.chips_net is None else {"net": finished.chips_net,
                                                              "kasa": finished.kasa},
            "ranking_points": result.get("ranking_points")})]
        if finished.kasa is not None:
            self.kasa = finished.kasa
            items.append(self._event("kasa", {"kasa": self.kasa}))
        self.matches_played += 1
        self.status = WAITING
        self.deadline = None
        for st in self.seats:
            st.bot = st.fallback = None
            st.away = False
            if st.left:
                st.user = None
                st.left = False
        await self._save_seats()
        items.append(self._seats_event())
        self.salon.lobby_changed(self)
        self.salon.matches_finished += 1
        return items

    def _outcomes(self, result: JSONObj) -> list[db.SeatOutcome]:
        assert self.match is not None
        totals: list[int] = result["totals"]
        winner = result["winner"]
        rp = result.get("ranking_points")
        players = self.match.players or []
        out = []
        for seat in range(self.num_seats):
            if isinstance(winner, int):
                res = "win" if seat == winner else "loss"
            elif isinstance(winner, list):
                res = "win" if seat in winner else "loss"
            else:  # a shared first place: a draw for those who share it
                if isinstance(rp, list):
                    res = "draw" if rp[seat] == max(rp) else "loss"
                else:
                    res = "draw" if totals[seat] == max(totals) else "loss"
            user = self.seats[seat].user
            points = round(float(rp[seat]) * 12) if isinstance(rp, list) else 0
            out.append(db.SeatOutcome(seat, user.id if user is not None else None,
                                      players[seat] if seat < len(players) else "?", res,
                                      int(totals[seat]), points))
        return out

    # ---------------------------------------------------------------- moves
    async def _on_act(self, cmd: Command) -> None:
        conn = cmd.conn
        assert conn is not None
        seat = self.seat_of(conn.user)
        if seat is None:
            raise ProtocolError("not_seated", "you have no seat at this table")
        raw = msg_field(cmd.msg, "action", dict)
        if "seat" in raw and raw["seat"] != seat:
            raise ProtocolError("forbidden", f"you hold seat {seat}: you cannot act for another")
        state = self.match.current if self.match is not None and self.status == PLAYING else None
        if state is None:
            raise ProtocolError("illegal_action", "no deal is in progress")
        try:
            action = state.parse_action({**raw, "seat": seat})
            items = await self._play(seat, action, auto=False)
        except ActionError as exc:
            raise ProtocolError("illegal_action", _plain(exc), exc.rule) from None
        except (NotationError, KahvehaneError, KeyError, TypeError, ValueError) as exc:
            raise ProtocolError("illegal_action", str(exc)) from None
        st = self.seats[seat]
        if st.away and not st.left:
            st.away = False
            items.append(self._event("back", {"seat": seat}))
            items.append(self._seats_event())
            self.salon.lobby_changed(self)
        self._ok(cmd)
        self._reschedule(new_turn=action.act != "arrange")
        self._publish(items, with_state=True)

    async def _on_back(self, cmd: Command) -> None:
        conn = cmd.conn
        assert conn is not None
        seat = self.seat_of(conn.user)
        if seat is None:
            raise ProtocolError("not_seated", "you have no seat at this table")
        st = self.seats[seat]
        self._ok(cmd)
        if not st.away:
            return
        st.away = st.left = False
        items = [self._event("back", {"seat": seat}), self._seats_event()]
        self._reschedule(new_turn=True)
        self._publish(items, with_state=True)
        self.salon.lobby_changed(self)

    async def _on_suggest(self, cmd: Command) -> None:
        conn = cmd.conn
        assert conn is not None
        seat = self.seat_of(conn.user)
        if self.game not in OKEY_GAMES:
            raise ProtocolError("not_supported", "arrangements are suggested in Okey only")
        if seat is None:
            raise ProtocolError("not_seated", "you have no seat at this table")
        state = self.match.current if self.match is not None else None
        suggest: Callable[[int], list[Action]] | None = getattr(
            state, "suggested_arrangements", None)
        if state is None or suggest is None:
            raise ProtocolError("illegal_action", "no deal is in progress")
        conn.send({"type": "suggestions", "table": self.id, "id": cmd.msg.get("id"),
                   "arrangements": [a.to_json() for a in suggest(seat)]})

    def _bot_for(self, seat: int) -> Bot:
        st = self.seats[seat]
        if st.bot is not None:
            return st.bot
        if st.fallback is None:
            st.fallback = self._new_bot(seat)
        return st.fallback

    async def _bot_turn(self, seat: int, *, auto_items: list[StoredEvent]) -> None:
        """A bot's move for ``seat``: Okey bots may first arrange (applied, then asked
        again); the move is applied like anyone's."""
        match = self.match
        assert match is not None
        bot = self._bot_for(seat)
        for _ in range(4):
            state = match.current
            if state is None or seat not in state.to_act:
                return
            legal = state.legal_actions(seat)
            if not legal:
                return
            action = bot.choose(state.view(seat), legal)
            if action.act == "arrange":
                try:
                    auto_items += await self._play(seat, action, auto=True)
                except IllegalAction:
                    log.warning("table %s: bot arrangement refused", self.id)
                    break
                continue
            auto_items += await self._play(seat, action, auto=True)
            return
        state = match.current
        if state is not None and seat in state.to_act:
            auto_items += await self._play(seat, state.legal_actions(seat)[0], auto=True)

    async def _auto_move(self, *, timed_out: bool) -> None:
        """One move made by a bot: for a bot's seat, or (``timed_out``) for a person
        whose clock ran out, who is marked away. What was saved is published, even if a
        later write failed."""
        match = self.match
        if match is None or match.current is None:
            self._reschedule(new_turn=True)
            return
        items: list[StoredEvent] = []
        try:
            for seat in match.current.to_act:
                if timed_out:
                    st = self.seats[seat]
                    if not st.away:
                        st.away = True
                        items.append(self._event("away", {"seat": seat}))
                        items.append(self._seats_event())
                elif not self._is_bot_turn(seat):
                    continue
                await self._bot_turn(seat, auto_items=items)
                break
        finally:
            self._reschedule(new_turn=True)
            self._publish(items, with_state=True)
            if timed_out:
                self.salon.lobby_changed(self)

    # ================================================================ closing, restoring
    async def _close(self) -> None:
        if self.status != WAITING or self._humans() or self.viewers:
            return
        table_id = self.id
        try:
            await self.store.write(lambda s: db.close_table(s, table_id))
        except Exception as exc:
            raise NotSaved("the table's closing was not saved") from exc
        self.status = CLOSED
        self._clear_timer()
        self.salon.table_closed(self)

    async def _on_shutdown(self, cmd: Command) -> None:
        self._clear_timer()
        self.status = CLOSED

    def restore_match(self, match_id: int, record: JSONObj, seat_users: list[int | None],
                      bots: list[str | None], users: dict[int, UserInfo]) -> None:
        """Resume an unfinished match from its record (after a restart)."""
        self.match = replay(record)
        self.match_id = match_id
        self.status = PLAYING
        for i, st in enumerate(self.seats):
            uid = seat_users[i] if i < len(seat_users) else None
            st.user = users.get(uid) if uid is not None else None
            kind = bots[i] if i < len(bots) else None
            st.bot = None
            if st.user is None:
                use = kind if kind in bot_kinds(self.game) else self._bot_kind()
                st.bot = make_bot(self.game, use, i, random.Random(self._rng.getrandbits(64)))

    async def resume(self) -> None:
        """After :meth:`restore_match`: finish or deal what a crash left undone."""
        match = self.match
        if match is None:
            return
        items: list[StoredEvent] = []
        try:
            if match.complete:
                items += await self._end_match()
            elif match.current is None:
                items += await self._next_deal()
        finally:
            self._reschedule(new_turn=True)
            self._publish(items, with_state=True)


def _plain(exc: ActionError) -> str:
    return exc.reason


async def _on_detach(table: Table, cmd: Command) -> None:
    await table._on_part(cmd)


async def _on_resume(table: Table, cmd: Command) -> None:
    await table.resume()


_HANDLERS: dict[str, Callable[[Table, Command], Any]] = {
    "join": Table._on_join,
    "part": Table._on_part,
    "detach": _on_detach,
    "sit": Table._on_sit,
    "leave": Table._on_leave,
    "start": Table._on_start,
    "cancel": Table._on_cancel,
    "act": Table._on_act,
    "back": Table._on_back,
    "suggest": Table._on_suggest,
    "timer": Table._on_timer,
    "shutdown": Table._on_shutdown,
    "resume": _on_resume,
}
