"""The salon: the table host of this server process — every table's actor by id (the
router a gateway sends commands through), opening tables, the lobby's list and its
changes, and on start the migration of the database and the restoring of every open
table, each unfinished match resumed from its record.

It knows no sockets either: tables reach their viewers through the bus
(:class:`~kahvehane.server.bus.LocalBus`), and so does the lobby.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import secrets
from collections.abc import Coroutine
from typing import Any, Protocol

from sqlalchemy.orm import Session

from kahvehane.errors import KahvehaneError
from kahvehane.games import GAME_NAMES, get_game, get_spec
from kahvehane.games.spec import GameSpec, split_table_options
from kahvehane.server.bus import LocalBus
from kahvehane.server.errors import (
    BAD_CLOCK,
    BAD_OPTIONS,
    BAD_SETTINGS,
    ENTRY_NEEDED,
    INVITED_WATCH_NEEDS_PRIVATE,
    NO_ENTRY,
    OPTIONS_NOT_OBJECT,
    RESUME_FAILED,
    SIGN_IN_TO_OPEN,
    UNKNOWN_GAME,
    ProtocolError,
)
from kahvehane.server.limits import MemoryLimiter, TableLimits
from kahvehane.server.notify import notify
from kahvehane.server.pauses import collect_on_schedule, freeze_now
from kahvehane.server.protocol import JSONObj, dumps
from kahvehane.server.rooms import check_room
from kahvehane.server.settings import Settings
from kahvehane.server.table import Command, TableActor, TableConfig, TableDeps
from kahvehane.server.table.access import Access, new_invite
from kahvehane.server.tally import Tally
from kahvehane.store import Store
from kahvehane.store.accounts import chips_of, user_info
from kahvehane.store.matches import abort_match
from kahvehane.store.tables import OpenTable, close_table, create_table, open_tables
from kahvehane.users import UserInfo

__all__ = ["OpenedTable", "Salon", "lobby_order", "quick_match", "table_options",
           "table_settings"]

log = logging.getLogger("kahvehane.server")

def table_options(spec: GameSpec, raw: JSONObj) -> JSONObj:
    """A new table's game options (what its matches are played and recorded with): each
    option the spec declares checked exactly (``2.0`` is not an integer), then the rules'
    own reading (defaults, unknown options, checks that tie two options together).
    ``bad_options`` with the spec's or the rules' message; the table options (the bots'
    level) are checked too but left out (:func:`table_settings`)."""
    return table_settings(spec, raw)[0]


def table_settings(spec: GameSpec, raw: JSONObj) -> tuple[JSONObj, JSONObj]:
    """``(game options, table options)`` of a new table: the game's as
    :func:`table_options` reads them, and the options every game's tables have (the bots'
    level, :data:`~kahvehane.games.spec.TABLE_OPTIONS`) checked the same way, with their
    defaults. The table stores both in its ``options``."""
    declared = {o.name for o in spec.options}
    try:
        game_raw, table = split_table_options(raw, spec.id)
        spec.parse_options({k: v for k, v in game_raw.items() if k in declared})
        return get_game(spec.id).parse_options(game_raw), table
    except KahvehaneError as exc:
        raise ProtocolError.wrap("bad_options", exc) from None
    except (TypeError, ValueError) as exc:
        raise ProtocolError("bad_options", BAD_OPTIONS, detail=str(exc)) from None


class OpenedTable(Protocol):
    """A table just opened, as its opener sees it: its actor here, or (a cluster) a
    line to the node that owns it."""

    id: str
    access: Access

    def info(self) -> JSONObj: ...

    def submit(self, cmd: Command) -> None: ...


class Salon:
    """All tables of one server process (the table host of docs/architecture.md)."""

    def __init__(self, settings: Settings, store: Store | None = None,
                 bus: LocalBus | None = None) -> None:
        self.settings = settings
        self.store = store if store is not None else Store(settings.db_url, settings.db_deadline)
        self.bus = bus if bus is not None else LocalBus()
        self.epoch = secrets.token_hex(4)
        self.tables: dict[str, TableActor] = {}
        self.tally = Tally()  # what GET /metrics reports (kahvehane.server.metrics)
        self._dirty: dict[str, None] = {}  # tables whose lobby line may have changed
        self._told: dict[str, str] = {}  # table id -> the lobby_update last published
        self._flush: asyncio.TimerHandle | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        #: what one account may open (a cluster counts in Redis: ClusterSalon)
        self.table_limits = TableLimits(settings, MemoryLimiter())
        self._opening = 0  # listed tables being opened now

    # ================================================================ lifecycle
    async def start(self) -> None:
        await asyncio.to_thread(self.store.migrate)
        self.store.start()
        await self._restore()
        freeze_now()
        self.spawn(collect_on_schedule(self.settings))

    async def stop(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        for table in list(self.tables.values()):
            table.submit(Command("shutdown"))
        tasks = [t.task for t in self.tables.values() if t.task is not None]
        if tasks:
            await asyncio.wait(tasks, timeout=5)
        await asyncio.to_thread(self.store.close)

    def _deps(self, table_id: str) -> TableDeps:
        """What the table ``table_id`` talks through: in one process, the store and the
        bus."""
        return TableDeps(settings=self.settings, recorder=self.store, outbox=self.bus,
                         host=self, epoch=self.epoch, tally=self.tally)

    def _actor(self, config: TableConfig) -> TableActor:
        deps = self._deps(config.id)
        idle = self.table_limits.idle_close(config.manager)  # a guest's: sooner
        if idle != deps.settings.idle_close:
            deps = dataclasses.replace(
                deps, settings=dataclasses.replace(deps.settings, idle_close=idle))
        return TableActor(config, deps)

    async def _restore(self) -> None:
        recent = self.settings.chat_recent
        opened = await self.store.read(lambda s: open_tables(s, recent))
        users = await self._users_of(opened)
        for ot in opened:
            await self._revive(ot, users)
        if opened:
            log.info("restored %d table(s), %d match(es) resumed", len(self.tables),
                     sum(1 for t in self.tables.values() if t.session is not None))

    async def _users_of(self, opened: list[OpenTable]) -> dict[int, UserInfo]:
        """The users seated at, playing at or managing the tables of ``opened``."""
        ids: set[int] = set()
        for ot in opened:
            ids.update(u for u in ot.row.seats if isinstance(u, int))
            if ot.match is not None:
                ids.update(u for u in ot.match.seat_users if isinstance(u, int))
            ids.add(ot.row.manager_id)
        wanted = sorted(ids)

        def load_users(s: Session) -> dict[int, UserInfo]:
            found = (user_info(s, uid) for uid in wanted)
            return {u.id: u for u in found if u is not None}

        return await self.store.read(load_users)

    async def _revive(self, ot: OpenTable, users: dict[int, UserInfo]) -> TableActor | None:
        """Start the actor of a table found open in the database: its unfinished match
        resumed from its record (or ended without a result if it cannot be), or who sat
        where; a table that no longer makes one closes."""
        row = ot.row
        manager = users.get(row.manager_id, UserInfo(row.manager_id, ot.manager_name, False))
        try:
            access = Access(private=bool(row.private), invite=row.invite,
                            invited_watch=bool(row.invited_watch),
                            watcher_chat=bool(row.watcher_chat))
            table = self._actor(TableConfig(
                row.id, get_spec(row.game), dict(row.options), row.entry, row.clock, manager,
                ot.kasa if row.entry else None, row.matches_played, access, ot.chat,
                quick=bool(row.quick)))
        except Exception:  # its game or options no longer make a table: it closes
            log.exception("table %s (%s) cannot be restored; it closes", row.id, row.game)
            await self._close_unrestorable(ot)
            return None
        if ot.match is not None and ot.record is not None:
            try:
                table.restore_match(ot.match.id, ot.record, list(ot.match.seat_users),
                                    list(ot.match.bots), users, ot.match.seat_flags)
            except Exception:  # whatever the engine raises: the match ends (no result)
                log.exception("table %s: match %d cannot be resumed; it ends without a"
                              " result", row.id, ot.match.id)
                table.session = None
                table.resume_failed(ot.match.id, list(ot.match.seat_users), users)
        else:
            table.restore_seats(list(row.seats), users)
        self.tables[table.id] = table
        table.start()
        if table.session is not None or table.failed is not None:
            table.submit(Command("resume"))
        return table

    async def _close_unrestorable(self, ot: OpenTable) -> None:
        """A table that cannot be restored closes, and its unfinished match ends without
        a result, its entries refunded (docs/server.md "A match that cannot go on")."""
        table_id, match = ot.row.id, ot.match

        def op(s: Session) -> None:
            if match is not None:
                abort_match(s, match.id, RESUME_FAILED.code, [None] * len(match.seat_users))
            close_table(s, table_id)

        try:
            await self.store.write(op)
        except Exception as exc:  # left open: the next start tries again
            log.warning("table %s: its closing was not saved: %r", table_id, exc)

    # ================================================================ tables
    async def create_table(self, user: UserInfo | None, body: JSONObj) -> OpenedTable:
        """Open a table of ``body`` (``game``, ``options``, ``entry``, ``clock``) with
        ``user`` as its manager; ``ProtocolError`` saying what is wrong."""
        if user is None:
            raise ProtocolError("auth_required", SIGN_IN_TO_OPEN)
        game = body.get("game")
        if not isinstance(game, str) or game not in GAME_NAMES:
            raise ProtocolError("bad_options", UNKNOWN_GAME, games=", ".join(sorted(GAME_NAMES)))
        return await self._open(user, game, body)

    def listed_count(self) -> int:
        """How many listed (not private) tables are open in the salon."""
        return sum(1 for t in self.tables.values() if not t.access.private)

    async def _open(self, user: UserInfo, game: str, body: JSONObj, *,
                    quick: bool = False) -> OpenedTable:
        table = self._actor(await self._new_row(user, game, body, quick=quick))
        self.tables[table.id] = table
        table.start()
        self.lobby_changed(table.id)
        return table

    async def quick(self, user: UserInfo | None, body: JSONObj) -> tuple[str, OpenedTable | None]:
        """"Hemen oyna" (``quick``, docs/protocol.md §3.2): the table for ``user`` to be
        seated at, ``(table id, the table if it was opened now)``. First a quick table
        of the game where people wait with a free seat, the same options and entry
        (one where ``user`` sits already comes first); else a new quick table with
        ``user`` as its manager. ``ProtocolError`` for a body ``create`` would refuse."""
        if user is None:
            raise ProtocolError("auth_required", SIGN_IN_TO_OPEN)
        game = body.get("game")
        if not isinstance(game, str) or game not in GAME_NAMES:
            raise ProtocolError("bad_options", UNKNOWN_GAME, games=", ".join(sorted(GAME_NAMES)))
        spec = get_spec(game)
        raw = body.get("options") or {}
        if not isinstance(raw, dict):
            raise ProtocolError("bad_options", OPTIONS_NOT_OBJECT)
        game_options, for_table = table_settings(spec, raw)
        entry = _entry(spec, body.get("entry"))
        wanted = {"game": game, "options": {**game_options, **for_table}, "entry": entry}
        if entry and not user.guest and self.settings.rooms:
            uid = user.id  # the room's minimum, before a table is opened for nothing
            check_room(self.settings.rooms, entry,
                       await self.store.read(lambda s: chips_of(s, uid)))
        found = quick_match(self.lines(), wanted, user.id)
        if found is not None:
            return found, None
        opened = await self._open(user, game, {k: v for k, v in body.items()
                                               if k in ("options", "entry", "clock")},
                                  quick=True)
        return opened.id, opened

    async def _new_row(self, user: UserInfo, game: str, body: JSONObj, *,
                       quick: bool = False) -> TableConfig:
        """Check a new table's ``body`` and save its row; the new table (its Kasa 0 at
        a table with an entry)."""
        spec = get_spec(game)
        raw = body.get("options") or {}
        if not isinstance(raw, dict):
            raise ProtocolError("bad_options", OPTIONS_NOT_OBJECT)
        game_options, for_table = table_settings(spec, raw)
        options = {**game_options, **for_table}  # stored together; the actor splits them
        entry = _entry(spec, body.get("entry"))
        clock = body.get("clock", self.settings.clock)
        if isinstance(clock, bool) or not isinstance(clock, int) or not 1 <= clock <= 600:
            raise ProtocolError("bad_options", BAD_CLOCK)
        access = _access(body)
        table_id = secrets.token_hex(4)
        seats = get_game(spec.id).num_seats(game_options)
        uid = user.id
        limits = self.table_limits  # what one account may open, once the table is valid
        await limits.admit(user)  # (one atomic count: a burst cannot pass it together)
        if not access.private:  # the listed ones being saved count too
            limits.admit_listed(self.listed_count() + self._opening)

        def save(s: Session) -> None:  # (counted and saved in one write)
            limits.check_open(s, user)
            create_table(s, table_id, game, options, entry, clock, uid, seats,
                         private=access.private, invite=access.invite,
                         invited_watch=access.invited_watch, quick=quick)

        self._opening += not access.private
        try:
            await self.store.write(save)
        finally:
            self._opening -= not access.private
        return TableConfig(table_id, spec, options, entry, clock, user,
                           0 if entry else None, access=access, quick=quick)

    def by_invite(self, code: object) -> TableActor | None:
        """The open private table whose invitation code is ``code``."""
        if not isinstance(code, str) or not code:
            return None
        for table in self.tables.values():
            if table.access.private and table.access.invite == code:
                return table
        return None

    def listed(self, table_id: str) -> TableActor | None:
        """The open table ``table_id`` if the lobby shows it (not a private one)."""
        table = self.tables.get(table_id)
        return None if table is None or table.access.private else table

    def route(self, table_id: object, cmd: Command) -> bool:
        """Hand ``cmd`` to the table ``table_id``; ``False`` if there is no such open
        table."""
        table = self.tables.get(table_id) if isinstance(table_id, str) else None
        if table is None:
            return False
        table.submit(cmd)
        return True

    # ================================================================ Host, the lobby
    def match_started(self, table_id: str, game: str, user_ids: list[int]) -> None:
        """Each person seated gets a ``table_start`` notification (saved, then pushed:
        a person waiting elsewhere in the site learns their table began)."""
        table = self.tables.get(table_id)
        if not user_ids or table is None:
            return
        data: JSONObj = {"table": table_id, "game": game}
        if table.access.private:
            data["invite"] = table.access.invite
        self.spawn(self._tell_start(user_ids, data))

    async def _tell_start(self, user_ids: list[int], data: JSONObj) -> None:
        """The ``table_start`` notifications: a failed write loses only them (the match
        is saved and under way), so it is a warning, not an error."""
        try:
            await notify(self.store, self.bus, user_ids, "table_start", data)
        except Exception as exc:
            log.warning("table %s: its start was not notified: %r", data["table"], exc)

    def table_closed(self, table_id: str) -> None:
        self.tables.pop(table_id, None)
        self._told.pop(table_id, None)
        if self.bus.wants_lobby():
            self._mark(table_id)  # its lobby_remove goes with the next flush
        else:
            self._dirty.pop(table_id, None)

    def lobby(self) -> list[JSONObj]:
        """The lobby as a new lobby watcher (or ``GET /api/tables``) gets it: the
        listed tables (``listed``, :meth:`TableActor.listed`), those with a free seat
        where a person waits first. What the watchers were last told is forgotten, so
        that the next flush tells every watcher each change since, whatever the list
        they got."""
        self._told.clear()
        return lobby_order([line for line in self.lines() if line.get("listed", True)])

    def lines(self) -> list[JSONObj]:
        """The lobby line of every public open table, listed or not (a cluster's: every
        node's)."""
        return [t.info() for t in self.tables.values() if not t.access.private]

    def table_of(self, user_id: int) -> str | None:
        """The public table where ``user_id`` plays or waits now (the profile's link
        to watch it), a running match's first."""
        found = [line for line in self.lines() if any(
            s["user"] is not None and s["user"]["id"] == user_id and not s["left"]
            for s in line["seats"])]
        found.sort(key=lambda line: line["status"] != "playing")
        return str(found[0]["id"]) if found else None

    def playing(self) -> int:
        """The people seated at a running match (each once), on every node."""
        return len(self.playing_ids())

    def playing_ids(self) -> set[int]:
        """Who :meth:`playing` counts (some may have no connection now: their seat's
        bot plays while they are away)."""
        here = {s["user"]["id"] for line in self.lines() if line["status"] == "playing"
                for s in line["seats"] if s["user"] is not None and not s["left"]}
        here.update(uid for t in self.tables.values() if t.access.private
                    and t.status == "playing" for uid in t.seating.user_ids()
                    if uid is not None)
        return here

    async def online(self, here: int) -> int:
        """The people connected to the salon, given ``here``, those of this process's
        gateway (a cluster adds the other nodes')."""
        return here

    async def present(self, user_ids: set[int]) -> set[int]:
        """Those of ``user_ids`` with a connection to the salon (a cluster: to any
        node)."""
        return user_ids & self.bus.present()

    def table_info(self, table_id: str) -> JSONObj | None:
        """A listed open table's lobby line (``GET /api/tables/ID``), or ``None``."""
        table = self.listed(table_id)
        return table.info() if table is not None else None

    def lobby_changed(self, table_id: str) -> None:
        """The lobby's line of ``table_id`` may have changed (seats, status, watchers).

        Why coalesced this way: every lobby watcher hears of every table, so what one
        change costs is multiplied by the watchers (at 1,000 watchers a change every
        50 ms per table took the other tables' p99 from 16 to 217 ms). The salon flushes
        at most once every ``lobby_every`` seconds, sends a table's line only if it
        differs from the one last sent, and all of one flush's lines go to each watcher
        in one write."""
        if not self.bus.wants_lobby():
            self._told.pop(table_id, None)  # nobody was told: the next line goes out
            return
        self._mark(table_id)

    def _mark(self, table_id: str) -> None:
        self._dirty[table_id] = None
        if self._flush is None:
            self._flush = asyncio.get_running_loop().call_later(
                self.settings.lobby_every, self._flush_lobby)

    def _flush_lobby(self) -> None:
        self._flush = None
        dirty, self._dirty = self._dirty, {}
        texts: list[str] = []
        for table_id in dirty:
            table = self.tables.get(table_id)
            if table is None:
                texts.append(dumps({"type": "lobby_remove", "table": table_id}))
                continue
            if table.access.private:  # a friends' table is never listed
                continue
            text = dumps({"type": "lobby_update", "table": table.info()})
            if self._told.get(table_id) != text:
                self._told[table_id] = text
                texts.append(text)
        if texts:
            self.bus.publish_lobby(texts)

    def spawn(self, coro: Coroutine[Any, Any, Any]) -> None:
        """Run ``coro`` as a task the salon cancels when it stops; if it fails, the
        failure is logged with what failed (not left to asyncio's "never retrieved")."""
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(_spawned_done)
        task.add_done_callback(self._tasks.discard)


def lobby_order(lines: list[JSONObj]) -> list[JSONObj]:
    """The lobby's order: first the tables where a person waits with a free seat for
    people (the fullest first), then the rest (matches to watch)."""
    def key(line: JSONObj) -> tuple[int, int]:
        free = any(s["user"] is None for s in line["seats"])
        open_ = line["status"] != "playing" and free and line.get("people", 0) > 0
        return (0 if open_ else 1, -int(line.get("people", 0)))
    return sorted(lines, key=key)


def quick_match(lines: list[JSONObj], wanted: JSONObj, user_id: int) -> str | None:
    """The table of ``lines`` (lobby lines) a quick player ``user_id`` is seated at: a
    listed quick table of ``wanted``'s game, options and entry, waiting (or in its
    wait for people) with a free seat and a person there — one where ``user_id`` sits
    already first, then the fullest."""
    best: tuple[int, int, str] | None = None
    for line in lines:
        if not line.get("quick") or line.get("private") \
                or line["status"] not in ("waiting", "countdown") \
                or any(line[k] != v for k, v in wanted.items()):
            continue
        users = [s["user"]["id"] for s in line["seats"] if s["user"] is not None]
        mine = user_id in users
        if not mine and (len(users) == len(line["seats"]) or not line.get("listed")):
            continue
        rank = (0 if mine else 1, -len(users), str(line["id"]))
        if best is None or rank < best:
            best = rank
    return None if best is None else best[2]


def _spawned_done(task: asyncio.Task[Any]) -> None:
    if not task.cancelled() and (exc := task.exception()) is not None:
        log.error("task %s failed", task.get_coro(), exc_info=exc)


def _access(body: JSONObj) -> Access:
    """A new table's privacy: ``private`` (a friends' table, with a fresh invitation
    code) and ``invited_watch`` (watched only by invitation; private tables only)."""
    private = body.get("private", False)
    invited_watch = body.get("invited_watch", False)
    for name, value in (("private", private), ("invited_watch", invited_watch)):
        if not isinstance(value, bool):
            raise ProtocolError("bad_options", BAD_SETTINGS, field=repr(name))
    if invited_watch and not private:
        raise ProtocolError("bad_options", INVITED_WATCH_NEEDS_PRIVATE)
    return Access(private=private, invite=new_invite() if private else None,
                  invited_watch=invited_watch)


def _entry(spec: GameSpec, entry: object) -> int | None:
    """The table's entry fee: required by a game with one (in its range), refused by
    the others (docs/rules/koz_maca.md, "The Kasa and chips")."""
    rule = spec.entry
    if rule is not None:
        if isinstance(entry, bool) or not isinstance(entry, int) \
                or not rule.min_entry <= entry <= rule.max_entry:
            raise ProtocolError("bad_options", ENTRY_NEEDED, game=spec.name.en,
                                min=rule.min_entry, max=rule.max_entry)
        return entry
    if entry not in (None, 0):
        raise ProtocolError("bad_options", NO_ENTRY, game=spec.id)
    return None
