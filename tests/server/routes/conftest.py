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
    """``mount(routes, **settings)``: a started TestClient serving only ``routes``."""
    clients: list[TestClient] = []

    def make(routes: list[BaseRoute], **settings: object) -> TestClient:
        s = Settings(db_url=f"sqlite:///{tmp_path / 'salon.sqlite3'}", countdown=0.2,
                     bot_delay=0, deal_pause=0, static_dir=None, **settings)  # type: ignore[arg-type]
        client = TestClient(app_of(make_context(s), routes))
        client.__enter__()
        clients.append(client)
        return client

    yield make
    for c in clients:
        c.__exit__(None, None, None)
