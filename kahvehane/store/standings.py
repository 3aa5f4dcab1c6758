"""Standings: what a finished match writes for each seat, leaderboards and histories.

:func:`seat_outcomes` is the policy — a pure function of the match's summary, tested
without a database; the rest are the queries behind ``/api/leaderboard/{game}`` and
``/api/users/...``. A leaderboard orders players as the game's spec says
(:attr:`~kahvehane.games.spec.GameSpec.ranking`).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta, timezone
from typing import Any

from sqlalchemy import case, func, select
from sqlalchemy.orm import Session

from kahvehane.games import get_spec
from kahvehane.games.base import MatchSummary
from kahvehane.store.ledger import user_account
from kahvehane.store.matches import SeatOutcome, match_info
from kahvehane.store.models import (
    LedgerEntry,
    LedgerTxn,
    MatchPlayer,
    MatchRow,
    Rating,
    SalonTable,
    User,
)
from kahvehane.store.ratings import levels, rating_json

#: Ranking points are stored × 12: exact for the shares they come in (3.5, 5/3, ...).
POINTS_SCALE = 12

__all__ = ["POINTS_SCALE", "SALON_TIME", "SeatOutcome", "chip_history", "history",
           "play_rule", "rating_rows", "seat_outcomes", "series", "standings_rows", "week_start",
           "with_levels_and_ratings"]

#: The salon's clock for "this week": Türkiye time (UTC+3 all year since 2016).
SALON_TIME = timezone(timedelta(hours=3), "TRT")


def seat_outcomes(summary: MatchSummary, players: Sequence[str],
                  seat_users: Sequence[int | None]) -> list[SeatOutcome]:
    """Each seat's result of a finished match (``seat_users[s]``: the person at seat
    ``s``, ``None`` for a bot; ``players``: the names shown).

    The winner (a seat, or partners' seats) wins and everyone else loses. With no
    single winner (a shared first place), the seats that share the best ranking points
    (``summary.extra["ranking_points"]``, for the games ranked by points) or, without
    them, the best total draw and the rest lose. Ranking points are kept × 12.

    >>> [o.result for o in seat_outcomes(MatchSummary(True, (5, 9, 9), None), "abc",
    ...                                  [1, 2, None])]
    ['loss', 'draw', 'draw']
    """
    winner = summary.winner
    rp = summary.extra.get("ranking_points")
    points = list(rp) if isinstance(rp, list | tuple) else None
    ranked = points if points is not None else list(summary.totals)
    best = max(ranked) if ranked else 0
    out: list[SeatOutcome] = []
    for seat, user in enumerate(seat_users):
        if isinstance(winner, int):
            result = "win" if seat == winner else "loss"
        elif isinstance(winner, list):
            result = "win" if seat in winner else "loss"
        else:
            result = "draw" if ranked[seat] == best else "loss"
        out.append(SeatOutcome(
            seat, user, players[seat] if seat < len(players) else "?", result,
            int(summary.totals[seat]),
            round(float(points[seat]) * POINTS_SCALE) if points is not None else 0))
    return out


def play_rule(outcomes: Sequence[SeatOutcome], flags: Sequence[str],
              decided: Sequence[tuple[int, int]]) -> list[SeatOutcome]:
    """Which seats' matches count, and the leavers' loss (docs/server.md "Standings
    that reflect play"); ``flags``: each seat's away flag at the end (``"left"``: gave
    the seat up, a bot played it to the end), ``decided``: per seat ``(own, auto)``
    actions (:func:`kahvehane.store.matches.decisions`).

    * a bot's seat never counts (a match with no person is no one's);
    * a person who **left** ("terk") counts, as a loss in last place: their ranking
      points are the lowest any seat has;
    * anyone else counts only if they decided at least half of their own actions
      (a move made for them while away is not theirs; none at all: it does not count).

    The chips are not touched: entries already paid follow the game's settlement.

    >>> o = [SeatOutcome(0, 7, "a", "win", 10, 36), SeatOutcome(1, 8, "b", "loss", 4, 12),
    ...      SeatOutcome(2, None, "c", "loss", 2, 0)]
    >>> [(x.result, x.points_x12, x.counted, x.left)
    ...  for x in play_rule(o, ["left", "", ""], [(1, 9), (3, 3), (5, 0)])]
    [('loss', 0, True, True), ('loss', 12, True, False), ('loss', 0, False, False)]
    """
    lowest = min((o.points_x12 for o in outcomes), default=0)
    out: list[SeatOutcome] = []
    for o in outcomes:
        own, auto = decided[o.seat] if o.seat < len(decided) else (0, 0)
        left = o.user_id is not None and o.seat < len(flags) and flags[o.seat] == "left"
        if o.user_id is None:
            counted = False
        elif left:
            counted = True
        else:
            counted = own > 0 and 2 * own >= own + auto
        out.append(SeatOutcome(o.seat, o.user_id, o.name, "loss" if left else o.result,
                               o.total, lowest if left else o.points_x12, o.chips_net,
                               counted=counted, left=left))
    return out


def standings_rows(session: Session, game: str | None, user_id: int | None,
                   limit: int, since: int | None = None) -> list[dict[str, Any]]:
    """Standings per game and person: a game's leaderboard (``game``; guests left out),
    or one person's line in every game (``user_id``); with ``since`` (ms), only the
    matches finished from then on (the leaderboard's "this week", :func:`week_start`)."""
    wins = func.sum(case((MatchPlayer.result == "win", 1), else_=0))
    draws = func.sum(case((MatchPlayer.result == "draw", 1), else_=0))
    points = func.sum(MatchPlayer.points_x12)
    q = (
        select(MatchPlayer.game, MatchPlayer.user_id, User.name, func.count(), wins, draws,
               points, func.sum(MatchPlayer.chips_net))
        .join(User, User.id == MatchPlayer.user_id)
        .group_by(MatchPlayer.game, MatchPlayer.user_id, User.name)
    )
    q = q.where(MatchPlayer.counted.is_(True))  # play_rule: only matches of one's own
    if game is not None:
        q = q.where(MatchPlayer.game == game, User.guest.is_(False))
        if get_spec(game).ranking == "points":
            q = q.order_by(points.desc(), wins.desc(), User.name)
        else:
            q = q.order_by(wins.desc(), draws.desc(), func.count(), User.name)
    if user_id is not None:
        q = q.where(MatchPlayer.user_id == user_id).order_by(MatchPlayer.game)
    if since is not None:
        q = q.where(MatchPlayer.finished_at >= since)
    rows = []
    for g, uid, name, n, w, d, p, chips in session.execute(q.limit(limit)):
        rows.append({
            "game": g, "user": {"id": uid, "name": name}, "matches": int(n), "wins": int(w),
            "draws": int(d), "points": _points(int(p)), "chips_net": int(chips or 0),
        })
    return rows


def rating_rows(session: Session, game: str, limit: int, since: int | None,
                provisional_until: int) -> list[dict[str, Any]]:
    """A game's leaderboard by rating (guests left out, bots have none): the people
    rated in ``game``, best shown rating first (``mu − 3·sigma``); with ``since`` (ms),
    those who played a counted match of it from then on."""
    q = (select(Rating, User.name).join(User, User.id == Rating.user_id)
         .where(Rating.game == game, User.guest.is_(False))
         .order_by((Rating.mu - 3 * Rating.sigma).desc(), User.name))
    if since is not None:
        q = q.where(select(MatchPlayer.id).where(
            MatchPlayer.user_id == Rating.user_id, MatchPlayer.game == game,
            MatchPlayer.counted.is_(True), MatchPlayer.finished_at >= since).exists())
    return [{"user": {"id": r.user_id, "name": name},
             **rating_json(r.mu, r.sigma, r.matches, provisional_until)}
            for r, name in session.execute(q.limit(limit))]


def with_levels_and_ratings(session: Session, rows: list[dict[str, Any]], game: str | None,
                            provisional_until: int) -> list[dict[str, Any]]:
    """``rows`` (each with a ``user``) with the person's level beside the name and,
    for one ``game`` (or each row's own ``game``), their rating (``None``: unrated)."""
    ids = [int(r["user"]["id"]) for r in rows]
    lv = levels(session, ids)
    rated = {(x.user_id, x.game): x for x in session.scalars(
        select(Rating).where(Rating.user_id.in_(ids)))} if ids else {}
    for r in rows:
        uid = int(r["user"]["id"])
        r["user"]["level"] = lv.get(uid, 1)
        x = rated.get((uid, game or r.get("game", "")))
        if "rating" not in r:
            r["rating"] = None if x is None else rating_json(x.mu, x.sigma, x.matches,
                                                             provisional_until)
    return rows


def series(session: Session, table_id: str) -> dict[str, Any] | None:
    """The running series of a table (its rematches): each person's matches won at it
    and matches played, most wins first, and the number of its finished matches —
    ``None`` for no such table. A leaver's match is a loss here too (their stored
    result); bots are not listed."""
    if session.get(SalonTable, table_id) is None:
        return None
    wins = func.sum(case((MatchPlayer.result == "win", 1), else_=0))
    q = (select(MatchPlayer.user_id, User.name, wins, func.count())
         .join(MatchRow, MatchRow.id == MatchPlayer.match_id)
         .join(User, User.id == MatchPlayer.user_id)
         .where(MatchRow.table_id == table_id)
         .group_by(MatchPlayer.user_id, User.name)
         .order_by(wins.desc(), User.name))
    played = session.scalar(select(func.count()).select_from(MatchRow).where(
        MatchRow.table_id == table_id, MatchRow.status == "finished"))
    return {"table": table_id, "matches": int(played or 0),
            "people": [{"user": {"id": uid, "name": name}, "wins": int(w), "matches": int(n)}
                       for uid, name, w, n in session.execute(q)]}


def _points(x12: int) -> int | float:
    return x12 // POINTS_SCALE if x12 % POINTS_SCALE == 0 else round(x12 / POINTS_SCALE, 4)


def history(session: Session, user_id: int, limit: int, before: int | None
            ) -> list[dict[str, Any]]:
    """A person's finished matches, newest first (``before``: older than that match)."""
    q = (select(MatchPlayer, MatchRow).join(MatchRow, MatchRow.id == MatchPlayer.match_id)
         .where(MatchPlayer.user_id == user_id))
    if before is not None:
        q = q.where(MatchPlayer.match_id < before)
    q = q.order_by(MatchPlayer.match_id.desc()).limit(limit)
    out = []
    for mp, m in session.execute(q):
        info = match_info(m)
        info.update({"seat": mp.seat, "result": mp.result, "points": _points(mp.points_x12),
                     "chips_net": mp.chips_net, "counted": mp.counted, "left": mp.left})
        out.append(info)
    return out


def week_start(now_ms: int) -> int:
    """Monday 00:00 of the week holding ``now_ms``, salon time (:data:`SALON_TIME`), in
    ms: where a leaderboard's "this week" begins.

    >>> week_start(1764633600000)  # Tuesday 2 December 2025, 03:00 salon time
    1764536400000
    """
    now = datetime.fromtimestamp(now_ms / 1000, UTC).astimezone(SALON_TIME)
    monday = (now - timedelta(days=now.weekday())).replace(hour=0, minute=0, second=0,
                                                            microsecond=0)
    return int(monday.timestamp() * 1000)


def chip_history(session: Session, user_id: int, limit: int) -> list[dict[str, Any]]:
    """A person's chip balance after each of their last ``limit`` ledger moves, oldest
    first (``at`` ms, ``balance``, ``amount``, ``kind``, ``match``): the profile's chart.
    Balances are counted back from the account's balance now, so a cut history still
    ends at the chips the person has."""
    acct = user_account(session, user_id)
    rows = list(session.execute(
        select(LedgerEntry.amount, LedgerTxn.created_at, LedgerTxn.kind, LedgerTxn.match_id)
        .join(LedgerTxn, LedgerTxn.id == LedgerEntry.txn_id)
        .where(LedgerEntry.account_id == acct.id)
        .order_by(LedgerEntry.id.desc()).limit(limit)))
    balance = int(acct.balance)
    out: list[dict[str, Any]] = []
    for amount, at, kind, match in rows:
        out.append({"at": int(at), "balance": balance, "amount": int(amount), "kind": kind,
                    "match": match})
        balance -= int(amount)
    out.reverse()
    return out
