"""Matches and their records: a match's start (with its entries), the rows written as
play goes, its end (settlement, standings, record) and the record read back.

A match's record is kept as rows written as play goes: one :class:`DealRow` per deal
(its secret seed and published commitment) and one :class:`ActionRow` per accepted
action. :func:`load_record` turns them back into a ``kahvehane/1`` record, which is how a
restarted server resumes a match (it replays the record) and how a finished match is
downloaded.

Chips follow the game's :class:`~kahvehane.games.spec.EntryRule` (from the registry):
its transfers, named for the table's accounts, become ledger moves.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from kahvehane.games import get_spec
from kahvehane.games.base import MatchSummary
from kahvehane.games.spec import EntryRule
from kahvehane.store.ledger import (
    Move,
    now_ms,
    post,
    system_account,
    table_accounts,
    transfer_moves,
    user_account,
)
from kahvehane.store.models import (
    Account,
    ActionRow,
    Base,
    DealRow,
    LedgerTxn,
    MatchPlayer,
    MatchRow,
    SalonTable,
    User,
)
from kahvehane.store.ratings import rate_match


# ----------------------------------------------------------------- match start / play
@dataclass
class StartedMatch:
    match_id: int
    kasa: int | None


def _accounts(session: Session, table: SalonTable,
              seat_users: Sequence[int | None]) -> dict[str, int]:
    """The table's accounts by name: each seat's payer (the house for a bot), the pot
    and the Kasa."""
    house = system_account(session, "house").id
    payers = [house if u is None else user_account(session, u).id for u in seat_users]
    return table_accounts(payers, table.pot_account_id, table.kasa_account_id)


def _entry_rule(game: str) -> EntryRule:
    rule = get_spec(game).entry
    if rule is None:
        raise ValueError(f"{game} tables have no entry")
    return rule


class GuestAtEntryTable(ValueError):
    """A guest among the seats of a match with an entry: refused, whatever let them sit
    (the policy of docs/server.md "Guests and chips": no chip ever leaves a guest)."""


def _no_guests(session: Session, seat_users: list[int | None]) -> None:
    people = [u for u in seat_users if u is not None]
    if people and session.scalar(select(User.id).where(User.id.in_(people),
                                                       User.guest.is_(True)).limit(1)):
        raise GuestAtEntryTable("a guest cannot play a match with an entry")


def start_match(session: Session, table_id: str, game: str, options: dict[str, Any],
                players: list[str], seat_users: list[int | None], bots: list[str | None],
                entry: int | None) -> StartedMatch:
    """Create the match; at a table with an entry, make the game's start transfers (for
    Koz Maça: every seat's entry into the pot, bots' from the house, and one entry on to
    the Kasa, KM-14, KM-15) — all or nothing."""
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
        _no_guests(session, seat_users)
        start = _entry_rule(game).start(entry, len(seat_users))
        moves = transfer_moves(start, _accounts(session, table, seat_users))
        post(session, "entry", moves, memo=f"entries of match {row.id} at table {table_id}",
             match_id=row.id)
        kasa = int(session.scalar(
            select(Account.balance).where(Account.id == table.kasa_account_id)) or 0)
    table.seats = list(seat_users)
    return StartedMatch(row.id, kasa)


#: The Core tables of the rows written as play goes (``Store.insert``: group commit, one
#: ``executemany`` per table for all the tables' waiting rows, :mod:`kahvehane.store.rows`).
DEALS = Base.metadata.tables[DealRow.__tablename__]
ACTIONS = Base.metadata.tables[ActionRow.__tablename__]


def deal_row(match_id: int, k: int, seed: str, commitment: str) -> dict[str, Any]:
    return {"match_id": match_id, "k": k, "seed": seed, "commitment": commitment,
            "created_at": now_ms()}


def action_row(match_id: int, k: int, i: int, action: dict[str, Any], auto: bool = False
               ) -> dict[str, Any]:
    """An action's row (``auto``: the server made it for its seat, nobody decided it)."""
    return {"match_id": match_id, "k": k, "i": i, "action": action, "auto": auto}


