"""What needs no account: the salon's health, the catalogues of games and messages, and
the web client's static files."""

from __future__ import annotations

import mimetypes
from pathlib import Path

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from kahvehane import __version__
from kahvehane.server.catalogue import games_json, messages_json
from kahvehane.server.protocol import PROTOCOL

#: Content types of the web client's files that not every system's table knows.
STATIC_TYPES = {".webmanifest": "application/manifest+json", ".svg": "image/svg+xml",
                ".png": "image/png", ".js": "text/javascript", ".css": "text/css"}


async def health(request: Request) -> Response:
    """``GET /api/health``: up, with the salon's version and protocol."""
    return JSONResponse({"ok": True, "version": __version__, "protocol": PROTOCOL})


async def games(request: Request) -> Response:
    """``GET /api/games``: every game with its options."""
    return JSONResponse(games_json())


async def messages(request: Request) -> Response:
    """``GET /api/messages``: every coded message in English and Turkish."""
    return JSONResponse(messages_json())


ROUTES: list[BaseRoute] = [
    Route("/api/health", health),
    Route("/api/games", games),
    Route("/api/messages", messages),
]


def static_routes(folder: Path | None) -> list[BaseRoute]:
    """The web client's files under ``/`` (``index.html`` for a folder), if ``folder``
    exists; after every other route, so it answers what they do not."""
    if folder is None or not folder.is_dir():
        return []
    # The web app's manifest and icons by their proper types, whatever the system's
    # mime.types says (an installable app needs application/manifest+json).
    for ext, kind in STATIC_TYPES.items():
        mimetypes.add_type(kind, ext)
    return [Mount("/", app=StaticFiles(directory=folder, html=True), name="web")]
