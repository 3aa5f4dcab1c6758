"""The examples in README.md and docs/*.md run as written (doctest)."""

from __future__ import annotations

import doctest
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
