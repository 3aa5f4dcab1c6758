"""Layers point one way (docs/architecture.md, "The parts"; issue 15 item 7), read from
the source itself.

* **Layers:** notation (cards, tiles, rng, errors) → games → match/records → bots →
  server/store and the other programs (simulate, play) → the command line; the web client
  is static files that speak HTTP only. A module imports its own layer and those below,
  never one above. A game module imports nothing of the match, records, bots, server,
  store, CLI, asyncio or random.
* **No cycles** between modules. Every import a module makes when it is loaded counts,
  including those under ``if TYPE_CHECKING:`` (a cycle there is a cycle of the design,
  hidden from the interpreter). An import inside a function body runs on first use
  and is how a module names something above it lazily (the registry's engines, the
  command line's subcommands): it is not an edge of this graph.
* **A game's private names stay in its package:** no module outside
  ``kahvehane/games/<game>/`` imports ``_name`` from it, reads ``module._name`` of one of
  its modules, reads or writes a private attribute its classes define on an object of
  another module (``state._rounds``), or builds an object with ``object.__new__``
  instead of its constructor.
* **The table reaches the database through its recorder only:** no module of
  ``kahvehane/server/table/`` but ``recorder.py`` imports the store (any import,
  lazy ones included); the table's writes are the typed ``Recorder`` contract.
* **Clients ask the registry:** the modules above ``games/`` that are not a game's own
  (bots of a family, the family's web module) name no game id or family; every family
  has its web module.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from kahvehane.games import all_specs

PACKAGE = Path(__file__).resolve().parent.parent / "kahvehane"
GAMES = "kahvehane.games"
FORBIDDEN_IN_GAMES = ("kahvehane.match", "kahvehane.records", "kahvehane.cli",
                      "kahvehane.server", "kahvehane.store", "kahvehane.bots",
                      "asyncio", "sqlalchemy", "sqlite3", "socket", "random")

#: Lowest first. A module belongs to the layer of the longest prefix that names it.
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("notation", ("kahvehane", "kahvehane.cards", "kahvehane.tiles", "kahvehane.rng",
                  "kahvehane.errors", "kahvehane.fair")),
    ("games", ("kahvehane.games",)),
    ("match and records", ("kahvehane.match", "kahvehane.records", "kahvehane.okey",
                           "kahvehane.positions")),
    ("bots", ("kahvehane.bots",)),
    ("people", ("kahvehane.users",)),
    ("programs", ("kahvehane.server", "kahvehane.store", "kahvehane.simulate",
                  "kahvehane.play", "kahvehane.ladder", "kahvehane.rl")),
    ("command line", ("kahvehane.cli", "kahvehane.okey_cli")),
)

#: Modules above the games that serve every game alike (they ask the registry), and
#: packages all of whose modules do.
GENERIC_MODULES = ("kahvehane.match", "kahvehane.records", "kahvehane.positions",
                   "kahvehane.simulate",
                   "kahvehane.play", "kahvehane.cli", "kahvehane.bots", "kahvehane.bots.base",
                   "kahvehane.bots.random_bot", "kahvehane.bots.search")
GENERIC_PACKAGES = ("kahvehane.server", "kahvehane.store")
WEB_JS = PACKAGE / "web" / "static" / "js"
GENERIC_JS = ("app.js", "lobby.js", "table.js", "net.js", "ui.js", "i18n.js", "registry.js",
              "pages.js", "replay.js")


# ---------------------------------------------------------------------------- reading
@dataclass(frozen=True)
class Import:
    target: str  # a kahvehane module, or the dotted name of an outside one
    names: tuple[str, ...]  # the names of a ``from ... import``
    line: int
    eager: bool  # made when the module loads (module level, TYPE_CHECKING included)


@dataclass(frozen=True)
class Module:
    name: str
    path: Path
    tree: ast.Module

    @property
    def where(self) -> str:
        return str(self.path.relative_to(PACKAGE.parent))


def _name_of(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@cache
def modules() -> dict[str, Module]:
    return {_name_of(p): Module(_name_of(p), p, ast.parse(p.read_text(encoding="utf-8")))
            for p in sorted(PACKAGE.rglob("*.py"))}


@cache
def compiled() -> frozenset[str]:
    """Modules built from Cython (``_core.pyx``): importable, but not parsed here."""
    return frozenset(_name_of(p) for p in PACKAGE.rglob("*.pyx"))


def _known(name: str) -> bool:
    return name in modules() or name in compiled()


def _longest_module(name: str) -> str:
    """The most specific kahvehane module a dotted name lies in (``name`` itself for an
    outside module)."""
    probe = name
    while probe and not _known(probe):
        probe = probe.rpartition(".")[0]
    return probe or name


def _base(mod: Module, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    package = mod.name if mod.path.name == "__init__.py" else mod.name.rpartition(".")[0]
    for _ in range(node.level - 1):
        package = package.rpartition(".")[0]
    return f"{package}.{node.module}" if node.module else package


def _walk(tree: ast.AST, eager: bool) -> Iterator[tuple[ast.AST, bool]]:
    for child in ast.iter_child_nodes(tree):
        inner = eager and not isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef
                                         | ast.Lambda)
        yield child, inner
        yield from _walk(child, inner)


def imports(mod: Module) -> list[Import]:
    """Every import of ``mod``; ``from pkg import sub`` of a submodule is an import of
    ``pkg.sub``."""
    out: list[Import] = []
    for node, eager in _walk(mod.tree, True):
        if isinstance(node, ast.Import):
            out.extend(Import(_longest_module(a.name), (), node.lineno, eager)
                       for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = _base(mod, node)
            subs = [a.name for a in node.names if _known(f"{base}.{a.name}")]
            out.extend(Import(f"{base}.{s}", (), node.lineno, eager) for s in subs)
            rest = tuple(a.name for a in node.names if a.name not in subs)
            if rest:
                out.append(Import(_longest_module(base), rest, node.lineno, eager))
    return out


def internal(name: str) -> bool:
    return name == "kahvehane" or name.startswith("kahvehane.")


def layer_of(name: str) -> int | None:
    best: tuple[int, int] | None = None
    for rank, (_, prefixes) in enumerate(LAYERS):
        for prefix in prefixes:
            if (name == prefix or name.startswith(prefix + ".")) and (
                    best is None or len(prefix) > best[1]):
                best = (rank, len(prefix))
    return None if best is None else best[0]


def game_package(name: str) -> str | None:
    """``kahvehane.games.okey`` for any module of the Okey package; ``None`` for a module
    that is no game's (``games/base.py``, ``games/tricks/``, everything above)."""
    parts = name.split(".")
    if len(parts) >= 3 and parts[:2] == ["kahvehane", "games"]:
        pkg = ".".join(parts[:3])
        if pkg in modules() and modules()[pkg].path.name == "__init__.py":
            return pkg
    return None