def decisions(session: Session, match_id: int, seats: int) -> list[tuple[int, int]]:
    """Per seat, ``(own, auto)``: the match's moves its person decided, and those the
    server made for it (a bot while they were away or after they left). The game's free
    actions (``GameSpec.free_actions``: Okey's ``arrange``, sent at any time and ending
    no turn) are not decisions: arranging a rack while the bot makes every move must not
    make the moves one's own."""
    game = session.scalar(select(MatchRow.game).where(MatchRow.id == match_id))
    free = set(get_spec(game).free_actions) if game is not None else set()
    out = [[0, 0] for _ in range(seats)]
    for action, auto in session.execute(
            select(ActionRow.action, ActionRow.auto).where(ActionRow.match_id == match_id)):
        if not isinstance(action, dict) or action.get("act") in free:
            continue
        seat = action.get("seat")
        if isinstance(seat, int) and 0 <= seat < seats:
            out[seat][1 if auto else 0] += 1
    return [(own, made) for own, made in out]


def save_seat_changes(session: Session, match_id: int, changes: list[dict[str, Any]]) -> None:
    """The match's seat changes so far (its record's ``seat_changes``)."""
    row = session.get(MatchRow, match_id)
    if row is None:
        raise LookupError(f"no match {match_id}")
    row.seat_changes = list(changes)


def abort_match(session: Session, match_id: int, reason: str,
                seats: list[int | None]) -> int | None:
    """End a match that cannot go on, without a result (status ``aborted``, ``reason``:
    a message code): the entries taken at its start go back the way they came (each
    start transfer reversed, one ``refund`` transaction, so chips are conserved), and
    ``seats`` (the people staying) sit at the table again. The Kasa after it (``None``
    without an entry). Aborting an aborted match changes nothing."""
    row = session.get(MatchRow, match_id)
    if row is None:
        raise LookupError(f"no match {match_id}")
    table = session.get(SalonTable, row.table_id)
    assert table is not None
    if row.status == "playing":
        took = session.scalar(select(LedgerTxn.id).where(LedgerTxn.match_id == match_id,
                                                         LedgerTxn.kind == "entry").limit(1))
        if row.entry and took is not None:
            start = _entry_rule(row.game).start(row.entry, len(row.seat_users))
            moves = transfer_moves(start, _accounts(session, table, row.seat_users))
            post(session, "refund", [Move(m.target, m.source, m.amount) for m in moves],
                 memo=f"entries of match {match_id} refunded: {reason}", match_id=match_id)
        row.status = "aborted"
        row.aborted = reason
        row.finished_at = now_ms()
        table.seats = list(seats)
    if not row.entry:
        return None
    return int(session.scalar(
        select(Account.balance).where(Account.id == table.kasa_account_id)) or 0)


def save_seat_flags(session: Session, match_id: int, flags: list[str]) -> None:
    """Who is away in a running match (``Seating.flags``), so that a restart keeps it."""
    session.execute(update(MatchRow).where(MatchRow.id == match_id).values(seat_flags=flags))


# ----------------------------------------------------------------- match end
@dataclass
class SeatOutcome:
    """One seat's line in the standings of a finished match (made by
    :func:`kahvehane.store.standings.seat_outcomes`; ``chips_net`` is filled in by the
    settlement)."""

    seat: int
    user_id: int | None
    name: str
    result: str  # win, loss, draw
    total: int
    points_x12: int
    chips_net: int = 0
    #: whether it counts in the person's standings and rating, and whether they left
    #: the match (:func:`kahvehane.store.standings.play_rule`)
    counted: bool = True
    left: bool = False


@dataclass
class FinishedMatch:
    chips_net: list[int] | None
    kasa: int | None
    outcomes: list[SeatOutcome] = field(default_factory=list)
    #: every chip movement of the match, start and end, in order: ``{"from", "to",
    #: "amount"}`` by the table's account names (``seat:0`` …, ``pot``, ``kasa``), so
    #: that the result can explain each line (issue 29); ``None`` without an entry
    transfers: list[dict[str, Any]] | None = None
    kasa_before: int | None = None


