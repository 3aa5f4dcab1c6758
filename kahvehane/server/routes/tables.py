"""The lobby over HTTP: the open tables, opening one, one table, an invitation, and how
many people are online and playing."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from kahvehane.server.errors import (
    NO_INVITE,
    NO_OPEN_TABLE,
    NO_SUCH_TABLE,
    HTTPError,
    ProtocolError,
)
from kahvehane.server.protocol import JSONObj
from kahvehane.server.rooms import rooms_json
from kahvehane.server.routes.base import (
    context,
    endpoint,
    http_error,
    read_body,
    require_user,
)
from kahvehane.store.standings import series


async def lobby(request: Request) -> Response:
    """``GET /api/tables``: the lobby's tables."""
    return JSONResponse({"tables": context(request).salon.lobby()})


@endpoint
async def open_table(request: Request) -> Response:
    """``POST /api/tables {"game", "options", ...}``: a new table, ``201`` (with its
    invite code if private)."""
    user = await require_user(request)
    data = await read_body(request)
    try:
        table = await context(request).salon.create_table(user, data)
    except ProtocolError as exc:
        raise http_error(exc) from None
    out: JSONObj = {"table": table.info()}
    if table.access.private:
        out["invite"] = table.access.invite
    return JSONResponse(out, status_code=201)


@endpoint
async def table(request: Request) -> Response:
    """``GET /api/tables/{table_id}``: an open table, or ``404``."""
    info = context(request).salon.table_info(request.path_params["table_id"])
    if info is None:
        raise HTTPError(404, "not_found", NO_OPEN_TABLE)
    return JSONResponse({"table": info})


@endpoint
async def invite(request: Request) -> Response:
    """``GET /api/invites/{code}``: the table an invitation opens, or ``404``."""
    t = context(request).salon.by_invite(request.path_params["code"])
    if t is None:
        raise HTTPError(404, "not_found", NO_INVITE)
    return JSONResponse({"table": t.info()})


@endpoint
async def table_series(request: Request) -> Response:
    """``GET /api/tables/{table_id}/series``: the running series of a table's rematches
    (each person's matches won there), shown beside the yazboz; ``404`` for no table."""
    table_id = request.path_params["table_id"]
    if not isinstance(table_id, str) or len(table_id) > 16:
        raise HTTPError(404, "not_found", NO_SUCH_TABLE)
    out = await context(request).salon.store.read(lambda s: series(s, table_id))
    if out is None:
        raise HTTPError(404, "not_found", NO_SUCH_TABLE)
    return JSONResponse({"series": out})


async def rooms(request: Request) -> Response:
    """``GET /api/rooms``: the rooms by stake (``--room``), each with its entry range,
    the chips a person needs to sit there, and its listed tables and seated people now
    (on a cluster, every node's); ``[]`` when the salon has no rooms."""
    ctx = context(request)
    return JSONResponse({"rooms": rooms_json(ctx.settings.rooms, ctx.salon.lines())})


async def salon(request: Request) -> Response:
    """``GET /api/salon``: the people connected now and those at a running match (the
    landing page's and the lobby's count; on a cluster, every node's), and ``free``:
    those connected and at no running match, who could answer a quick table ("Hemen
    oyna" waits for people only when someone besides its person is free)."""
    ctx = context(request)
    online = await ctx.salon.online(len(ctx.gateway.people()))
    playing = ctx.salon.playing_ids()
    busy = len(await ctx.salon.present(playing)) if playing else 0
    return JSONResponse({"online": online, "playing": len(playing),
                         "free": max(0, online - busy)})


ROUTES: list[BaseRoute] = [
    Route("/api/salon", salon),
    Route("/api/rooms", rooms),
    Route("/api/tables", lobby, methods=["GET"]),
    Route("/api/tables", open_table, methods=["POST"]),
    Route("/api/tables/{table_id}", table),
    Route("/api/tables/{table_id}/series", table_series),
    Route("/api/invites/{code}", invite),
]
