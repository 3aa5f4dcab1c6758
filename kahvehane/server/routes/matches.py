"""Matches and people over HTTP: a match, its record and positions (finished only: a
match being played keeps its seeds secret), the leaderboards, a person's page, their
matches and their chips over time."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from sqlalchemy.orm import Session
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from kahvehane.games import GAME_NAMES
from kahvehane.positions import MatchPositions
from kahvehane.server.errors import (
    BAD_IDS,
    BAD_ORDER,
    BAD_PERIOD,
    MATCH_ABORTED,
    MATCH_IN_PROGRESS,
    NO_GAME,
    NO_MATCH,
    NO_PLAYER,
    NO_SUCH_DEAL,
    HTTPError,
)
from kahvehane.server.protocol import JSONObj
from kahvehane.server.routes.base import (
    MAX_ROW_ID,
    context,
    endpoint,
    int_param,
    plausible_name,
    row_id,
)
from kahvehane.store.accounts import UserInfo, find_user
from kahvehane.store.ledger import now_ms
from kahvehane.store.matches import match_info
from kahvehane.store.models import MatchRow
from kahvehane.store.ratings import levels
from kahvehane.store.standings import (
    chip_history,
    history,
    rating_rows,
    standings_rows,
    week_start,
    with_levels_and_ratings,
)

#: A leaderboard's periods (``?period=``) and orders (``?by=``).
PERIODS = ("week", "all")
ORDERS = ("standings", "rating")
#: Accounts one ``/api/levels`` asks for at most.
MAX_LEVEL_IDS = 50
#: Finished matches kept replayed for their positions.
REPLAYED = 8


async def load_match(request: Request) -> MatchRow:
    """The match of the path's ``match_id``, or ``404`` (also for an id no row can
    have: it never reaches the database)."""
    match_id = row_id(request.path_params["match_id"])
    if match_id is None:
        raise HTTPError(404, "not_found", NO_MATCH)
    row = await context(request).salon.store.read(lambda s: s.get(MatchRow, match_id))
    if row is None:
        raise HTTPError(404, "not_found", NO_MATCH)
    return row


def finished_record(row: MatchRow) -> JSONObj:
    """A finished match's record; 409 while it is played (its seeds are secret) or
    for a match that was aborted (it has no result)."""
    if row.status == "aborted":
        raise HTTPError(409, "match_aborted", MATCH_ABORTED)
    if row.status != "finished" or row.record is None:
        raise HTTPError(409, "match_in_progress", MATCH_IN_PROGRESS)
    rec: JSONObj = row.record
    return rec


@endpoint
async def match(request: Request) -> Response:
    """``GET /api/matches/{id}``: the match's ``MatchInfo``."""
    row = await load_match(request)
    return JSONResponse({"match": match_info(row)})


@endpoint
async def record(request: Request) -> Response:
    """``GET /api/matches/{id}/record``: the finished match's record, as a download."""
    row = await load_match(request)
    text = json.dumps(finished_record(row), ensure_ascii=False, indent=1)
    return Response(text, media_type="application/json", headers={
        "Content-Disposition": f'attachment; filename="kahvehane-{row.game}-{row.id}.json"'})


@endpoint
async def positions(request: Request) -> Response:
    """``?deal=k``: deal k's positions, each the full view after one more action."""
    row = await load_match(request)
    rec = finished_record(row)
    replayed = context(request).replayed
    mp = replayed.pop(row.id, None)
    if mp is None:
        mp = await asyncio.to_thread(MatchPositions, rec)
    replayed[row.id] = mp
    while len(replayed) > REPLAYED:
        replayed.pop(next(iter(replayed)))
    deal = int_param(request, "deal", 0, -1, 10**6)
    if not 0 <= deal < mp.deals:
        raise HTTPError(404, "not_found", NO_SUCH_DEAL, last=mp.deals - 1, deal=deal)
    out = await asyncio.to_thread(mp.deal, deal)
    out.update({"match": row.id, "game": row.game, "players": row.players,
                "match_result": mp.result})
    return JSONResponse(out)


