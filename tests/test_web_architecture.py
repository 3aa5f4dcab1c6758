"""The web client's module structure (issue 28 item 6), read from its source without a
browser: the ES modules under ``kahvehane/web/static/js`` import one another without a
circle, nothing imports the entry point ``app.js``, and a game family's module
(``js/games/*.js``, the ones the registry loads by family name) imports only ``ui.js``,
``i18n.js`` and the family helpers beside it (``games/*.js`` that are not family modules
themselves), as its ``create(ctx)`` contract says (docs/web.md "Modules")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

JS = Path(__file__).resolve().parent.parent / "kahvehane" / "web" / "static" / "js"

# import x from "./ui.js"; import {a, b} from "./ui.js"; export {x} from "./ui.js";
# import "./ui.js"; import("./ui.js") with a literal address
_STATIC = re.compile(r"""^\s*(?:import|export)\s[^;'"]*?\bfrom\s*["']([^"']+)["']""", re.M)
_BARE = re.compile(r"""^\s*import\s*["']([^"']+)["']""", re.M)
_DYNAMIC = re.compile(r"""\bimport\(\s*[`"']([^`"'$]+)[`"']\s*\)""")
# a template literal import(`./games/${family}.js`): every file the pattern can name
_DYNAMIC_TEMPLATE = re.compile(r"""\bimport\(\s*`([^`]*)\$\{[^}]+\}([^`]*)`\s*\)""")
_FAMILY = re.compile(r"^export function create\(", re.M)

Graph = dict[str, set[str]]


def _strip_comments(src: str) -> str:
    src = re.sub(r"/\*.*?\*/", "", src, flags=re.S)
    return re.sub(r"(?m)^\s*//.*$", "", src)


def imports_of(path: Path, root: Path = JS) -> set[str]:
    """The modules ``path`` imports, as paths relative to ``root`` ("games/okey.js")."""
    src = _strip_comments(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for spec in _STATIC.findall(src) + _BARE.findall(src) + _DYNAMIC.findall(src):
        found.add((path.parent / spec).resolve().relative_to(root.resolve()).as_posix())
    for head, tail in _DYNAMIC_TEMPLATE.findall(src):
        folder = (path.parent / head).resolve()
        for f in sorted(folder.glob("*" + tail)):
            found.add(f.relative_to(root.resolve()).as_posix())
    return found


def client_graph(root: Path = JS) -> Graph:
    return {p.relative_to(root).as_posix(): imports_of(p, root) for p in sorted(root.rglob("*.js"))}


def find_cycle(graph: Graph) -> list[str] | None:
    """One import circle as a path (first module repeated at its end), or None."""
    state: dict[str, int] = {}  # 1 on the stack, 2 done
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return [*stack[stack.index(nxt):], nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def family_modules(root: Path = JS) -> set[str]:
    return {p.relative_to(root).as_posix() for p in (root / "games").glob("*.js")
            if _FAMILY.search(p.read_text(encoding="utf-8"))}


def forbidden_imports(graph: Graph, families: set[str]) -> list[tuple[str, str]]:
    """(importer, imported) pairs where a file under games/ reaches outside its contract."""
    allowed_outside = {"ui.js", "i18n.js"}
    bad = []
    for mod, deps in sorted(graph.items()):
        if not mod.startswith("games/"):
            continue
        for dep in sorted(deps):
            helper = dep.startswith("games/") and dep not in families
            if dep not in allowed_outside and not helper:
                bad.append((mod, dep))
    return bad


def test_the_parser_reads_every_form_of_import(tmp_path: Path) -> None:
    (tmp_path / "games").mkdir()
    (tmp_path / "a.js").write_text(
        '// import { x } from "./nope.js";\n'
        'import { b } from "./b.js";\n'
        "import {\n  c,\n  d,\n} from './c.js';\n"
        'export { e } from "./e.js";\n'
        'import "./f.js";\n'
        'export function g() { return x !== "off"; }\n'
        "const m = await import(`./games/${f}.js`);\n", encoding="utf-8")
    for name in ("b.js", "c.js", "e.js", "f.js", "games/one.js", "games/two.js"):
        (tmp_path / name).write_text("export const z = 1;\n", encoding="utf-8")
    assert imports_of(tmp_path / "a.js", tmp_path) == {
        "b.js", "c.js", "e.js", "f.js", "games/one.js", "games/two.js"}


def test_the_checks_catch_a_circle_and_a_forbidden_import() -> None:
    graph = {"app.js": {"lobby.js"}, "lobby.js": {"shell.js", "app.js"}, "shell.js": set()}
    assert find_cycle(graph) == ["app.js", "lobby.js", "app.js"]
    assert find_cycle({"a.js": {"b.js"}, "b.js": set()}) is None
    families = {"games/okey.js", "games/koz_maca.js"}
    graph = {"games/okey.js": {"ui.js", "table.js"},
             "games/koz_maca.js": {"i18n.js", "games/tricks.js", "games/okey.js"},
             "games/tricks.js": {"ui.js"}}
    assert forbidden_imports(graph, families) == [
        ("games/koz_maca.js", "games/okey.js"), ("games/okey.js", "table.js")]


def test_the_client_has_no_import_circle() -> None:
    graph = client_graph()
    assert len(graph) > 10
    cycle = find_cycle(graph)
    assert cycle is None, "import circle: " + " → ".join(cycle or [])


def test_nothing_imports_the_entry_point() -> None:
    importers = [m for m, deps in client_graph().items() if "app.js" in deps]
    assert importers == []


def test_every_import_names_an_existing_module() -> None:
    graph = client_graph()
    missing = [(m, d) for m, deps in graph.items() for d in deps if d not in graph]
    assert missing == []


@pytest.mark.parametrize("family", ["games/okey.js", "games/koz_maca.js",
                                    "games/balayi_kingi.js", "games/casino.js"])
def test_each_family_module_is_found(family: str) -> None:
    assert family in family_modules()


def test_family_modules_import_only_ui_i18n_and_their_helpers() -> None:
    assert forbidden_imports(client_graph(), family_modules()) == []
