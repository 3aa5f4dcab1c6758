"""The same salon over plain ASGI messages (``kahvehane serve --ws asgi``), the path any
ASGI server gives: the other server tests run over the salon's direct line to uvicorn
(:mod:`kahvehane.server.wsdirect`), so these run a whole match with a spectator, the bad
input checks and a reconnect again over the fallback path."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest

from tests.server import test_games_e2e, test_resilience, test_salon
from tests.server.conftest import database
from tests.server.harness import Server

pytestmark = pytest.mark.server


@pytest.fixture(scope="module")
def asgi_server(backend: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp(f"asgi-{backend}")
    with database(backend, folder) as url:
        srv = Server(url, folder / "server.log",
                     extra=["--ws", "asgi", "--guest-chips", "5000", "--rate", "2000",
                            "--burst", "4000"])
        srv.start()
        try:
            yield srv
        finally:
            srv.stop()


def test_whole_match_over_asgi(asgi_server: Server, backend: str) -> None:
    asyncio.run(test_games_e2e.play_match(asgi_server, "koz_maca", f"asgi{backend[:2]}"))


def test_bad_input_over_asgi(asgi_server: Server, backend: str) -> None:
    test_salon.test_bad_input(asgi_server, backend)


def test_reconnect_over_asgi(asgi_server: Server, backend: str) -> None:
    test_resilience.test_reconnect_mid_match(asgi_server, backend)