def finish_match(session: Session, match_id: int, summary: MatchSummary,
                 result: dict[str, Any], record: dict[str, Any],
                 outcomes: list[SeatOutcome]) -> FinishedMatch:
    """Everything a match's end changes, in the caller's one transaction: at a table
    with an entry the game's settlement (for Koz Maça the winner's 3E and the Kasa to
    its claimant, KM-15), the standings rows, the record."""
    row = session.get(MatchRow, match_id)
    if row is None:
        raise LookupError(f"no match {match_id}")
    table = session.get(SalonTable, row.table_id)
    assert table is not None
    chips_net: list[int] | None = None
    kasa: int | None = None
    transfers: list[dict[str, Any]] | None = None
    kasa_before: int | None = None
    if row.entry:
        rule = _entry_rule(row.game)
        settlement = rule.settle(row.entry, int(row.kasa_before or 0), summary)
        if tuple(settlement.at_start) != tuple(rule.start(row.entry, len(row.seat_users))):
            raise AssertionError(f"{row.game}: the settlement's start transfers are not the"
                                 " ones made when the match started")
        moves = transfer_moves(settlement.at_end, _accounts(session, table, row.seat_users))
        if moves:
            post(session, "settle", moves, memo=f"settlement of match {match_id}",
                 match_id=match_id)
        chips_net = list(settlement.net)
        kasa = settlement.kasa_after
        kasa_before = settlement.kasa_before
        transfers = [{"from": t.source, "to": t.target, "amount": t.amount}
                     for t in (*settlement.at_start, *settlement.at_end)]
        for o in outcomes:
            o.chips_net = settlement.net[o.seat]
    now = now_ms()
    session.add_all([
        MatchPlayer(match_id=match_id, game=row.game, seat=o.seat, user_id=o.user_id,
                    name=o.name, result=o.result, total=o.total, points_x12=o.points_x12,
                    chips_net=o.chips_net, finished_at=now, counted=o.counted,
                    left=o.left)
        for o in outcomes
    ])
    if rated(row.bots):
        rate_match(session, match_id, row.game, rating_order(outcomes))
    row.status = "finished"
    row.finished_at = now
    row.result = result
    row.record = record
    table.matches_played += 1
    return FinishedMatch(chips_net, kasa, outcomes, transfers, kasa_before)


def rated(bots: Sequence[Any]) -> bool:
    """Whether a match is rated: it started with people at every seat (a table with
    a bot is rated not at all, kahvehane.store.ratings)."""
    return all(b is None for b in bots)


def rating_order(outcomes: Sequence[SeatOutcome]) -> list[tuple[int, tuple[int, ...]]]:
    """The counted people of a finished match, each with their place key: leavers
    last, then winners (and those sharing first place) before losers, then by
    ranking points (the games ranked by them; equal points tie)."""
    return [(o.user_id, (int(o.left), 0 if o.result in ("win", "draw") else 1,
                         -o.points_x12))
            for o in outcomes if o.counted and o.user_id is not None]


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
    out: dict[str, Any] = {"format": "kahvehane/1", "game": row.game,
                           "options": row.options, "players": row.players, "seed": None,
                           "deals": out_deals}
    if row.seat_changes:
        out["seat_changes"] = row.seat_changes
    return out


# ----------------------------------------------------------------- queries for the API
def match_info(row: MatchRow) -> dict[str, Any]:
    return {
        "id": row.id, "table": row.table_id, "game": row.game, "options": row.options,
        "players": row.players, "status": row.status, "aborted": row.aborted,
        "started_at": row.started_at,
        "finished_at": row.finished_at, "result": row.result,
        "seat_changes": row.seat_changes or [],
        "record": f"/api/matches/{row.id}/record",
    }
