"""What the salon's operator asks of it: readiness, Prometheus metrics and an online
backup of an SQLite database (docs/operations.md).

``GET /api/ready`` is open like ``/api/health`` (a load balancer asks it): ``200`` when
the database answers (and Redis, on a cluster), else ``503`` naming what does not.
``GET /metrics`` and ``POST /api/ops/backup`` are the operator's only: a request with
``Authorization: Bearer <--ops-token>`` or from an ``--ops-allow`` address (the
client's address as :func:`~.base.address` reads it: forwarded headers only from a
``--trusted-proxy``); with neither option set both answer ``404``.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import os
import secrets
import tempfile
from pathlib import Path

from sqlalchemy import text
from sqlalchemy.orm import Session
from starlette.background import BackgroundTask
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Route

from kahvehane.server.errors import BACKUP_NOT_SQLITE, OPS_FORBIDDEN, OPS_OFF, HTTPError
from kahvehane.server.metrics import CONTENT_TYPE
from kahvehane.server.routes.base import address, context, endpoint
from kahvehane.store.backup import copy_sqlite, is_sqlite, sqlite_path

#: Seconds a readiness check waits for the database or Redis.
READY_WAIT = 2.0


def check_operator(request: Request) -> None:
    """Refuse a request that is not the operator's (``404`` when the salon serves no
    operations endpoints, ``403`` otherwise)."""
    ctx = context(request)
    token = ctx.settings.ops_token
    if token is None and not ctx.ops_allow:
        raise HTTPError(404, "not_found", OPS_OFF)
    given = request.headers.get("authorization", "")
    if token is not None and secrets.compare_digest(given.encode(), f"Bearer {token}".encode()):
        return
    with contextlib.suppress(ValueError):
        ip = ipaddress.ip_address(address(request))
        if any(ip in net for net in ctx.ops_allow):
            return
    raise HTTPError(403, "forbidden", OPS_FORBIDDEN)


@endpoint
async def metrics(request: Request) -> Response:
    """``GET /metrics``: every metric in Prometheus's text format."""
    check_operator(request)
    registry = context(request).metrics
    if registry is None:  # pragma: no cover - made whenever an option above is set
        raise HTTPError(404, "not_found", OPS_OFF)
    return Response(registry.text(), media_type=CONTENT_TYPE)


def _select_one(session: Session) -> None:
    session.execute(text("SELECT 1"))


async def ready(request: Request) -> Response:
    """``GET /api/ready``: whether this node can serve play now."""
    salon = context(request).salon
    checks: dict[str, bool] = {}
    try:
        await asyncio.wait_for(salon.store.read(_select_one), READY_WAIT)
        checks["database"] = True
    except Exception:
        checks["database"] = False
    redis = getattr(getattr(salon, "rbus", None), "redis", None)
    if redis is not None:
        try:
            checks["redis"] = bool(await asyncio.wait_for(redis.ping(), READY_WAIT))
        except Exception:
            checks["redis"] = False
    ok = all(checks.values())
    return JSONResponse({"ok": ok, **checks}, status_code=200 if ok else 503)


@endpoint
async def backup(request: Request) -> Response:
    """``POST /api/ops/backup``: a consistent copy of the salon's SQLite database, made
    on the server's own connection while play goes on (:mod:`kahvehane.store.backup`),
    sent as the file and then removed here."""
    check_operator(request)
    store = context(request).salon.store
    if not is_sqlite(store.url):
        raise HTTPError(409, "conflict", BACKUP_NOT_SQLITE)
    folder = sqlite_path(store.url).resolve().parent
    fd, name = tempfile.mkstemp(prefix=".kahvehane-backup-", suffix=".sqlite3", dir=folder)
    out = Path(name)
    out.unlink()  # the backup writes a new file
    os.close(fd)
    await asyncio.to_thread(copy_sqlite, store.engine, out)
    return FileResponse(out, media_type="application/vnd.sqlite3",
                        filename="kahvehane-backup.sqlite3",
                        background=BackgroundTask(out.unlink, missing_ok=True))


ROUTES: list[BaseRoute] = [
    Route("/api/ready", ready),
    Route("/metrics", metrics),
    Route("/api/ops/backup", backup, methods=["POST"]),
]
