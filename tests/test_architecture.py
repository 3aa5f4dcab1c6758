"""Layers point one way (DESIGN.md §1): cards/tiles → games → records/match → bots →
server → web. A game module never imports the match, records, CLI, server, database or
asyncio; notation imports no game."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "kahvehane"
FORBIDDEN_IN_GAMES = ("kahvehane.match", "kahvehane.records", "kahvehane.cli",
                      "kahvehane.server", "kahvehane.store", "kahvehane.bots",
                      "asyncio", "sqlalchemy", "sqlite3", "socket", "random")


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_games_import_nothing_above_them() -> None:
    files = list((PACKAGE / "games").rglob("*.py"))
    assert files
    for path in files:
        for name in _imports(path):
            for bad in FORBIDDEN_IN_GAMES:
                assert name != bad and not name.startswith(bad + "."), (
                    f"{path.relative_to(PACKAGE)} imports {name}"
                )


def test_notation_modules_import_no_game() -> None:
    for leaf in ("cards.py", "tiles.py", "rng.py", "errors.py"):
        for name in _imports(PACKAGE / leaf):
            assert not name.startswith("kahvehane.games"), f"{leaf} imports {name}"
