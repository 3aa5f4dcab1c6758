"""The server's and the store's modules import one another without a cycle — counting
every import, also those under ``TYPE_CHECKING`` and inside functions — the table knows
no sockets, and neither names a game."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from kahvehane.games import all_specs

PACKAGE = Path(__file__).resolve().parents[2] / "kahvehane"
LAYERS = ("server", "store")

#: What a table must never reach: sockets, the web stack, and the parts that own them.
SOCKET_SIDE = ("starlette", "uvicorn", "websockets", "socket", "kahvehane.server.app",
               "kahvehane.server.routes", "kahvehane.server.guard",
               "kahvehane.server.connection", "kahvehane.server.gateway",
               "kahvehane.server.wsdirect", "kahvehane.server.salon", "kahvehane.server.bus",
               "kahvehane.server.run")


def _module(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> set[str]:
    """Every module ``path`` imports, wherever the import statement is."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    here = _module(path)
    package = here if path.name == "__init__.py" else here.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*up, base] if base else up)
            out.add(base)
            out.update(f"{base}.{alias.name}" for alias in node.names)
    return out


def _graph() -> dict[str, set[str]]:
    files = {_module(p): p for layer in LAYERS for p in (PACKAGE / layer).rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in files.items():
        edges = set()
        for imported in _imports(path):
            # importing a.b.c runs a/__init__ and a/b/__init__ too, unless they hold name
            parts = imported.split(".")
            for i in range(len(parts), 0, -1):
                target = ".".join(parts[:i])
                if target in files and target != name and not name.startswith(target + "."):
                    edges.add(target)
        graph[name] = edges
    return graph


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return [*stack[stack.index(nxt):], nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return None


def test_the_graph_sees_the_packages() -> None:
    graph = _graph()
    assert "kahvehane.server.table.actor" in graph["kahvehane.server.salon"] or \
        "kahvehane.server.table" in graph["kahvehane.server.salon"]
    assert "kahvehane.server.salon" in graph["kahvehane.server.gateway"]
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]


def test_no_import_cycle_in_the_server_and_the_store() -> None:
    assert _cycle(_graph()) is None, f"import cycle: {' -> '.join(_cycle(_graph()) or [])}"


def test_the_table_knows_no_sockets() -> None:
    files = list((PACKAGE / "server" / "table").rglob("*.py"))
    assert len(files) >= 8
    for path in files:
        for name in _imports(path):
            for bad in SOCKET_SIDE:
                assert name != bad and not name.startswith(bad + "."), (
                    f"{path.relative_to(PACKAGE)} imports {name}")


def test_no_game_is_named_above_the_registry() -> None:
    """The server and the store ask the registry (GameSpec): no game id, no game's
    free action in a string of their code."""
    words = {s.id for s in all_specs()} | {a for s in all_specs() for a in s.free_actions}
    assert {"koz_maca", "arrange"} <= words
    named = re.compile("[\"']({})[\"']".format("|".join(sorted(words))))
    for layer in LAYERS:
        for path in (PACKAGE / layer).rglob("*.py"):
            found = named.findall(path.read_text(encoding="utf-8"))
            assert not found, f"{path.relative_to(PACKAGE)} names {sorted(set(found))}"
        assert not (PACKAGE / layer / "games_info.py").exists()
