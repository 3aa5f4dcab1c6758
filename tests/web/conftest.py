"""Fixtures of the browser tests: the real server on a free port with a temporary SQLite
database, and Debian's Chromium driven by Playwright (the Python package).

Playwright's own browser download does not work here, so the tests launch
``/usr/bin/chromium`` (``make test`` installs it when it is missing; set
``KAHVEHANE_CHROMIUM`` to use another binary). Screenshots go to
``test-artifacts/web/`` (git-ignored).
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.server.harness import ROOT, free_port, spawn_server

ARTIFACTS = ROOT / "test-artifacts" / "web"
CHROMIUM = os.environ.get("KAHVEHANE_CHROMIUM", "/usr/bin/chromium")
DESKTOP: dict[str, Any] = {"viewport": {"width": 1280, "height": 860}}
PHONE: dict[str, Any] = {"viewport": {"width": 390, "height": 844}, "is_mobile": True,
                         "has_touch": True, "device_scale_factor": 2}

# Fast tables for tests: a 1-second countdown (the real one is 10), quick bots, a short
# pause between deals.
SERVER_FLAGS = ["--countdown", "1", "--bot-delay", "0.03", "--deal-pause", "0.4",
                "--log-level", "warning", "--new-accounts", "100000",
                # a test's guest opens a table a game, one after another, faster than
                # its finished tables close (--guest-idle-close)
                "--guest-tables-open", "20"]


class WebServer:
    """``kahvehane serve`` (or the seeded wrapper) in a subprocess on a free port."""

    def __init__(self, folder: Path, *, seeds: list[str] | None = None) -> None:
        self.folder = folder
        self.port = free_port()
        self.db = f"sqlite:///{folder / 'salon.sqlite3'}"
        self.seeds = seeds
        self.proc: subprocess.Popen[bytes] | None = None
        self.log = folder / "server.log"

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        env: dict[str, str] = {}
        if self.seeds:
            module = "tests.web.serve_seeded"
            env["KAHVEHANE_WEB_SEEDS"] = ",".join(self.seeds)
        else:
            module = "kahvehane.cli"
        args = [sys.executable, "-m", module, "serve", "--port", str(self.port),
                "--db", self.db, *SERVER_FLAGS]
        self.proc = spawn_server(args, self.log, self.url, env)

    def stop(self) -> None:
        if self.proc is None:
            return
        self.proc.terminate()
        try:
            self.proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.proc = None


@pytest.fixture(scope="session")
def chromium() -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: `make test` installs it (apt-get install -y"
                    " chromium), or set KAHVEHANE_CHROMIUM", pytrace=False)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM,
                                    args=["--disable-dev-shm-usage", "--no-sandbox"])
        try:
            yield browser
        finally:
            browser.close()


def running(tmp_path_factory: pytest.TempPathFactory, name: str,
            seeds: list[str] | None = None) -> Iterator[WebServer]:
    """A salon of its own in a fresh folder, started, then stopped: the body of every
    server fixture (``seeds``: deals the seeded wrapper deals first)."""
    srv = WebServer(tmp_path_factory.mktemp(name), seeds=seeds)
    srv.start()
    try:
        yield srv
    finally:
        srv.stop()


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebServer]:
    yield from running(tmp_path_factory, "web-salon")


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


@pytest.fixture
def new_page(chromium: Any, request: pytest.FixtureRequest
             ) -> Iterator[Callable[..., Any]]:
    """``new_page(server, phone=False)``: a page in a fresh browser context (its own
    cookies). Page errors fail the test; console messages go to the test's output."""
    contexts: list[Any] = []
    errors: list[str] = []

    def make(server: WebServer, *, phone: bool = False) -> Any:
        ctx = chromium.new_context(base_url=server.url, **(PHONE if phone else DESKTOP))
        ctx.set_default_timeout(20_000)
        contexts.append(ctx)
        page = ctx.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on("console", lambda m: print(f"[console {m.type}] {m.text}")
                if m.type in ("error", "warning") else None)
        return page

    yield make
    for ctx in contexts:
        with contextlib.suppress(Exception):
            ctx.close()
    assert not errors, f"JavaScript errors in the page: {errors}"
