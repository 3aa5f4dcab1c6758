"""The WebSocket endpoint ``/ws``: the Origin check, the session, and each client
message's checks (size, UTF-8, rate) before the gateway dispatches it.

Messages arrive by one of two paths: straight off the wire through the salon's direct
line (:mod:`kahvehane.server.wsdirect`), or as plain ASGI messages (any other server,
``kahvehane serve --ws asgi``); both reach :func:`on_message`.
"""

from __future__ import annotations

import asyncio
import contextlib
from urllib.parse import urlsplit

from starlette.routing import BaseRoute, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from kahvehane.server.connection import Conn
from kahvehane.server.errors import NOT_UTF8, ProtocolError
from kahvehane.server.gateway import Gateway
from kahvehane.server.routes.base import COOKIE, context, public_scheme
from kahvehane.server.wsdirect import EXTENSION, SalonWSProtocol


def on_message(gateway: Gateway, limit: int, conn: Conn, data: bytes | str,
               is_text: bool) -> None:
    """One message from a client, from either path: size (``limit`` bytes, else close
    1009), UTF-8 (a text frame that is not: close 1007), rate, dispatch."""
    if len(data) > limit:
        conn.close(1009)
        return
    if isinstance(data, bytes):
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            if is_text:  # a text frame must be UTF-8 (RFC 6455, section 8.1)
                conn.close(1007)
            else:
                conn.refuse(ProtocolError("bad_json", NOT_UTF8))
            return
    else:
        text = data
        if len(text.encode("utf-8")) > limit:
            conn.close(1009)
            return
    if conn.admit():
        gateway.dispatch(conn, text)


#: The port of a scheme when its address names none.
DEFAULT_PORTS = {"http": 80, "https": 443}


def site(scheme: str, netloc: str) -> tuple[str, str, int] | None:
    """``(scheme, host, port)`` of a web origin, the port filled in, the host in lower
    case; ``None`` if it is not an http(s) origin.

    >>> site("https", "Salon.example")
    ('https', 'salon.example', 443)
    >>> site("http", "127.0.0.1:8000"), site("ftp", "x"), site("http", "x:port")
    (('http', '127.0.0.1', 8000), None, None)
    """
    scheme = scheme.lower()
    if scheme not in DEFAULT_PORTS:
        return None
    try:
        parts = urlsplit(f"//{netloc}")
        port = parts.port
    except ValueError:
        return None
    if not parts.hostname:
        return None
    return scheme, parts.hostname.lower(), port or DEFAULT_PORTS[scheme]


def origin_allowed(websocket: WebSocket) -> bool:
    """Whether the handshake's ``Origin`` (if any) is this salon's own site: the same
    scheme (``https`` only if the client came over TLS, this server's or a trusted
    proxy's), the same host and the same port as the page the client was given."""
    origin = websocket.headers.get("origin")
    if not origin:
        return True  # not a browser: the cookie it sends is its own
    parts = urlsplit(origin)
    theirs = site(parts.scheme, parts.netloc)
    ours = site(public_scheme(websocket), websocket.headers.get("host", ""))
    return theirs is not None and theirs == ours


async def ws_endpoint(websocket: WebSocket) -> None:
    """Accept a client (a cross-site page is refused with 1008), say ``hello``, then
    hand each of its messages to :func:`on_message` until it goes."""
    if not origin_allowed(websocket):
        await websocket.close(code=1008)
        return
    ctx = context(websocket)
    gateway, limit = ctx.gateway, ctx.settings.max_message_bytes
    await websocket.accept()
    signed_in = await gateway.sign_in_for_token(websocket.cookies.get(COOKIE))
    user = signed_in.user if signed_in is not None else None
    direct = websocket.scope.get("extensions", {}).get(EXTENSION)
    line: SalonWSProtocol | None = direct["line"] if direct else None
    conn = gateway.connect(websocket, user, line, signed_in)
    writer = asyncio.get_running_loop().create_task(conn.writer())
    conn.send(await gateway.hello(conn))
    if line is not None:  # from now on messages come straight off the wire
        line.receiver = lambda data, is_text: on_message(gateway, limit, conn, data, is_text)
    try:
        # With a direct line this returns what was queued before the receiver was
        # set, in order, then waits for the disconnect.
        while not conn.closed:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text")
            if text is not None:
                on_message(gateway, limit, conn, text, True)
            else:
                on_message(gateway, limit, conn, message.get("bytes") or b"", False)
    except WebSocketDisconnect:
        pass
    finally:
        if line is not None:
            line.receiver = None
        gateway.disconnected(conn)
        conn.close(conn.close_code)
        with contextlib.suppress(asyncio.TimeoutError, Exception):
            await asyncio.wait_for(writer, timeout=2)
        writer.cancel()


ROUTES: list[BaseRoute] = [WebSocketRoute("/ws", ws_endpoint)]
