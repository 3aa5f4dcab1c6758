"""Time to the first move after "Hemen oyna", bots only (issue 29).

    .venv/bin/python bench/first_move.py [--game duz_okey] [--runs 7] [--phone]

Starts ``kahvehane serve`` with its default settings (the real bot pace and deal pause)
on a free port against SQLite in a temporary folder, and drives Debian's Chromium
through Playwright (``KAHVEHANE_CHROMIUM`` for another binary). Each run is a new
browser context (a new visitor, no cookie): the landing page is loaded and connected,
then "Hemen oyna" of ``--game`` is pressed, and the page's own clock
(``performance.now()``) is read:

* **table** — from the press to the table playing with the person's rack or hand on
  screen (the guest's sign-in, the `quick` answer, the snapshot and the first view);
* **first move** — from the press to the moment a move of the person's is possible
  (their turn, legal moves given): the table plus the bots' turns before the person's,
  at the salon's bot pace, when the deal does not start with them.

Nobody else is in the salon, so "Hemen oyna" waits for no one (pages.js quickWait).
Printed per run, then the median and the spread (min–max) of each; the last line is
``first-move: game=G runs=N table-ms=MEDIAN first-move-ms=MEDIAN``.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = os.environ.get("KAHVEHANE_CHROMIUM", "/usr/bin/chromium")

#: The table is playing and the person's tiles or cards are drawn.
TABLE_JS = """() => !!document.querySelector("#table[data-status='playing']")
  && !!document.querySelector('#rack [data-tile], #hand [data-card], #game .card')"""
#: A move of the person's is possible.
TURN_JS = """() => { const t = document.querySelector('#table');
  const v = window.kahvehane.app.view;
  return !!t && t.dataset.myTurn === '1' && !!v.match && !v.pending
    && (v.match.legal || []).length > 0; }"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def serve(folder: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    log = open(folder / "server.log", "ab")  # noqa: SIM115 - the process owns it
    proc = subprocess.Popen(
        [sys.executable, "-m", "kahvehane.cli", "serve", "--port", str(port),
         "--db", f"sqlite:///{folder / 'salon.sqlite3'}", "--log-level", "warning",
         "--new-accounts", "1000"],
        cwd=ROOT, stdout=log, stderr=subprocess.STDOUT,
        env={**os.environ, "PYTHONPATH": str(ROOT)})
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(url + "/api/health", timeout=1).status_code == 200:
                return proc, url
        time.sleep(0.1)
    proc.kill()
    raise RuntimeError("the server did not come up")


def one_run(browser: object, url: str, game: str, phone: bool) -> tuple[float, float]:
    size = {"width": 360, "height": 800} if phone else {"width": 1280, "height": 800}
    ctx = browser.new_context(base_url=url, viewport=size, is_mobile=phone,  # type: ignore[attr-defined]
                              has_touch=phone)
    try:
        page = ctx.new_page()
        page.set_default_timeout(60_000)
        page.goto("/")
        page.wait_for_selector(f"[data-play='{game}']")
        page.wait_for_selector("body[data-connected='1']")
        page.evaluate(f"""() => {{ window.__t0 = performance.now();
            document.querySelector("[data-play='{game}']").click(); }}""")
        page.wait_for_function(TABLE_JS, polling="raf")
        table = float(page.evaluate("performance.now() - window.__t0"))
        page.wait_for_function(TURN_JS, polling="raf")
        first = float(page.evaluate("performance.now() - window.__t0"))
        return table, first
    finally:
        ctx.close()


def spread(xs: list[float]) -> str:
    return f"median {statistics.median(xs):.0f} ms, min {min(xs):.0f}, max {max(xs):.0f}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="duz_okey")
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--phone", action="store_true", help="360×800, touch")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        proc, url = serve(Path(tmp))
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM,
                                            args=["--disable-dev-shm-usage", "--no-sandbox"])
                tables: list[float] = []
                firsts: list[float] = []
                for k in range(args.runs):
                    table, first = one_run(browser, url, args.game, args.phone)
                    tables.append(table)
                    firsts.append(first)
                    print(f"run {k + 1}: table {table:.0f} ms, first move {first:.0f} ms")
                browser.close()
        finally:
            proc.terminate()
            proc.wait(timeout=15)
    print(f"table:      {spread(tables)}")
    print(f"first move: {spread(firsts)}")
    print(f"first-move: game={args.game} runs={args.runs} "
          f"table-ms={statistics.median(tables):.0f} "
          f"first-move-ms={statistics.median(firsts):.0f}")


if __name__ == "__main__":
    main()
