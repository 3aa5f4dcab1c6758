"""Private messages between friends over HTTP (issue 30; docs/protocol.md §2
"Friends"): the conversations with their unread counts, one conversation (reading it
marks it read), sending (friends only, ``--message-max-chars`` after cleaning,
``--messages-per-minute``), and reporting a message received.

A message is cleaned as table talk is (whitespace runs one space, control and format
characters dropped) and travels as a JSON string; the client shows it as text, never
as markup. It is saved before either person is told (``pm`` to both, the recipient's
``notice``), and kept ``--messages-keep-days``.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy.orm import Session
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from kahvehane.server.errors import HTTPError, ProtocolError
from kahvehane.server.notify import push, push_notice
from kahvehane.server.routes.base import Context, context, endpoint, read_body, row_id
from kahvehane.server.routes.social import call, other_id, refused, social_user, throttle
from kahvehane.server.table.chat import clean_text
from kahvehane.store.notices import (
    NO_MESSAGE,
    conversation,
    conversations,
    report_message,
    send_message,
    unread_count,
)
from kahvehane.store.social import SocialRefused, person

__all__ = ["ROUTES"]


def keep_ms(ctx: Context) -> int:
    """How long a message is kept (``--messages-keep-days``), ms."""
    return int(ctx.settings.messages_keep_days * 86_400_000)


@endpoint
async def inbox(request: Request) -> Response:
    """``GET /api/conversations``: conversations newest first, each with its unread count."""
    user = await social_user(request)
    ctx = context(request)
    keep = keep_ms(ctx)
    got = await ctx.salon.store.read(lambda s: conversations(s, user.id, keep))
    return JSONResponse({"conversations": got,
                         "unread": sum(c["unread"] for c in got)})


@endpoint
async def thread(request: Request) -> Response:
    """``GET /api/conversations/{user}``: the last 100 messages with ``user``, oldest first;
    those received are marked read (and their notification)."""
    user = await social_user(request)
    other = other_id(request)
    ctx = context(request)
    keep = keep_ms(ctx)

    def op(s: Session) -> tuple[Any, list[dict[str, Any]], int]:
        them = person(s, other)
        return them, conversation(s, user.id, other, keep), unread_count(s, user.id)

    them, messages, unread = await call(ctx, op)
    push(ctx.salon.bus, (user.id,), {"type": "notices_read", "unread": unread})
    return JSONResponse({"with": {"id": them.id, "name": them.name},
                         "messages": messages})


@endpoint
async def send(request: Request) -> Response:
    """``POST /api/conversations/{user} {"text"}``: ``201 {"message"}``."""
    user = await social_user(request)
    other = other_id(request)
    ctx = context(request)
    raw = (await read_body(request)).get("text")
    try:
        text = clean_text(raw, ctx.settings.message_max_chars)
    except ProtocolError as exc:
        raise HTTPError.wrap(400, "bad_request", exc) from None
    await throttle(ctx, f"pm:{user.id}", ctx.settings.messages_per_minute, 60)
    keep = keep_ms(ctx)

    def op(s: Session) -> tuple[dict[str, Any], dict[str, Any], int]:
        message, notice = send_message(s, user.id, other, text, keep)
        return message, notice, unread_count(s, other)

    message, notice, unread = await call(ctx, op)
    push(ctx.salon.bus, (user.id, other), {"type": "pm", "message": message})
    push_notice(ctx.salon.bus, other, notice, unread)
    return JSONResponse({"message": message}, status_code=201)


@endpoint
async def report(request: Request) -> Response:
    """``POST /api/reports {"message"}``: a message received, reported (stored for
    the operators' moderation queue to come); ``201 {"report"}``."""
    user = await social_user(request)
    raw = (await read_body(request)).get("message")
    message = raw if isinstance(raw, int) and not isinstance(raw, bool) \
        and row_id(str(raw)) is not None else None
    if message is None:
        raise refused(SocialRefused(NO_MESSAGE))
    ctx = context(request)
    got = await call(ctx, lambda s: report_message(s, user.id, message))
    return JSONResponse({"report": got}, status_code=201)


ROUTES: list[BaseRoute] = [
    Route("/api/conversations", inbox, methods=["GET"]),
    Route("/api/reports", report, methods=["POST"]),
    Route("/api/conversations/{user}", thread, methods=["GET"]),
    Route("/api/conversations/{user}", send, methods=["POST"]),
]
