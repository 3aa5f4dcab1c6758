"""The weight of the table page (issue 29): what a browser fetches to show a table.

    .venv/bin/python bench/page_weight.py [--list]

The no-build client is served file by file from ``kahvehane/web/static``: the page is
``index.html``, the stylesheets and icons it links, and every ES module reachable from
``js/app.js`` — its static imports and the game modules ``registry.js`` imports on
demand (``import(`./games/${family}.js`)``: all of them are counted, as a salon of six
games loads them all). The manifest and the install icons (``icon-512``, maskable) are
left out: a browser fetches them only to install the app.

Printed: raw bytes and gzip bytes (level 6, what a front proxy's ``gzip on`` sends;
``kahvehane serve`` itself does not compress) per kind and in total; ``--list`` adds
every file. The last line is ``page-weight: raw=N gzip=M files=K``.
"""

from __future__ import annotations

import argparse
import gzip
import re
from pathlib import Path

STATIC = Path(__file__).resolve().parent.parent / "kahvehane" / "web" / "static"

#: ``import x from "./ui.js"``, ``export ... from "./table/socket.js"`` (a relative
#: module path after ``import`` or ``export``).
STATIC_IMPORT = re.compile(r"""(?:^|\s)(?:import|export)\b[^;'"]*?['"](\.{1,2}/[^'"]+\.js)['"]""",
                           re.M)
#: ``import(`./games/${family}.js`)``: every file the pattern can name.
DYNAMIC_IMPORT = re.compile(r"""import\(\s*`(\.{1,2}/[^`$]*)\$\{[^}]+\}([^`]*)`\s*\)""")
#: ``href="css/app.css"``, ``src="js/app.js"`` in the page (not the manifest).
LINKED = re.compile(r"""(?:href|src)="([^"]+)\"""")


def modules(entry: Path) -> list[Path]:
    """Every module reachable from ``entry``, in the order they are found."""
    seen: dict[Path, None] = {}
    todo = [entry]
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        seen[path] = None
        text = path.read_text(encoding="utf-8")
        for rel in STATIC_IMPORT.findall(text):
            todo.append((path.parent / rel).resolve())
        for head, tail in DYNAMIC_IMPORT.findall(text):
            folder = (path.parent / head).resolve()
            todo.extend(sorted(folder.glob(f"*{tail}")))
    return list(seen)


def page_files() -> dict[str, list[Path]]:
    """The files of the table page by kind: html, css, js, icons."""
    index = STATIC / "index.html"
    linked = [STATIC / ref for ref in LINKED.findall(index.read_text(encoding="utf-8"))
              if not ref.endswith(".webmanifest")]
    js = [p for p in linked if p.suffix == ".js"]
    return {
        "html": [index],
        "css": [p for p in linked if p.suffix == ".css"],
        "js": [m for entry in js for m in modules(entry.resolve())],
        "icons": list(dict.fromkeys(p for p in linked if p.suffix in (".svg", ".png"))),
    }


def weigh(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    return len(data), len(gzip.compress(data, compresslevel=6, mtime=0))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--list", action="store_true", help="print every file")
    args = ap.parse_args()
    total_raw = total_gz = count = 0
    for kind, files in page_files().items():
        raw = gz = 0
        for path in files:
            r, g = weigh(path)
            raw, gz = raw + r, gz + g
            if args.list:
                print(f"  {path.relative_to(STATIC)}: {r} raw, {g} gzip")
        print(f"{kind:6} files={len(files):3}  raw={raw:8,}  gzip={gz:8,}")
        total_raw, total_gz, count = total_raw + raw, total_gz + gz, count + len(files)
    print(f"{'total':6} files={count:3}  raw={total_raw:8,}  gzip={total_gz:8,}")
    print(f"page-weight: raw={total_raw} gzip={total_gz} files={count}")


if __name__ == "__main__":
    main()
