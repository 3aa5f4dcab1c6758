"""Accounts over HTTP: sign-up, sign-in, guests, sign-out, a password change, and the
signed-in person's own answers (``/api/me``, ``/api/me/ledger``).

New accounts are limited per address (``new_accounts_per_hour``); sign-in failures
slow the next try of that (name, address) and count for the address
(:mod:`kahvehane.server.limits`).
"""

from __future__ import annotations

import asyncio
import hashlib
import math
from collections.abc import Callable

from sqlalchemy.orm import Session
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from kahvehane.server.errors import (
    BAD_CREDENTIALS,
    GUEST_NO_PASSWORD,
    LOGIN_THROTTLED,
    NAME_AND_PASSWORD,
    NEW_ACCOUNTS_LIMITED,
    OLD_AND_NEW,
    SIGN_IN_FIRST,
    HTTPError,
)
from kahvehane.server.gateway import PASSWORD_CHANGED
from kahvehane.server.limits import NEW_ACCOUNT, SIGN_IN_ADDRESS, SIGN_IN_PAIR
from kahvehane.server.routes.base import (
    COOKIE,
    address,
    context,
    endpoint,
    int_param,
    plausible_name,
    read_body,
    require_user,
    user_json,
    with_cookie,
)
from kahvehane.server.routes.daily import daily_state
from kahvehane.store.accounts import (
    UserInfo,
    change_password,
    check_name,
    check_password,
    create_user,
    end_session,
    find_user,
    guest_name,
    hash_password,
    new_session,
    token_hash,
    verify_password,
)
from kahvehane.store.ledger import statement
from kahvehane.store.models import User
from kahvehane.store.names import name_skeleton
from kahvehane.store.ratings import levels


async def new_account(request: Request, name_of: Callable[[Session], str],
                      hashed: str | None) -> Response:
    """Create a person (``hashed``: their password hash) or a guest (``None``) with
    the starting chips of their kind, signed in: ``201`` with the session cookie.
    At most ``new_accounts_per_hour`` from one address (429 beyond)."""
    ctx = context(request)
    rule = NEW_ACCOUNT(ctx.settings.new_accounts_per_hour)
    key = f"new:{address(request)}"
    wait = await ctx.limiter.wait(key, rule)
    if wait > 0:
        raise HTTPError(429, "rate_limited", NEW_ACCOUNTS_LIMITED,
                        limit=rule.limit, seconds=math.ceil(wait))
    guest = hashed is None
    chips = ctx.settings.guest_chips if guest else ctx.settings.starting_chips
    days = ctx.settings.session_days

    def op(s: Session) -> tuple[UserInfo, str]:
        user = create_user(s, name_of(s), hashed, guest=guest, chips=chips)
        return user, new_session(s, user.id, days)

    user, token = await ctx.salon.store.write(op)
    await ctx.limiter.hit(key, rule)
    resp = JSONResponse({"user": await user_json(ctx, user)}, status_code=201)
    return with_cookie(request, resp, token)


async def checked_password(request: Request, name: str, password: str) -> User:
    """The account ``name`` if ``password`` is its password; else ``401`` — each
    failure slows the next try of that (name, address) and counts for the address
    (``429`` while either must wait), a success clears the (name, address)."""
    ctx = context(request)
    limiter = ctx.limiter
    addr = address(request)
    # keyed by the look-alike key: ``ALİ`` and ``Alı`` are guesses at ``Ali`` too
    pair = f"signin:{hashlib.sha256(name_skeleton(name).encode()).hexdigest()[:32]}|{addr}"
    per_address = f"signin-addr:{addr}"
    wait = max(await limiter.wait(pair, SIGN_IN_PAIR),
               await limiter.wait(per_address, SIGN_IN_ADDRESS))
    if wait > 0:
        raise HTTPError(429, "rate_limited", LOGIN_THROTTLED, seconds=math.ceil(wait))
    row = await ctx.salon.store.read(lambda s: find_user(s, name))
    ok = (row is not None and row.password_hash is not None
          and await asyncio.to_thread(verify_password, row.password_hash, password))
    if not ok or row is None:
        await limiter.hit(pair, SIGN_IN_PAIR)
        await limiter.hit(per_address, SIGN_IN_ADDRESS)
        raise HTTPError(401, "bad_credentials", BAD_CREDENTIALS)
    await limiter.clear(pair)
    return row


@endpoint
async def signup(request: Request) -> Response:
    """``POST /api/auth/signup {"name", "password"}``: a new person, signed in."""
    data = await read_body(request)
    name = check_name(data.get("name"))
    password = check_password(data.get("password"))
    hashed = await asyncio.to_thread(hash_password, password)
    return await new_account(request, lambda s: name, hashed)


