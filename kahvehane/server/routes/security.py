"""The headers every HTTP answer carries, pages, API answers and 404s alike.

- ``Content-Security-Policy``: scripts, styles, images, fonts, the manifest and
  connections (the API, the WebSocket) from the salon's own origin only; no inline
  script and no inline style attribute (the no-build client has neither: its one
  ``<script type="module" src>`` and its stylesheet are files), no plugins, no
  ``<base>``; ``frame-ancestors 'none'`` (no site may frame the lobby and click its
  buttons for a visitor);
- ``X-Frame-Options: DENY`` (the same, for browsers without ``frame-ancestors``),
  ``X-Content-Type-Options: nosniff`` (a file is run only as what it is),
  ``Referrer-Policy: same-origin`` (a table's or a person's address stays on the site),
  ``Cross-Origin-Opener-Policy: same-origin``;
- ``Cache-Control: no-store`` on every ``/api/`` answer that sets none: they are live
  or personal (``/api/me``, a ledger, a new session), and a shared cache must keep none.
"""

from __future__ import annotations

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

#: The salon's Content-Security-Policy.
CSP = "; ".join((
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
))

#: Set on every HTTP answer.
HEADERS: tuple[tuple[str, str], ...] = (
    ("Content-Security-Policy", CSP),
    ("X-Frame-Options", "DENY"),
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "same-origin"),
    ("Cross-Origin-Opener-Policy", "same-origin"),
)


class SecurityHeaders:
    """ASGI middleware adding :data:`HEADERS` (and ``no-store`` under ``/api/``) to every
    HTTP answer of ``app``, whichever route, error or static file made it."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        api = str(scope.get("path", "")).startswith("/api/")

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in HEADERS:
                    headers[name] = value
                if api and "cache-control" not in headers:
                    headers["Cache-Control"] = "no-store"
            await send(message)

        await self.app(scope, receive, send_with_headers)
