"""The test tiers hold: a test that starts a server process or uses Redis without its
marker fails (so ``make quick`` never starts a salon), and ``make quick`` leaves out
every registered marker."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from tests.server.cluster import own_redis_server, require_redis
from tests.server.harness import spawn_server

ROOT = Path(__file__).resolve().parent.parent


def test_an_unmarked_test_cannot_start_a_server(tmp_path: Path) -> None:
    # the check comes before anything is run: `false` would exit at once
    with pytest.raises(pytest.fail.Exception, match="is not marked `server`"):
        spawn_server(["false"], tmp_path / "server.log", "http://127.0.0.1:9")
    assert not (tmp_path / "server.log").exists()


def test_an_unmarked_test_cannot_use_redis(tmp_path: Path) -> None:
    with pytest.raises(pytest.fail.Exception, match="is not marked `cluster`"):
        require_redis("redis://127.0.0.1:9/0")
    with pytest.raises(pytest.fail.Exception, match="is not marked `cluster`"), \
            own_redis_server(tmp_path):
        pass


@pytest.mark.server
def test_a_marked_test_passes_the_check(tmp_path: Path) -> None:
    # an exit before the health check answers is the harness's own error, past the check
    with pytest.raises(RuntimeError, match="the server exited"):
        spawn_server(["false"], tmp_path / "server.log", "http://127.0.0.1:9")


def _registered() -> set[str]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    lines = config["tool"]["pytest"]["ini_options"]["markers"]
    return {line.split(":", 1)[0] for line in lines}


def test_make_quick_leaves_out_every_marker() -> None:
    makefile = (ROOT / "Makefile").read_text()
    found = re.search(r'^QUICK := (.+)$', makefile, re.M)
    assert found, "the Makefile defines QUICK, make quick's selection"
    selection = found.group(1).strip()
    assert _registered() == {"browser", "server", "cluster", "slow"}
    for marker in _registered():
        assert f"not {marker}" in selection, (marker, selection)
    assert " or " not in selection

