"""The ASGI application: the composition root of the salon's web side.

``create_app(settings)`` chooses the table host (this process's :class:`Salon`, or a
node of a cluster when ``settings.redis_url`` is set) and the limiter of accounts (the
database's, or Redis's on a cluster), puts them in one
:class:`~kahvehane.server.routes.base.Context`, and mounts the route modules of
:mod:`kahvehane.server.routes` over it; ``kahvehane serve`` runs it on uvicorn. See
``docs/protocol.md`` for every endpoint and message and ``docs/server.md`` for how the
parts fit.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator

from starlette.applications import Starlette
from starlette.routing import BaseRoute
from starlette.types import ASGIApp

from kahvehane.server.addresses import trusted_networks
from kahvehane.server.gateway import Gateway
from kahvehane.server.limits import Limiter, StoreLimiter
from kahvehane.server.metrics import Metrics
from kahvehane.server.routes import (
    accounts,
    daily,
    matches,
    messages,
    ops,
    pages,
    social,
    tables,
    ws,
)
from kahvehane.server.routes.base import Context
from kahvehane.server.routes.security import SecurityHeaders
from kahvehane.server.salon import Salon
from kahvehane.server.settings import Settings

#: The API's and the WebSocket's routes, by area (the web client's files come last).
API_ROUTES: tuple[list[BaseRoute], ...] = (pages.ROUTES, accounts.ROUTES, daily.ROUTES,
                                           tables.ROUTES, matches.ROUTES, ws.ROUTES,
                                           ops.ROUTES, social.ROUTES, messages.ROUTES)


class SalonApp(Starlette):
    """Starlette with the security headers outermost: on every answer, also the ``500``
    that Starlette's own error middleware (outside any added middleware) would send."""

    def build_middleware_stack(self) -> ASGIApp:
        return SecurityHeaders(super().build_middleware_stack())


def make_salon(settings: Settings) -> Salon:
    """This process's table host: a cluster node on ``settings.redis_url``, else a
    salon of its own."""
    if settings.redis_url is not None:
        from kahvehane.server.cluster.node import ClusterSalon

        return ClusterSalon(settings)
    return Salon(settings)


def make_limiter(settings: Settings, salon: Salon) -> Limiter:
    """The limiter of accounts: in Redis on a cluster (one limit for every node of the
    salon), else in the database."""
    if settings.redis_url is not None:
        from kahvehane.server.cluster.limiter import RedisLimiter
        from kahvehane.server.cluster.redisbus import RedisBus

        assert isinstance(salon.bus, RedisBus)
        return RedisLimiter(salon.bus.redis, salon.bus.keys)
    return StoreLimiter(salon.store)


def make_context(settings: Settings, salon: Salon | None = None) -> Context:
    """The :class:`Context` the routes of a salon serve (``salon``: a given table host,
    else :func:`make_salon`'s)."""
    salon = salon if salon is not None else make_salon(settings)
    gateway = Gateway(salon)
    operated = settings.ops_token is not None or bool(settings.ops_allow)
    return Context(settings=settings, salon=salon, gateway=gateway,
                   limiter=make_limiter(settings, salon),
                   proxies=trusted_networks(settings.trusted_proxies),
                   metrics=Metrics(salon, gateway) if operated else None,
                   ops_allow=trusted_networks(settings.ops_allow))


def app_of(ctx: Context, routes: list[BaseRoute]) -> Starlette:
    """A Starlette app serving ``routes`` over ``ctx``, starting and stopping its salon
    with the app, every answer with the security headers (the way a route module is
    tested alone, and the salon's whole app)."""
    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await ctx.salon.start()
        try:
            yield
        finally:
            await ctx.salon.stop()

    app = SalonApp(routes=routes, lifespan=lifespan)
    app.state.context = ctx
    app.state.salon = ctx.salon
    app.state.gateway = ctx.gateway
    return app


def create_app(settings: Settings | None = None, salon: Salon | None = None) -> Starlette:
    """The salon's whole app: every route of :data:`API_ROUTES`, then the web client."""
    settings = settings or Settings()
    ctx = make_context(settings, salon)
    routes = [route for area in API_ROUTES for route in area]
    return app_of(ctx, routes + pages.static_routes(settings.static_dir))
