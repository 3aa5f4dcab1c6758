"""The web client's pure functions (the Okey rack model, the table's reducer, tiles in
words, ...) are tested by node's built-in test runner, without a browser, in
``tests/js/*.test.mjs``: ``node --test tests/js/``. This runs them from pytest so the
quick tier and the whole gate include them (node 20 is on the machine, /usr/bin/node)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NODE = os.environ.get("KAHVEHANE_NODE") or shutil.which("node") or "/usr/bin/node"


def test_the_client_units_pass_under_node() -> None:
    assert Path(NODE).exists(), f"node is missing ({NODE}): apt-get install -y nodejs"
    files = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "tests" / "js").glob("*.test.mjs"))
    assert len(files) >= 3
    done = subprocess.run([NODE, "--test", *files], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert "# fail 0" in done.stdout