@endpoint
async def leaderboard(request: Request) -> Response:
    """``?period=week`` (from Monday 00:00 salon time) or ``all`` (the default);
    ``?by=standings`` (the game's ranking: points or wins, the default) or ``rating``
    (the rating shown, best first; with ``week``, of those who played a counted match
    this week). Each row's ``user`` has its ``level``, and the row its ``rating``.
    Only counted matches make standings, and only people are listed."""
    game = request.path_params["game"]
    if game not in GAME_NAMES:
        raise HTTPError(404, "not_found", NO_GAME, game=repr(game))
    limit = int_param(request, "limit", 50, 1, 500)
    period = request.query_params.get("period", "all")
    if period not in PERIODS:
        raise HTTPError(400, "bad_request", BAD_PERIOD, choices=list(PERIODS),
                        period=repr(period))
    by = request.query_params.get("by", "standings")
    if by not in ORDERS:
        raise HTTPError(400, "bad_request", BAD_ORDER, choices=list(ORDERS), by=repr(by))
    since = week_start(now_ms()) if period == "week" else None
    until = context(request).settings.rating_provisional

    def read(s: Session) -> list[dict[str, Any]]:
        rows = (rating_rows(s, game, limit, since, until) if by == "rating"
                else standings_rows(s, game, None, limit, since))
        return with_levels_and_ratings(s, rows, game, until)

    rows = await context(request).salon.store.read(read)
    for rank, row in enumerate(rows, 1):
        row["rank"] = rank
        row.pop("game", None)
    return JSONResponse({"game": game, "period": period, "by": by, "since": since,
                         "rows": rows})


async def find(request: Request) -> UserInfo:
    """The person of the path's ``name``, or ``404``."""
    name = request.path_params["name"]
    if not plausible_name(name):
        raise HTTPError(404, "not_found", NO_PLAYER)
    row = await context(request).salon.store.read(lambda s: find_user(s, name))
    if row is None:
        raise HTTPError(404, "not_found", NO_PLAYER)
    return UserInfo(row.id, row.name, row.guest)


@endpoint
async def user(request: Request) -> Response:
    """``GET /api/users/{name}``: a person (with their level) and their standings in
    every game they have a counted match of, each with its ``rating`` (``None``:
    unrated)."""
    u = await find(request)
    until = context(request).settings.rating_provisional

    def read(s: Session) -> tuple[list[dict[str, Any]], int]:
        rows = with_levels_and_ratings(s, standings_rows(s, None, u.id, 100), None, until)
        return rows, levels(s, [u.id]).get(u.id, 1)

    rows, level = await context(request).salon.store.read(read)
    standings = [{k: v for k, v in r.items() if k != "user"} for r in rows]
    return JSONResponse({"user": {"id": u.id, "name": u.name, "guest": u.guest,
                                  "level": level},
                         "standings": standings,
                         # where they play or wait now (a public table), to watch it
                         "table": context(request).salon.table_of(u.id)})


@endpoint
async def user_matches(request: Request) -> Response:
    """``GET /api/users/{name}/matches?limit=20&before=ID``: finished matches, newest
    first (``before``: older than that match; past every id it bounds nothing)."""
    u = await find(request)
    limit = int_param(request, "limit", 20, 1, 200)
    before_raw = request.query_params.get("before")
    before = int(before_raw) if before_raw and before_raw.isascii() \
        and before_raw.isdigit() else None
    if before is not None and before > MAX_ROW_ID:
        before = None
    rows = await context(request).salon.store.read(lambda s: history(s, u.id, limit, before))
    return JSONResponse({"matches": rows})


@endpoint
async def user_chips(request: Request) -> Response:
    """``GET /api/users/{name}/chips?limit=200``: the person's balance over time."""
    u = await find(request)
    limit = int_param(request, "limit", 200, 1, 1000)
    rows = await context(request).salon.store.read(lambda s: chip_history(s, u.id, limit))
    return JSONResponse({"points": rows})


@endpoint
async def user_levels(request: Request) -> Response:
    """``GET /api/levels?ids=3,8,12``: the level of each account asked for (up to
    :data:`MAX_LEVEL_IDS`), to show beside the names a page already has — a table's
    seats, a chat line: ``{"levels": {"3": 2, ...}}`` (an unknown id: level 1)."""
    raw = request.query_params.get("ids", "")
    parts = [p for p in raw.split(",") if p]
    ids = [row_id(p) for p in parts]
    if not parts or len(parts) > MAX_LEVEL_IDS or any(i is None for i in ids):
        raise HTTPError(400, "bad_request", BAD_IDS, max=MAX_LEVEL_IDS)
    wanted = [i for i in ids if i is not None]
    got = await context(request).salon.store.read(lambda s: levels(s, wanted))
    return JSONResponse({"levels": {str(i): got.get(i, 1) for i in wanted}})


ROUTES: list[BaseRoute] = [
    Route("/api/matches/{match_id}", match),
    Route("/api/matches/{match_id}/record", record),
    Route("/api/matches/{match_id}/positions", positions),
    Route("/api/leaderboard/{game}", leaderboard),
    Route("/api/levels", user_levels),
    Route("/api/users/{name}", user),
    Route("/api/users/{name}/matches", user_matches),
    Route("/api/users/{name}/chips", user_chips),
]
