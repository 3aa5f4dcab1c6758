"""Friends, blocks, invitations and notifications over HTTP (issue 30; docs/protocol.md
§2 "Friends"). Each change is written to the store first; then the person it concerns
is told over the WebSocket, on whichever node they are connected
(:mod:`kahvehane.server.notify`).

Only signed-up accounts have friends, invite and are invited (``403 forbidden``,
``social.guest``); a block refuses requests and invitations from the blocked person
(``403 forbidden``, ``social.unreachable``).
"""

from __future__ import annotations

import math
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from kahvehane.errors import KahvehaneError
from kahvehane.server.errors import HTTPError
from kahvehane.server.limits import Rule
from kahvehane.server.notify import notify, push
from kahvehane.server.protocol import JSONObj
from kahvehane.server.routes.base import (
    Context,
    context,
    endpoint,
    read_body,
    require_user,
    row_id,
)
from kahvehane.store import social
from kahvehane.store.notices import ALREADY_REPORTED, NO_MESSAGE, mark_read, notices_of
from kahvehane.store.social import BAD_IDS, NO_SUCH_TABLE, TOO_MANY, Person, SocialRefused
from kahvehane.users import UserInfo

__all__ = ["ROUTES", "call", "other_id", "refused", "social_user", "throttle"]

#: A refusal's HTTP status and protocol code, by its message code.
REFUSALS: dict[str, tuple[int, str]] = {
    social.GUESTS_NO_FRIENDS.code: (403, "forbidden"),
    social.NO_SUCH_PERSON.code: (404, "not_found"),
    social.SELF.code: (400, "bad_request"),
    social.BLOCKED.code: (403, "forbidden"),
    social.ALREADY_FRIENDS.code: (409, "already_friends"),
    social.ALREADY_ASKED.code: (409, "already_asked"),
    ALREADY_REPORTED.code: (409, "already_reported"),
    social.NO_REQUEST.code: (404, "not_found"),
    social.NOT_FRIENDS.code: (403, "forbidden"),
    NO_MESSAGE.code: (404, "not_found"),
}


def refused(exc: KahvehaneError) -> HTTPError:
    """A store refusal as its coded HTTP error (:data:`REFUSALS`)."""
    status, code = REFUSALS.get(exc.code, (400, "bad_request"))
    return HTTPError.wrap(status, code, exc)


async def social_user(request: Request) -> UserInfo:
    """The signed-in account; ``401`` if nobody, ``403`` (``social.guest``) a guest."""
    user = await require_user(request)
    if user.guest:
        raise refused(SocialRefused(social.GUESTS_NO_FRIENDS))
    return user


async def throttle(ctx: Context, key: str, limit: int, window: float) -> None:
    """Count one of ``limit`` per ``window`` seconds for ``key`` (in the database: every
    node counts together); ``429 rate_limited`` once they are used up."""
    rule = Rule(limit=limit, window=window)
    wait = await ctx.limiter.wait(key, rule)
    if wait > 0:
        raise HTTPError(429, "rate_limited", TOO_MANY, limit=limit,
                        minutes=math.ceil(window / 60), seconds=math.ceil(wait))
    await ctx.limiter.hit(key, rule)


def person_json(p: Person) -> JSONObj:
    return {"id": p.id, "name": p.name}


def whereabouts(lines: list[JSONObj], ids: set[int]) -> dict[int, JSONObj]:
    """Where each of ``ids`` sits now at a public table (a running match first):
    ``{"table", "game", "status"}``; a friends' table is not said."""
    found: dict[int, JSONObj] = {}
    for line in sorted(lines, key=lambda ln: ln["status"] != "playing"):
        for s in line["seats"]:
            u = s["user"]
            if u is not None and u["id"] in ids and not s["left"] and u["id"] not in found:
                found[u["id"]] = {"table": line["id"], "game": line["game"],
                                  "status": line["status"]}
    return found


async def call(ctx: Context, fn: Any) -> Any:
    try:
        return await ctx.salon.store.write(fn)
    except SocialRefused as exc:
        raise refused(exc) from None


def other_id(request: Request) -> int:
    uid = row_id(request.path_params["user"])
    if uid is None:
        raise refused(SocialRefused(social.NO_SUCH_PERSON,
                                    name=str(request.path_params["user"])[:40]))
    return uid


# ---------------------------------------------------------------- friends
@endpoint
async def friends(request: Request) -> Response:
    """``GET /api/friends``: friends (online, where), requests both ways, blocked."""
    user = await social_user(request)
    ctx = context(request)
    got = await ctx.salon.store.read(lambda s: social.friends_of(s, user.id))
    ids = {p.id for p in got.friends}
    online = await ctx.salon.present(ids)
    where = whereabouts(ctx.salon.lines(), ids)
    return JSONResponse({
        "friends": [{**person_json(p), "online": p.id in online, "at": where.get(p.id)}
                    for p in got.friends],
        "incoming": [person_json(p) for p in got.incoming],
        "outgoing": [person_json(p) for p in got.outgoing],
        "blocked": [person_json(p) for p in got.blocked]})


