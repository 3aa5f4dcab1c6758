"""kahvehane.rl sits above the bots and below nothing: no other module of the library
imports it (it is an optional extra whose dependencies may be missing), and it imports
no server, store or web module."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "kahvehane"


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_nothing_outside_rl_imports_it() -> None:
    for path in PACKAGE.rglob("*.py"):
        if (PACKAGE / "rl") in path.parents:
            continue
        for name in _imports(path):
            where = path.relative_to(PACKAGE)
            assert not name.startswith("kahvehane.rl"), f"{where} imports {name}"


def test_rl_imports_nothing_above_it() -> None:
    files = list((PACKAGE / "rl").rglob("*.py"))
    assert len(files) > 5
    for path in files:
        for name in _imports(path):
            for above in ("kahvehane.server", "kahvehane.store", "kahvehane.web", "asyncio"):
                assert not name.startswith(above), f"{path.name} imports {name}"
