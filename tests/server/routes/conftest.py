"""Route modules mounted alone over a salon on a temporary SQLite file, driven by
Starlette's TestClient: no server process, no port."""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from starlette.routing import BaseRoute

with warnings.catch_warnings():  # Starlette 1.x asks for httpx2; httpx is what we have
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from kahvehane.server.app import app_of, make_context
from kahvehane.server.settings import Settings

Mount = Callable[..., TestClient]


@pytest.fixture
def mount(tmp_path: Path) -> Iterator[Mount]:
    """``mount(routes, client=(address, port), **settings)``: a started TestClient
    serving only ``routes``, its requests coming from ``client`` (``db_url=`` another
    database). :func:`another` is a second person's client of the same app."""
    clients: list[TestClient] = []

    def make(routes: list[BaseRoute], client: tuple[str, int] = ("testclient", 50000),
             **settings: object) -> TestClient:
        given = {"db_url": f"sqlite:///{tmp_path / 'salon.sqlite3'}", "countdown": 0.2,
                 "bot_delay": 0, "deal_pause": 0, "static_dir": None, **settings}
        s = Settings(**given)  # type: ignore[arg-type]
        tc = TestClient(app_of(make_context(s), routes), client=client)
        tc.__enter__()
        clients.append(tc)
        return tc

    yield make
    for c in clients:
        c.__exit__(None, None, None)


def another(tc: TestClient, port: int = 50001) -> TestClient:
    """A second client of ``tc``'s app: its own cookies, the same event loop (``tc``'s
    portal: a table it opens lives on the loop the app's salon stops)."""
    other = TestClient(tc.app, client=("testclient", port))
    other.portal = tc.portal
    return other