# ---------------------------------------------------------------------------- layers
def test_games_import_nothing_above_them() -> None:
    files = list((PACKAGE / "games").rglob("*.py"))
    assert files
    for path in files:
        for imp in imports(modules()[_name_of(path)]):
            for bad in FORBIDDEN_IN_GAMES:
                name = imp.target
                assert name != bad and not name.startswith(bad + "."), (
                    f"{path.relative_to(PACKAGE)} imports {name}"
                )


def test_notation_modules_import_no_game() -> None:
    for leaf in ("cards.py", "tiles.py", "rng.py", "errors.py"):
        for imp in imports(modules()[_name_of(PACKAGE / leaf)]):
            assert not imp.target.startswith("kahvehane.games"), f"{leaf} imports {imp.target}"


def test_every_module_has_a_layer() -> None:
    lost = [m.where for m in modules().values() if layer_of(m.name) is None]
    assert not lost, f"modules in no layer (add them to LAYERS): {lost}"


def test_imports_point_down_the_layers() -> None:
    wrong = []
    for mod in modules().values():
        own = layer_of(mod.name)
        for imp in imports(mod):
            if not internal(imp.target):
                continue
            theirs = layer_of(imp.target)
            if own is not None and theirs is not None and theirs > own:
                wrong.append(f"{mod.where}:{imp.line} ({LAYERS[own][0]}) imports"
                             f" {imp.target} ({LAYERS[theirs][0]})")
    assert not wrong, "imports that point up:\n" + "\n".join(wrong)


TABLE = "kahvehane.server.table"
TABLE_RECORDER = "kahvehane.server.table.recorder"
STORE = "kahvehane.store"


def store_reaches(mod: Module) -> list[str]:
    """The imports of the store ``mod`` makes (every import, wherever it stands)."""
    return [f"{mod.where}:{imp.line} imports {imp.target}" for imp in imports(mod)
            if imp.target == STORE or imp.target.startswith(STORE + ".")]


def test_the_table_reaches_the_store_only_through_its_recorder() -> None:
    table = [m for m in modules().values() if m.name.startswith(TABLE + ".")]
    assert len(table) >= 10
    found = [line for m in table if m.name != TABLE_RECORDER for line in store_reaches(m)]
    assert not found, ("the table imports the store beside its recorder"
                       " (kahvehane/server/table/recorder.py):\n" + "\n".join(found))
    assert store_reaches(modules()[TABLE_RECORDER]), "the check sees no import at all"
    lazy = Module(f"{TABLE}.example", PACKAGE / "server" / "table" / "example.py",
                  ast.parse("def f():\n    from kahvehane.store.tables import save_seats\n"))
    assert store_reaches(lazy) == [
        "kahvehane/server/table/example.py:2 imports kahvehane.store.tables"]