@endpoint
async def login(request: Request) -> Response:
    """``POST /api/auth/login {"name", "password"}``: a new session of the account."""
    ctx = context(request)
    data = await read_body(request)
    name, password = data.get("name"), data.get("password")
    if not isinstance(name, str) or not isinstance(password, str):
        raise HTTPError(400, "bad_request", NAME_AND_PASSWORD)
    if not plausible_name(name):  # nobody's: a wrong name, without asking the database
        raise HTTPError(401, "bad_credentials", BAD_CREDENTIALS)
    row = await checked_password(request, name, password)
    uid, days = row.id, ctx.settings.session_days
    token = await ctx.salon.store.write(lambda s: new_session(s, uid, days))
    user = UserInfo(row.id, row.name, row.guest)
    return with_cookie(request, JSONResponse({"user": await user_json(ctx, user)}), token)


@endpoint
async def password_change(request: Request) -> Response:
    """Change the signed-in account's password (the old one proves it is its owner,
    and is throttled as a sign-in): every other session of the account ends and its
    sockets close with :data:`PASSWORD_CHANGED`; this one stays signed in."""
    ctx = context(request)
    data = await read_body(request)
    token = request.cookies.get(COOKIE)
    signed_in = await ctx.gateway.sign_in_for_token(token)
    if signed_in is None:
        raise HTTPError(401, "auth_required", SIGN_IN_FIRST)
    if signed_in.user.guest:
        raise HTTPError(403, "forbidden", GUEST_NO_PASSWORD)
    old, new = data.get("old_password"), data.get("new_password")
    if not isinstance(old, str) or not isinstance(new, str):
        raise HTTPError(400, "bad_request", OLD_AND_NEW)
    new = check_password(new)  # before the old one is tried: a bad request costs nothing
    row = await checked_password(request, signed_in.user.name, old)
    hashed = await asyncio.to_thread(hash_password, new)
    uid, keep = row.id, signed_in.token_hash
    ended = await ctx.salon.store.write(lambda s: change_password(s, uid, hashed, keep))
    ctx.gateway.sessions_ended(set(ended), PASSWORD_CHANGED)
    return JSONResponse({"sessions_ended": len(ended)})


@endpoint
async def guest(request: Request) -> Response:
    """``POST /api/auth/guest {"name"?}``: a guest account, signed in."""
    data = await read_body(request)
    wanted = data.get("name")
    if isinstance(wanted, str) and wanted:
        check_name(wanted)  # refused before the write, as the write would refuse it
    return await new_account(
        request, lambda s: guest_name(s, wanted if isinstance(wanted, str) else None), None)


@endpoint
async def logout(request: Request) -> Response:
    """``POST /api/auth/logout``: end this session; its sockets close with 4001."""
    ctx = context(request)
    await read_body(request)
    token = request.cookies.get(COOKIE)
    if token:
        await ctx.salon.store.write(lambda s: end_session(s, token))
        ctx.gateway.session_ended(token_hash(token))
    resp = JSONResponse({})
    resp.delete_cookie(COOKIE, path="/")
    return resp


@endpoint
async def me(request: Request) -> Response:
    """``GET /api/me``: the signed-in person with their chips and level, and what
    daily chips they can claim (``daily``, :mod:`kahvehane.server.routes.daily`)."""
    user = await require_user(request)
    ctx = context(request)
    out = await user_json(ctx, user)
    uid = user.id
    out["level"] = (await ctx.salon.store.read(lambda s: levels(s, [uid]))).get(uid, 1)
    return JSONResponse({"user": out, "daily": await daily_state(request, user)})


@endpoint
async def my_ledger(request: Request) -> Response:
    """``GET /api/me/ledger?limit=50``: the balance and the last entries, newest first."""
    user = await require_user(request)
    limit = int_param(request, "limit", 50, 1, 500)
    uid = user.id
    return JSONResponse(await context(request).salon.store.read(
        lambda s: statement(s, uid, limit)))


ROUTES: list[BaseRoute] = [
    Route("/api/auth/signup", signup, methods=["POST"]),
    Route("/api/auth/login", login, methods=["POST"]),
    Route("/api/auth/guest", guest, methods=["POST"]),
    Route("/api/auth/logout", logout, methods=["POST"]),
    Route("/api/auth/password", password_change, methods=["POST"]),
    Route("/api/me", me),
    Route("/api/me/ledger", my_ledger),
]
