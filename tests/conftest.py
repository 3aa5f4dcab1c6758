"""The test tiers (tests/tiers.py): markers applied by fixture use, and the running test
made known to the harness's checks.

Every test that uses the ``chromium`` fixture (tests/web) drives a browser against a
salon it starts, so it is marked ``browser`` and ``server`` here; every other marker is
written in the test's own module.
"""

from __future__ import annotations

from collections.abc import Generator

import pytest

from tests import tiers


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "chromium" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)
            item.add_marker(pytest.mark.server)


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
