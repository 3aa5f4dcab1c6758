"""Daily chips over HTTP: the signed-in account's claim state and its claims
(kahvehane.store.daily: once a salon day each, decided by the database).

``GET /api/me/daily`` says what can be claimed (also in ``/api/me``'s ``daily``);
``POST /api/me/daily {"kind": "bonus" | "floor"}`` claims it: ``200 {"granted",
"chips", "daily"}``, or ``409 already_claimed`` / ``409 not_below_floor`` /
``403 forbidden`` (a guest) with nothing granted.
"""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from kahvehane.errors import Message
from kahvehane.server.errors import HTTPError
from kahvehane.server.routes.base import context, endpoint, read_body, require_user
from kahvehane.server.settings import Settings
from kahvehane.store.accounts import chips_of
from kahvehane.store.daily import (
    ALREADY_CLAIMED,
    GUESTS_NO_DAILY,
    KINDS,
    NO_DAILY,
    NOT_BELOW_FLOOR,
    ClaimRefused,
    DailyAmounts,
    claim,
    claim_state,
)
from kahvehane.users import UserInfo

BAD_KIND = Message("daily.bad_kind", "kind is one of {choices}, not {kind}",
                   "tür {choices} değerlerinden biri olmalı, {kind} değil")

#: A refusal's HTTP status and protocol code, by its message code.
REFUSALS = {ALREADY_CLAIMED.code: (409, "already_claimed"),
            NOT_BELOW_FLOOR.code: (409, "not_below_floor"),
            GUESTS_NO_DAILY.code: (403, "forbidden"),
            NO_DAILY.code: (404, "not_found")}


def amounts(settings: Settings) -> DailyAmounts:
    """The salon's daily amounts (``--daily-bonus``, ``--daily-floor``)."""
    return DailyAmounts(settings.daily_bonus, settings.daily_floor)


async def daily_state(request: Request, user: UserInfo) -> dict[str, Any]:
    """The claim state of ``user`` (``/api/me``'s ``daily``)."""
    ctx = context(request)
    got = amounts(ctx.settings)
    uid = user.id
    return await ctx.salon.store.read(lambda s: claim_state(s, uid, got))


@endpoint
async def state(request: Request) -> Response:
    """``GET /api/me/daily``: what the signed-in account can claim today."""
    user = await require_user(request)
    return JSONResponse({"daily": await daily_state(request, user)})


@endpoint
async def take(request: Request) -> Response:
    """``POST /api/me/daily {"kind"}``: today's bonus or floor top-up, once a day."""
    user = await require_user(request)
    data = await read_body(request)
    kind = data.get("kind", "bonus")
    if kind not in KINDS:
        raise HTTPError(400, "bad_request", BAD_KIND, choices=list(KINDS), kind=repr(kind))
    ctx = context(request)
    got, uid = amounts(ctx.settings), user.id
    try:
        granted = await ctx.salon.store.write(lambda s: claim(s, uid, str(kind), got))
    except ClaimRefused as exc:
        status, code = REFUSALS.get(exc.code, (409, "already_claimed"))
        raise HTTPError.wrap(status, code, exc) from None
    chips = await ctx.salon.store.read(lambda s: chips_of(s, uid))
    return JSONResponse({"kind": kind, "granted": granted, "chips": chips,
                         "daily": await daily_state(request, user)})


ROUTES: list[BaseRoute] = [
    Route("/api/me/daily", state, methods=["GET"]),
    Route("/api/me/daily", take, methods=["POST"]),
]