@endpoint
async def ask(request: Request) -> Response:
    """``POST /api/friends {"name"}``: a request (or, if they asked first, friends)."""
    user = await social_user(request)
    name = (await read_body(request)).get("name")
    ctx = context(request)
    await throttle(ctx, f"friend:{user.id}", ctx.settings.friend_requests_per_hour, 3600)
    them, accepted = await call(ctx, lambda s: social.request_friend(s, user.id, name))
    me = {"id": user.id, "name": user.name}
    await notify(ctx.salon.store, ctx.salon.bus, [them.id],
                 "friend_accepted" if accepted else "friend_request", {"from": me})
    return JSONResponse({"friend": person_json(them), "accepted": accepted},
                        status_code=201)


async def _answer(request: Request, accept: bool) -> Response:
    user = await social_user(request)
    other = other_id(request)
    ctx = context(request)
    them = await call(ctx, lambda s: social.answer_request(s, user.id, other, accept))
    if accept:
        await notify(ctx.salon.store, ctx.salon.bus, [them.id], "friend_accepted",
                     {"from": {"id": user.id, "name": user.name}})
    return JSONResponse({"friend": person_json(them), "accepted": accept})


@endpoint
async def accept(request: Request) -> Response:
    """``POST /api/friends/{user}/accept``."""
    return await _answer(request, True)


@endpoint
async def decline(request: Request) -> Response:
    """``POST /api/friends/{user}/decline``: the request is deleted."""
    return await _answer(request, False)


@endpoint
async def remove(request: Request) -> Response:
    """``DELETE /api/friends/{user}``: no longer friends (or a request withdrawn)."""
    user = await social_user(request)
    other = other_id(request)
    them = await call(context(request), lambda s: social.remove_friend(s, user.id, other))
    return JSONResponse({"removed": person_json(them)})


@endpoint
async def block(request: Request) -> Response:
    """``POST /api/blocks {"name"}``: blocked, and no longer friends."""
    user = await social_user(request)
    name = (await read_body(request)).get("name")
    them = await call(context(request), lambda s: social.block(s, user.id, name))
    return JSONResponse({"blocked": person_json(them)}, status_code=201)


@endpoint
async def unblock(request: Request) -> Response:
    """``DELETE /api/blocks/{user}``."""
    user = await social_user(request)
    other = other_id(request)
    await call(context(request), lambda s: social.unblock(s, user.id, other))
    return JSONResponse({"unblocked": other})


# ---------------------------------------------------------------- invitations
@endpoint
async def invite(request: Request) -> Response:
    """``POST /api/invitations {"name", "table"}``: ``name`` gets an ``invite``
    notification with the table (its invitation code if it is a friends' table)."""
    user = await social_user(request)
    body = await read_body(request)
    ctx = context(request)
    table_id = body.get("table")
    local = ctx.salon.tables.get(table_id) if isinstance(table_id, str) else None
    line = ctx.salon.table_info(table_id) if isinstance(table_id, str) else None
    if local is None and line is None:
        raise HTTPError(404, "not_found", NO_SUCH_TABLE, table=repr(table_id)[:40])
    await throttle(ctx, f"invite:{user.id}", ctx.settings.invites_per_minute, 60)
    name = body.get("name")

    def op(s: Any) -> Person:
        social.member(s, user.id)
        them = social.person_named(s, user.id, name)
        social.reachable(s, user.id, them)
        return them

    them = await call(ctx, op)
    info = local.info() if local is not None else line
    assert info is not None
    data: JSONObj = {"from": {"id": user.id, "name": user.name}, "table": table_id,
                     "game": info["game"]}
    if local is not None and local.access.private:
        data["invite"] = local.access.invite
    await notify(ctx.salon.store, ctx.salon.bus, [them.id], "invite", data)
    return JSONResponse({"invited": person_json(them)}, status_code=201)


# ---------------------------------------------------------------- notifications
@endpoint
async def notices(request: Request) -> Response:
    """``GET /api/notifications``: the newest 50 and the unread count (guests too:
    a table's start)."""
    user = await require_user(request)
    got, unread = await context(request).salon.store.read(lambda s: notices_of(s, user.id))
    return JSONResponse({"notices": got, "unread": unread})


@endpoint
async def seen(request: Request) -> Response:
    """``POST /api/notifications/read {"ids": [..]}`` (no ``ids``: all): marked read;
    every connection of the person hears the new count (``notices_read``)."""
    user = await require_user(request)
    raw = (await read_body(request)).get("ids")
    if raw is not None and (not isinstance(raw, list) or len(raw) > 100 or not all(
            isinstance(i, int) and not isinstance(i, bool) for i in raw)):
        raise HTTPError(400, "bad_request", BAD_IDS)
    ids: list[int] | None = raw
    ctx = context(request)
    unread = await ctx.salon.store.write(lambda s: mark_read(s, user.id, ids))
    push(ctx.salon.bus, (user.id,), {"type": "notices_read", "unread": unread})
    return JSONResponse({"unread": unread})


ROUTES: list[BaseRoute] = [
    Route("/api/friends", friends, methods=["GET"]),
    Route("/api/friends", ask, methods=["POST"]),
    Route("/api/friends/{user}/accept", accept, methods=["POST"]),
    Route("/api/friends/{user}/decline", decline, methods=["POST"]),
    Route("/api/friends/{user}", remove, methods=["DELETE"]),
    Route("/api/blocks", block, methods=["POST"]),
    Route("/api/blocks/{user}", unblock, methods=["DELETE"]),
    Route("/api/invitations", invite, methods=["POST"]),
    Route("/api/notifications", notices, methods=["GET"]),
    Route("/api/notifications/read", seen, methods=["POST"]),
]
