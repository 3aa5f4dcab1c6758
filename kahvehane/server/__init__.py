"""The salon server: an ASGI application (Starlette on uvicorn) with accounts, a live
lobby, tables that play matches to the end with clocks and bots, and a WebSocket protocol
(``docs/protocol.md``). ``kahvehane serve`` starts it; ``docs/server.md`` explains it.

Nothing here is imported by the engines: the server drives games only through the
engine interface and :class:`~kahvehane.match.Match`.
"""
