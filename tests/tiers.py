"""The test tiers, kept honest: a test that starts a server process or uses Redis must be
marked so, or it fails.

``make quick`` runs ``-m "not browser and not server and not cluster and not slow"``;
that is only a quick tier if nothing it selects starts a salon, a browser or a cluster.
Rather than trust every file to remember its marker, the harness asks here before it
starts anything (``tests/server/harness.py``'s ``spawn_server``, ``tests/server/
cluster.py``'s Redis), and tests/conftest.py tells this module which test is running.
Outside pytest (a benchmark using the harness) nothing is checked.
"""

from __future__ import annotations

import pytest

_running: list[pytest.Item] = []


def running(item: pytest.Item | None) -> None:
    """Called by tests/conftest.py as each test's setup begins (``None`` once it ends)."""
    _running[:] = [] if item is None else [item]


def require(marker: str, what: str) -> None:
    """Fail the running test unless it carries ``marker``; ``what`` says what it was
    about to do (``"starts a server process"``)."""
    if not _running:
        return
    item = _running[0]
    if item.get_closest_marker(marker) is None:
        pytest.fail(
            f"{item.nodeid} {what} but is not marked `{marker}`: add"
            f" `pytestmark = pytest.mark.{marker}` to its module (or @pytest.mark.{marker}"
            f" to the test), so that `make quick` leaves it out", pytrace=False)