# ---------------------------------------------------------------------------- cycles
def import_graph() -> dict[str, dict[str, int]]:
    """module → {module it imports when loaded: the line}."""
    graph: dict[str, dict[str, int]] = {}
    for mod in modules().values():
        edges = graph.setdefault(mod.name, {})
        for imp in imports(mod):
            if imp.eager and imp.target in modules() and imp.target != mod.name:
                edges.setdefault(imp.target, imp.line)
    return graph


def cycles(graph: dict[str, dict[str, int]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part: list[str] = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_the_cycle_finder_finds_cycles() -> None:
    graph = {"a": {"b": 1}, "b": {"c": 1}, "c": {"a": 1}, "d": {"a": 1}, "e": {}}
    assert cycles(graph) == [["a", "b", "c"]]
    assert cycles({"a": {"b": 1}, "b": {}}) == []


def test_no_import_cycles() -> None:
    graph = import_graph()
    lines = []
    for part in cycles(graph):
        inside = set(part)
        edges = [f"{modules()[a].where}:{line} imports {b}"
                 for a in part for b, line in sorted(graph[a].items()) if b in inside]
        lines.append(" / ".join(edges))
    assert not lines, "import cycles:\n" + "\n".join(lines)


def test_lazy_and_type_checking_imports_are_told_apart() -> None:
    tree = ast.parse("from typing import TYPE_CHECKING\n"
                     "if TYPE_CHECKING:\n    import kahvehane.match\n"
                     "def f():\n    import kahvehane.records\n")
    mod = Module("kahvehane.example", PACKAGE / "example.py", tree)
    eager = {i.target: i.eager for i in imports(mod)}
    assert eager == {"typing": True, "kahvehane.match": True, "kahvehane.records": False}


# ---------------------------------------------------------------------------- privacy
def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


@cache
def game_private_attributes() -> dict[str, str]:
    """Private attribute names the classes of each game package define (``self._x = ``,
    ``__slots__``, class-level ``_x``) → the package; a name that classes outside the
    games define too is left out (``obj._x`` could be either)."""
    out: dict[str, str] = {}
    elsewhere: set[str] = set()
    for mod in modules().values():
        pkg = game_package(mod.name)
        for name in _defined_attributes(mod.tree):
            if pkg is None:
                elsewhere.add(name)
            else:
                out.setdefault(name, pkg)
    return {name: pkg for name, pkg in out.items() if name not in elsewhere}


def _defined_attributes(tree: ast.AST) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            for item in node.body:
                if not isinstance(item, ast.Assign | ast.AnnAssign):
                    continue
                targets = item.targets if isinstance(item, ast.Assign) else [item.target]
                for t in targets:
                    if isinstance(t, ast.Name) and t.id == "__slots__" and isinstance(
                            item.value, ast.Tuple | ast.List):
                        names.update(e.value for e in item.value.elts
                                     if isinstance(e, ast.Constant) and isinstance(e.value, str))
                    elif isinstance(t, ast.Name) and _private(t.id):
                        names.add(t.id)
        elif (isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store)
              and isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
            names.add(node.attr)
    return {n for n in names if _private(n)}


def _game_module_aliases(mod: Module) -> dict[str, str]:
    """Names bound in ``mod`` to a module of a game package it is not part of."""
    own = game_package(mod.name)
    out: dict[str, str] = {}
    for node, _ in _walk(mod.tree, True):
        if isinstance(node, ast.Import):
            for a in node.names:
                target = _longest_module(a.name)
                if a.asname and game_package(target) not in (None, own):
                    out[a.asname] = target
        elif isinstance(node, ast.ImportFrom):
            base = _base(mod, node)
            for a in node.names:
                full = f"{base}.{a.name}"
                if _known(full) and game_package(full) not in (None, own):
                    out[a.asname or a.name] = full
    return out


def private_reaches(mod: Module) -> list[str]:
    """Where ``mod`` reaches a game package's private names from outside it."""
    own = game_package(mod.name)
    found: list[str] = []
    for imp in imports(mod):
        pkg = game_package(imp.target)
        if pkg is not None and pkg != own:
            found.extend(f"{mod.where}:{imp.line} imports {n} from {imp.target}"
                         for n in imp.names if _private(n))
    aliases = _game_module_aliases(mod)
    privates = {n: p for n, p in game_private_attributes().items() if p != own}
    mine = _defined_attributes(mod.tree)
    for node in ast.walk(mod.tree):
        if isinstance(node, ast.Attribute) and _private(node.attr):
            value = node.value
            if isinstance(value, ast.Name) and value.id in aliases:
                found.append(f"{mod.where}:{node.lineno} reads {value.id}.{node.attr}"
                             f" of {aliases[value.id]}")
            elif (node.attr in privates and node.attr not in mine
                  and not (isinstance(value, ast.Name) and value.id in ("self", "cls"))):
                found.append(f"{mod.where}:{node.lineno} uses .{node.attr}, private to"
                             f" {privates[node.attr]}")
        elif isinstance(node, ast.Call):
            func = node.func
            if (isinstance(func, ast.Attribute) and func.attr == "__new__"
                    and isinstance(func.value, ast.Name) and func.value.id == "object"
                    and not _is_type_of_self(node.args[0] if node.args else None)):
                found.append(f"{mod.where}:{node.lineno} builds an object with"
                             " object.__new__ instead of its constructor")
            if (isinstance(func, ast.Name) and func.id in ("getattr", "setattr")
                    and len(node.args) >= 2 and isinstance(node.args[1], ast.Constant)
                    and isinstance(node.args[1].value, str)
                    and node.args[1].value in privates and node.args[1].value not in mine):
                found.append(f"{mod.where}:{node.lineno} uses {func.id}(…,"
                             f" {node.args[1].value!r}), private to"
                             f" {privates[node.args[1].value]}")
    return found


def _is_type_of_self(arg: ast.expr | None) -> bool:
    """``type(self)``: a class copying its own instance."""
    return (isinstance(arg, ast.Call) and isinstance(arg.func, ast.Name)
            and arg.func.id == "type" and len(arg.args) == 1
            and isinstance(arg.args[0], ast.Name) and arg.args[0].id == "self")


def test_no_module_reaches_a_games_private_names() -> None:
    found = [line for mod in modules().values() for line in private_reaches(mod)]
    assert not found, "private names of a game used outside it:\n" + "\n".join(found)


def test_the_privacy_check_sees_each_kind_of_reach() -> None:
    attr, pkg = min(game_private_attributes().items())
    source = (f"from {pkg} import _hidden\nimport {pkg} as g\n"
              f"x = g._thing\ny = state.{attr}\nz = object.__new__(Cls)\n"
              f"w = getattr(state, {attr!r})\nok = object.__new__(type(self))\n")
    mod = Module("kahvehane.example", PACKAGE / "example.py", ast.parse(source))
    found = private_reaches(mod)
    assert [f.split(" ", 1)[1].split(" ")[0] for f in found] == [
        "imports", "reads", "uses", "builds", "uses"], found


# ---------------------------------------------------------------------------- registry
def _game_ids() -> frozenset[str]:
    # Families are not looked for in Python: "okey" is also the wild tile's name.
    return frozenset(s.id for s in all_specs())


def _docstrings(tree: ast.AST) -> set[int]:
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef
                      | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value,
                                                                     ast.Constant):
                out.add(id(body[0].value))
    return out


def named_games(mod: Module) -> list[str]:
    """String constants of ``mod`` (docstrings aside) that are a game id."""
    words = _game_ids()
    skip = _docstrings(mod.tree)
    return [f"{mod.where}:{node.lineno} names {node.value!r}"
            for node in ast.walk(mod.tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and id(node) not in skip and node.value in words]


def test_generic_modules_name_no_game() -> None:
    found = []
    for mod in modules().values():
        if mod.name in GENERIC_MODULES or any(
                mod.name == p or mod.name.startswith(p + ".") for p in GENERIC_PACKAGES):
            found.extend(named_games(mod))
    assert not found, "game ids written out above the games (ask the registry):\n" + \
        "\n".join(found)


def _js_code(path: Path) -> str:
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"(?m)^\s*//.*$|(?<=[;,{}()\s])//[^\n\"'`]*$", " ", text)


def test_the_web_client_names_no_game_outside_the_games_modules() -> None:
    found = []
    ids = sorted({s.id for s in all_specs()})
    families = sorted({s.family for s in all_specs()})
    for name in GENERIC_JS:
        code = _js_code(WEB_JS / name)
        for word in ids:
            if re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", code):
                found.append(f"{name} names the game {word}")
        if name != "i18n.js":  # its texts say "okey" as a word
            for word in families:
                if re.search(rf"[\"'`]{re.escape(word)}[\"'`]", code):
                    found.append(f"{name} names the family {word!r}")
    assert not found, "\n".join(found)


def test_every_family_has_its_web_module() -> None:
    for spec in all_specs():
        path = WEB_JS / "games" / f"{spec.family}.js"
        assert path.exists(), f"{spec.id}: no web module games/{spec.family}.js"
        assert re.search(r"export function create\(", path.read_text(encoding="utf-8")), (
            f"games/{spec.family}.js does not export create(ctx)")
