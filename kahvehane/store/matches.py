"""Tables, matches and their records; standings and histories.

A match's record is kept as rows written as play goes: one :class:`DealRow` per deal
(its secret seed and published commitment) and one :class:`ActionRow` per accepted
action. :func:`load_record` turns them back into a ``kahvehane/1`` record, which is how a
restarted server resumes a match (it replays the record) and how a finished match is
downloaded.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import case, func, select, update
from sqlalchemy.orm import Session

from kahvehane.store.ledger import (
    koz_maca_end_moves,
    koz_maca_start_moves,
    new_account,
    now_ms,
    post,
    system_account,
    user_account,
)
from kahvehane.store.models import (
    Account,
    ActionRow,
    Base,
    DealRow,
    MatchPlayer,
    MatchRow,
    SalonTable,
    User,
)

OKEY_GAMES = ("duz_okey", "kdv_okey")


# ----------------------------------------------------------------- tables
def create_table(session: Session, table_id: str, game: str, options: dict[str, Any],
                 entry: int | None, clock: int, manager_id: int, seats: int) -> SalonTable:
    kasa = new_account(session, "kasa", table_id=table_id)
    pot = new_account(session, "pot", table_id=table_id)
    row = SalonTable(id=table_id, game=game, options=options, entry=entry, clock=clock,
                     manager_id=manager_id, seats=[None] * seats, kasa_account_id=kasa.id,
                     pot_account_id=pot.id, matches_played=0, created_at=now_ms())
    session.add(row)
    session.flush()
    return row


def save_seats(session: Session, table_id: str, seats: list[int | None]) -> None:
    session.execute(update(SalonTable).where(SalonTable.id == table_id).values(seats=seats))


def close_table(session: Session, table_id: str) -> None:
    session.execute(
        update(SalonTable).where(SalonTable.id == table_id).values(closed_at=now_ms())
    )


def kasa_of(session: Session, table_id: str) -> int:
    row = session.get(SalonTable, table_id)
    if row is None:
        return 0
    return int(session.scalar(select(Account.balance).where(Account.id == row.kasa_account_id))
               or 0)


# ----------------------------------------------------------------- match start / play
@dataclass
class StartedMatch:
    match_id: int
    kasa: int | None


def _payers(session: Session, seat_users: Sequence[int | None]) -> list[int]:
    house = system_account(session, "house").id
    return [house if u is None else user_account(session, u).id for u in seat_users]


def start_match(session: Session, table_id: str, game: str, options: dict[str, Any],
                players: list[str], seat_users: list[int | None], bots: list[str | None],
                entry: int | None) -> StartedMatch:
    """Create the match; at a table with an entry, debit every seat's entry (bots' from
    the house) and add one entry to the Kasa — all or nothing (KM-14, KM-15)."""
    table = session.get(SalonTable, table_id)
    if table is None:
        raise LookupError(f"no table {table_id}")
    kasa_before: int | None = None
    if entry:
        kasa_before = int(session.scalar(
            select(Account.balance).where(Account.id == table.kasa_account_id)) or 0)
    row = MatchRow(table_id=table_id, game=game, options=options, players=players,
                   seat_users=list(seat_users), bots=list(bots), entry=entry,
                   kasa_before=kasa_before, status="playing", started_at=now_ms())
    session.add(row)
    session.flush()
    kasa: int | None = None
    if entry:
        moves = koz_maca_start_moves(entry, _payers(session, seat_users),
                                     table.pot_account_id, table.kasa_account_id)
        post(session, "entry", moves, memo=f"entries of match {row.id} at table {table_id}",
             match_id=row.id)
        kasa = int(session.scalar(
            select(Account.balance).where(Account.id == table.kasa_account_id)) or 0)
    table.seats = list(seat_users)
    return StartedMatch(row.id, kasa)


#: The Core tables of the rows written as play goes (``Store.insert``: group commit, one
#: ``executemany`` for all the tables' waiting rows).
DEALS = Base.metadata.tables[DealRow.__tablename__]
ACTIONS = Base.metadata.tables[ActionRow.__tablename__]


def deal_row(match_id: int, k: int, seed: str, commitment: str) -> dict[str, Any]:
    return {"match_id": match_id, "k": k, "seed": seed, "commitment": commitment,
            "created_at": now_ms()}


def action_row(match_id: int, k: int, i: int, action: dict[str, Any]) -> dict[str, Any]:
    return {"match_id": match_id, "k": k, "i": i, "action": action}


def add_deal(session: Session, match_id: int, k: int, seed: str, commitment: str) -> None:
    session.add(DealRow(match_id=match_id, k=k, seed=seed, commitment=commitment,
                        created_at=now_ms()))


def add_actions(session: Session, match_id: int, rows: Sequence[tuple[int, int, dict[str, Any]]]
                ) -> None:
    session.add_all([ActionRow(match_id=match_id, k=k, i=i, action=a) for k, i, a in rows])


# ----------------------------------------------------------------- match end
@dataclass
class SeatOutcome:
    seat: int
    user_id: int | None
    name: str
    result: str  # win, loss, draw
    total: int
    points_x12: int
    chips_net: int = 0


@dataclass
class FinishedMatch:
    chips_net: list[int] | None
    kasa: int | None
    outcomes: list[SeatOutcome] = field(default_factory=list)


def finish_match(session: Session, match_id: int, result: dict[str, Any],
                 record: dict[str, Any], outcomes: list[SeatOutcome]) -> FinishedMatch:
    """Everything a match's end changes, in the caller's one transaction: the Koz Maça
    settlement (winner 3E, Kasa to its claimant), the standings rows, the record."""
    row = session.get(MatchRow, match_id)
    if row is None:
        raise LookupError(f"no match {match_id}")
    table = session.get(SalonTable, row.table_id)
    assert table is not None
    chips_net: list[int] | None = None
    kasa: int | None = None
    if row.entry:
        winner = result["winner"]
        if not isinstance(winner, int):
            raise ValueError(f"a Koz Maça match has one winner, not {winner!r}")
        payers = _payers(session, row.seat_users)
        settlement, moves = koz_maca_end_moves(
            row.entry, int(row.kasa_before or 0), winner, result.get("kasa_claimant"),
            payers, table.pot_account_id, table.kasa_account_id)
        if moves:
            post(session, "settle", moves, memo=f"settlement of match {match_id}",
                 match_id=match_id)
        chips_net = list(settlement.net)
        kasa = settlement.kasa_after
        for o in outcomes:
            o.chips_net = settlement.net[o.seat]
    now = now_ms()
    session.add_all([
        MatchPlayer(match_id=match_id, game=row.game, seat=o.seat, user_id=o.user_id,
                    name=o.name, result=o.result, total=o.total, points_x12=o.points_x12,
                    chips_net=o.chips_net, finished_at=now)
        for o in outcomes
    ])
    row.status = "finished"
    row.finished_at = now
    row.result = result
    row.record = record
    table.matches_played += 1
    return FinishedMatch(chips_net, kasa, outcomes)


# ----------------------------------------------------------------- loading
def load_record(session: Session, match_id: int, *, reveal_all: bool) -> dict[str, Any]:
    """The match's ``kahvehane/1`` record from its rows.

    Each deal carries its commitment; its seed is included when ``reveal_all`` (the
    server resuming, or a finished match) — deals are derived from the seeds.
    """
    row = session.get(MatchRow, match_id)
    if row is None:
        raise LookupError(f"no match {match_id}")
    deals = list(session.scalars(
        select(DealRow).where(DealRow.match_id == match_id).order_by(DealRow.k)))
    actions: dict[int, list[dict[str, Any]]] = {}
    for a in session.scalars(
        select(ActionRow).where(ActionRow.match_id == match_id).order_by(ActionRow.k,
                                                                          ActionRow.i)
    ):
        actions.setdefault(a.k, []).append(a.action)
    out_deals: list[dict[str, Any]] = []
    for d in deals:
        entry: dict[str, Any] = {"commitment": d.commitment}
        if reveal_all:
            entry["seed"] = d.seed
        entry["actions"] = actions.get(d.k, [])
        out_deals.append(entry)
    return {"format": "kahvehane/1", "game": row.game, "options": row.options,
            "players": row.players, "seed": None, "deals": out_deals}


@dataclass
class OpenTable:
    row: SalonTable
    manager_name: str
    kasa: int
    match: MatchRow | None
    record: dict[str, Any] | None


def open_tables(session: Session) -> list[OpenTable]:
    out: list[OpenTable] = []
    for t in session.scalars(select(SalonTable).where(SalonTable.closed_at.is_(None))
                             .order_by(SalonTable.created_at)):
        manager = session.get(User, t.manager_id)
        kasa = int(session.scalar(select(Account.balance).where(Account.id == t.kasa_account_id))
                   or 0)
        m = session.scalars(select(MatchRow).where(MatchRow.table_id == t.id,
                                                   MatchRow.status == "playing")).first()
        rec = load_record(session, m.id, reveal_all=True) if m is not None else None
        out.append(OpenTable(t, manager.name if manager else "?", kasa, m, rec))
    return out


def user_names(session: Session, ids: Sequence[int]) -> dict[int, str]:
    if not ids:
        return {}
    rows = session.execute(select(User.id, User.name).where(User.id.in_(ids)))
    return {uid: name for uid, name in rows}


# ----------------------------------------------------------------- queries for the API
def match_info(row: MatchRow) -> dict[str, Any]:
    return {
        "id": row.id, "table": row.table_id, "game": row.game, "options": row.options,
        "players": row.players, "status": row.status, "started_at": row.started_at,
        "finished_at": row.finished_at, "result": row.result,
        "record": f"/api/matches/{row.id}/record",
    }


def standings_rows(session: Session, game: str | None, user_id: int | None,
                   limit: int) -> list[dict[str, Any]]:
    wins = func.sum(case((MatchPlayer.result == "win", 1), else_=0))
    draws = func.sum(case((MatchPlayer.result == "draw", 1), else_=0))
    points = func.sum(MatchPlayer.points_x12)
    q = (
        select(MatchPlayer.game, MatchPlayer.user_id, User.name, func.count(), wins, draws,
               points, func.sum(MatchPlayer.chips_net))
        .join(User, User.id == MatchPlayer.user_id)
        .group_by(MatchPlayer.game, MatchPlayer.user_id, User.name)
    )
    if game is not None:
        q = q.where(MatchPlayer.game == game, User.guest.is_(False))
        if game in OKEY_GAMES:
            q = q.order_by(points.desc(), wins.desc(), User.name)
        else:
            q = q.order_by(wins.desc(), draws.desc(), func.count(), User.name)
    if user_id is not None:
        q = q.where(MatchPlayer.user_id == user_id).order_by(MatchPlayer.game)
    rows = []
    for g, uid, name, n, w, d, p, chips in session.execute(q.limit(limit)):
        rows.append({
            "game": g, "user": {"id": uid, "name": name}, "matches": int(n), "wins": int(w),
            "draws": int(d), "points": _points(int(p)), "chips_net": int(chips or 0),
        })
    return rows


def _points(x12: int) -> int | float:
    return x12 // 12 if x12 % 12 == 0 else round(x12 / 12, 4)


def history(session: Session, user_id: int, limit: int, before: int | None
            ) -> list[dict[str, Any]]:
    q = (select(MatchPlayer, MatchRow).join(MatchRow, MatchRow.id == MatchPlayer.match_id)
         .where(MatchPlayer.user_id == user_id))
    if before is not None:
        q = q.where(MatchPlayer.match_id < before)
    q = q.order_by(MatchPlayer.match_id.desc()).limit(limit)
    out = []
    for mp, m in session.execute(q):
        info = match_info(m)
        info.update({"seat": mp.seat, "result": mp.result, "points": _points(mp.points_x12),
                     "chips_net": mp.chips_net})
        out.append(info)
    return out
