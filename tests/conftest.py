"""The test tiers (tests/tiers.py): markers applied by fixture use, the running test
made known to the harness's checks, and the order and grouping of a parallel run.

Every test that uses the ``chromium`` fixture (tests/web) drives a browser against a
salon it starts, so it is marked ``browser`` and ``server`` here; every other marker is
written in the test's own module.

``make test`` runs ``pytest -n 2 --dist loadfile --no-loadscope-reorder``: each module
runs on one worker, so a server that a module's tests share (a module-scoped fixture:
tests/server/conftest.py's ``server``, the cluster's three nodes, the browser tests'
seeded salons) is started once, where plain ``load`` spreads a module over both workers
and each starts it. And the run begins with the modules of the long tiers (cluster,
server, browser, slow), so that the many quick modules fill its end and neither worker
is left alone with a two-minute test while the other idles. (``--dist loadgroup`` would
group finer, but pytest-xdist 3.8 cannot rename the nodes of pytest 9, so its groups
are silently ignored.)
"""

from __future__ import annotations

from collections.abc import Generator

import pytest
from hypothesis import HealthCheck, settings

from tests import tiers

# Hypothesis times each example (a 200 ms deadline) and how fast it draws its inputs (the
# too_slow health check). On a machine whose two cores are shared, both fail tests for
# the machine's load, not the code's behaviour: no test here asserts a time (speed is
# measured in bench/), so neither applies. Every example and every assertion still runs.
settings.register_profile("kahvehane", deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("kahvehane")

#: the tiers in the order a run takes them, the longest first; the browser's last of all
ORDER = ("cluster", "server", "slow")


def _rank(item: pytest.Item) -> int:
    # Playwright's sync API keeps an event loop running in its worker until the session
    # ends, so a test after a browser test on the same worker could not asyncio.run():
    # the browser tests come after everything else (their own tier, the longest first).
    if item.get_closest_marker("browser") is not None:
        return len(ORDER) + 1
    for i, name in enumerate(ORDER):
        if item.get_closest_marker(name) is not None:
            return i
    return len(ORDER)


def pytest_itemcollected(item: pytest.Item) -> None:
    # as each test is collected, so that every later hook sees the markers
    if "chromium" in getattr(item, "fixturenames", ()):
        item.add_marker(pytest.mark.browser)
        item.add_marker(pytest.mark.server)


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    # last: after pytest has put the tests that share a fixture side by side
    items.sort(key=_rank)  # stable: within a tier, the order pytest chose


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    # before the fixtures of the test are set up: a module-scoped ``server`` fixture
    # starts its process while the first test that needs it is being set up
    tiers.running(item)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item: pytest.Item) -> Generator[None, None, None]:
    try:
        return (yield)
    finally:
        tiers.running(None)
