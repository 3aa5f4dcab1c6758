"""What a person does in the browser, as functions: sign in, open a table, start it, and
play moves through the page (clicks, drags, keys). Each game has a "mover" that makes one
move the way a person would, choosing among the moves the page highlights as legal."""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.server.harness import okey_chooser

Page = Any
State = dict[str, Any]

STATE_JS = """() => {
  const v = window.kahvehane.app.view;
  if (!v || !v.info) return null;
  const m = v.match;
  return {status: v.info.status, you: v.you, n: v.n, pending: v.pending,
          view: m ? m.view : null, legal: m ? (m.legal || []) : [],
          deal: m ? m.deal : null, score: m ? m.score : null, over: !!(m && m.over)};
}"""


def sign_in_guest(page: Page, name: str | None = None) -> None:
    page.goto("/")
    page.wait_for_selector("#guest-button")
    if name:
        page.fill("#guest-name", name)
    page.click("#guest-button")
    page.wait_for_selector("#create-form")
    page.wait_for_selector("body[data-connected='1']")


def sign_up(page: Page, name: str, password: str = "sifre-1234") -> None:
    page.goto("/")
    page.wait_for_selector("#account-form")
    page.fill("#auth-name", name)
    page.fill("#auth-password", password)
    page.click("#sign-up")
    page.wait_for_selector("#create-form")
    page.wait_for_selector("body[data-connected='1']")


def create_table(page: Page, game: str, options: dict[str, Any], *, entry: int | None = None,
                 clock: int = 120, sit: bool = True) -> str:
    """Fill the create-table form; returns the new table's id (from the address)."""
    page.select_option("#create-game", game)
    for key, value in options.items():
        sel = f"#opt-{key}"
        kind = page.get_attribute(sel, "data-kind")
        if kind == "bool":
            page.set_checked(sel, bool(value))
        elif page.evaluate(f"document.querySelector('{sel}').tagName") == "SELECT":
            page.select_option(sel, str(value))
        else:
            page.fill(sel, str(value))
    if entry is not None:
        page.fill("#create-entry", str(entry))
    page.fill("#create-clock", str(clock))
    page.set_checked("#create-sit", sit)
    page.click("#create-submit")
    page.wait_for_url("**/#/t/*")
    page.wait_for_selector("#table")
    if sit:
        page.wait_for_selector("#seat-list .who.me")
    table_id = page.url.split("#/t/")[1].split("?")[0]
    return str(table_id)


#: Notes whether a countdown element was ever in the page from now on.
WATCH_COUNTDOWN_JS = """() => {
  window.__sawCountdown = !!document.querySelector('#countdown');
  window.__sawQuickWait = !!document.querySelector('#quick-wait');
  new MutationObserver(() => {
    if (document.querySelector('#countdown')) window.__sawCountdown = true;
    if (document.querySelector('#quick-wait')) window.__sawQuickWait = true;
  }).observe(document.body, {childList: true, subtree: true});
}"""


def start_match(page: Page, *, people: int = 1) -> None:
    """The manager presses Start and the match begins: at once when no other person is
    seated (bots fill the rest: no countdown is ever shown), after the countdown when
    ``people`` (the people seated, the manager included) is more than one."""
    page.evaluate(WATCH_COUNTDOWN_JS)
    page.click("#start-button")
    page.wait_for_selector("#table[data-status='playing']")
    assert page.evaluate("() => window.__sawCountdown") is (people > 1), (
        f"{people} people seated: a countdown {'should' if people > 1 else 'should not'}"
        " have been shown")


def state(page: Page) -> State:
    s: State = page.evaluate(STATE_JS)
    return s


TURN_JS = """() => {
  if (document.querySelector('#match-result')) return {end: true};
  const t = document.querySelector('#table');
  if (!t || t.dataset.myTurn !== '1') return null;
  const v = window.kahvehane.app.view;
  const m = v.match;
  if (!m || v.pending || !(m.legal || []).length) return null;
  return {end: false, status: v.info.status, you: v.you, n: v.n, pending: v.pending,
          view: m.view, legal: m.legal, deal: m.deal, score: m.score, over: !!m.over};
}"""


def wait_turn_or_end(page: Page, timeout: float = 30_000) -> str:
    page.wait_for_selector("#table[data-my-turn='1'], #match-result", timeout=timeout)
    return "end" if page.locator("#match-result").count() else "turn"


def wait_turn(page: Page, timeout: float = 30_000) -> State | None:
    """Until it is our turn (the state then, as the page holds it) or the match is over
    (``None``)."""
    st: State = page.wait_for_function(TURN_JS, timeout=timeout).json_value()
    return None if st["end"] else st


def wait_after_move(page: Page, n_before: Any) -> None:
    """Until the move's events arrived (the event number moved on) and nothing is pending."""
    page.wait_for_function(
        """(n) => { const t = document.querySelector('#table');
                    return t && t.dataset.pending === '0' && t.dataset.n !== String(n); }""",
        arg=str(n_before))


def _into_view(source: Any) -> None:
    """Scroll ``source`` into view. A locator whose element the page draws anew while
    it is being scrolled to (a tile still sliding into the rack) is looked up again,
    twice at most."""
    for attempt in range(3):
        try:
            source.scroll_into_view_if_needed()
            return
        except PlaywrightError as exc:
            if "not attached" not in str(exc) or attempt == 2:
                raise


def drag(page: Page, source: Any, target: Any, steps: int = 6) -> None:
    """Press on ``source``, move to ``target`` in a few steps, release (pointer events)."""
    _into_view(source)
    sb = source.bounding_box()
    tb = target.bounding_box()
    assert sb and tb
    page.mouse.move(sb["x"] + sb["width"] / 2, sb["y"] + sb["height"] / 2)
    page.mouse.down()
    page.mouse.move(sb["x"] + sb["width"] / 2 + 8, sb["y"] + sb["height"] / 2 + 8, steps=2)
    page.mouse.move(tb["x"] + tb["width"] / 2, tb["y"] + tb["height"] / 2, steps=steps)
    page.mouse.up()


def touch_drag(page: Page, source: Any, target: Any, steps: int = 6) -> None:
    """The same with a finger: touch events through the DevTools protocol (a phone)."""
    _into_view(source)
    sb = source.bounding_box()
    tb = target.bounding_box()
    assert sb and tb
    cdp = page.context.new_cdp_session(page)
    x0, y0 = sb["x"] + sb["width"] / 2, sb["y"] + sb["height"] / 2
    x1, y1 = tb["x"] + tb["width"] / 2, tb["y"] + tb["height"] / 2
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart",
                                          "touchPoints": [{"x": x0, "y": y0}]})
    for k in range(1, steps + 1):
        x, y = x0 + (x1 - x0) * k / steps, y0 + (y1 - y0) * k / steps
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove",
                                              "touchPoints": [{"x": x, "y": y}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


Mover = Callable[[Page, State], None]
Hook = Callable[[Page, State, int], bool | None]


def play_until_end(page: Page, mover: Mover, *, hook: Hook | None = None,
                   max_moves: int = 3000) -> int:
    """Make moves with ``mover`` whenever it is our turn, until the final result shows.
    ``hook(page, state, k)`` runs before the k-th move (screenshots, reloads, ...); when
    it returns true it changed something, and the turn is looked at again."""
    moves = 0
    while moves < max_moves:
        st = wait_turn(page)
        if st is None:
            return moves
        if hook is not None and hook(page, st, moves):
            continue
        mover(page, st)
        wait_after_move(page, st["n"])
        moves += 1
    raise AssertionError(f"no end after {max_moves} moves")


# ---------------------------------------------------------------------- movers
def first_legal(page: Page, scope: str) -> None:
    """Click the first highlighted legal button inside ``scope``."""
    page.locator(f"{scope} [data-legal='1']").first.click()


def koz_maca_click(page: Page, st: State) -> None:
    if page.locator("#bid-panel").count():
        first_legal(page, "#bid-panel")
    else:
        first_legal(page, "#hand")


def by_keyboard(page: Page, st: State) -> None:
    """Arrow keys move among the legal choices; Enter plays the focused one."""
    page.keyboard.press("ArrowRight")
    focused = page.evaluate("document.activeElement && document.activeElement.dataset.legal")
    assert focused == "1", "the arrow key did not focus a legal move"
    page.keyboard.press("Enter")


def balayi_kingi_click(page: Page, st: State) -> None:
    if page.locator("#contract-panel").count():
        first_legal(page, "#contract-panel")
    else:
        first_legal(page, "#game")


def casino_click(page: Page, st: State) -> None:
    """Choose the first legal card of the hand, then its first listed move."""
    first_legal(page, "#hand")
    page.wait_for_selector("#move-panel [data-option]")
    page.locator("#move-panel [data-option]").first.click()


def okey_move(page: Page, st: State, *, keyboard: bool = False) -> None:
    """Draw from the pile (click or P), then discard by dragging the tile to the discard
    stack (or focus it and press Enter), or finish by dropping it on the indicator."""
    acts = {a["act"] for a in st["legal"]}
    if "draw" in acts:
        if keyboard:
            page.keyboard.press("p")
        else:
            page.click("#draw-pile")
        return
    choice = okey_chooser(st["view"], st["legal"], random.Random(0))  # the e2e player
    tile = page.locator(f"#rack [data-tile='{choice['tile']}']").last
    try:
        tile.wait_for(state="attached", timeout=10_000)
    except PlaywrightTimeout:
        raise AssertionError(_rack_mismatch(page, st, choice["tile"])) from None
    if choice["act"] == "finish":
        drag(page, tile, page.locator("#indicator"))
    elif keyboard:
        tile.focus()
        page.keyboard.press("Enter")
    else:
        drag(page, tile, page.locator("#discard-zone"))


def _rack_mismatch(page: Page, st: State, tile: str) -> str:
    """What the page showed when a legal tile was not on its rack (a diagnosis for a
    failure seen once under load, 2026-12-03, not reproduced since)."""
    now = state(page)
    table = page.evaluate("""() => { const t = document.querySelector('#table');
        const v = window.kahvehane.app.view;
        return t ? {n: t.dataset.n, pending: t.dataset.pending, myTurn: t.dataset.myTurn,
                    deal: t.dataset.deal,
                    busy: !!(v && v.game && v.game.busy && v.game.busy())} : null; }""")
    return (f"{tile} is legal (event {st['n']}) but not on the page's rack:"
            f" page {rack_blocks_in_page(page)}, the turn's rack {st['view'].get('rack')},"
            f" now event {now['n']} rack {now['view'].get('rack')}, #table {table}")


def okey_keyboard(page: Page, st: State) -> None:
    okey_move(page, st, keyboard=True)


# ---------------------------------------------------------------------- checks
def rack_blocks_in_page(page: Page) -> list[list[str]]:
    """The rack as the page shows it: blocks of adjacent tiles, row by row."""
    slots: list[str | None] = page.evaluate(
        """() => [...document.querySelectorAll('#rack .slot')].map(s => {
             const t = s.querySelector('[data-tile]'); return t ? t.dataset.tile : null; })""")
    blocks: list[list[str]] = []
    for row in (slots[:15], slots[15:]):
        cur: list[str] = []
        for x in row:
            if x:
                cur.append(x)
            elif cur:
                blocks.append(cur)
                cur = []
        if cur:
            blocks.append(cur)
    return blocks


def same_blocks(a: list[list[str]], b: list[list[str]]) -> bool:
    return sorted(sorted(x) for x in a) == sorted(sorted(x) for x in b)


def wait_rack_synced(page: Page, timeout: float = 10.0) -> list[list[str]]:
    """Until the server's rack (the last view) is the layout the page shows."""
    deadline = time.monotonic() + timeout
    while True:
        shown = rack_blocks_in_page(page)
        server = state(page)["view"]["rack"]
        if same_blocks(shown, server):
            return shown
        if time.monotonic() > deadline:
            raise AssertionError(f"rack not synced: page {shown} server {server}")
        time.sleep(0.05)


def final_result(page: Page) -> dict[str, Any]:
    """The final yazboz the page shows: header names, deal rows and totals."""
    page.wait_for_selector("#match-result #final-yazboz")
    data: dict[str, Any] = page.evaluate(
        """() => {
          const t = document.querySelector('#final-yazboz');
          const cells = (tr) => [...tr.children].map(c => c.textContent.trim());
          return {head: cells(t.tHead.rows[0]),
                  rows: [...t.tBodies[0].rows].map(cells),
                  foot: [...t.tFoot.rows].map(cells),
                  winner: document.querySelector('#winner-line').textContent};
        }""")
    return data


def screenshot(page: Page, folder: Path, name: str, *, both: bool = True) -> None:
    """Save a screenshot of the page; with ``both``, at desktop and at phone size."""
    vp = page.viewport_size
    page.screenshot(path=str(folder / f"{name}.png"))
    if not both:
        return
    other = {"width": 390, "height": 844} if vp["width"] > 600 else {"width": 1280, "height": 860}
    page.set_viewport_size(other)
    page.wait_for_timeout(150)
    suffix = "phone" if other["width"] < 600 else "desktop"
    page.screenshot(path=str(folder / f"{name}-{suffix}.png"))
    page.set_viewport_size(vp)
    page.wait_for_timeout(300)  # let the page settle at its own size again


def errors_seen(page: Page) -> int:
    """How many error answers the page has had from the server so far."""
    return int(page.evaluate("window.kahvehane.stats.errors"))


def next_refusal(page: Page, seen: int) -> tuple[dict[str, Any], str]:
    """The first error answer after ``seen`` of them, and the toast once it shows it."""
    page.wait_for_function("(n) => window.kahvehane.stats.errors > n", arg=seen)
    msg: dict[str, Any] = page.evaluate("window.kahvehane.errors.at(-1)")
    page.wait_for_selector("#toast.show.error")
    return msg, page.locator("#toast").text_content() or ""


#: Tiles and cards in words, as a player reads them (i18n.js tile_*, suit_*, rank_*).
_TILE_WORDS = {"tr": {"R": "kırmızı", "Y": "sarı", "B": "mavi", "K": "siyah",
                      "J": "sahte okey"},
               "en": {"R": "red", "Y": "yellow", "B": "blue", "K": "black",
                      "J": "the false okey"}}
_SUITS = {"tr": {"S": "maça", "H": "kupa", "D": "karo", "C": "sinek"},
          "en": {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}}
_RANKS = {"tr": {"A": "as", "K": "papaz", "Q": "kız", "J": "vale"},
          "en": {"A": "ace", "K": "king", "Q": "queen", "J": "jack"}}


def _worded(key: str, value: Any, lang: str) -> Any:
    if isinstance(value, list):
        return [_worded(key, v, lang) for v in value]
    if key in ("seat", "turn") and isinstance(value, int):
        return value + 1
    if key in ("tile", "tiles") and isinstance(value, str):
        if value == "J":
            return _TILE_WORDS[lang]["J"]
        return f"{_TILE_WORDS[lang][value[0]]} {int(value[1:])}"
    if key in ("card", "cards", "played") and isinstance(value, str):
        rank, suit = value[:-1], value[-1]
        rank = _RANKS[lang].get(rank, rank)
        suit = _SUITS[lang][suit]
        return f"{suit} {rank}" if lang == "tr" else f"{rank} of {suit}"
    return value


def coded_text(msg: dict[str, Any], lang: str) -> str:
    """What the page must show of a refusal in ``lang``: its ``i18n`` message from the
    catalogue (every game's messages, as ``GET /api/messages`` serves them) in a
    player's words — tiles and cards named, seats from 1 — and no rule number."""
    from kahvehane.errors import CATALOGUE
    from kahvehane.games import all_specs, get_game

    for spec in all_specs():
        get_game(spec.id)
    params = {k: _worded(k, v, lang) for k, v in msg["i18n"]["params"].items()}
    return CATALOGUE[msg["i18n"]["code"]].text(lang, params)


# What a person must never read: codes of tiles (B13) and cards (10H, QS), rule numbers
# (kural 16, rule 9, KM-9), message codes (not_your_turn).
CODES = {
    "tile code": re.compile(r"\b[RYBK](?:1[0-3]|[1-9])\b"),
    "card code": re.compile(r"\b(?:10|[2-9AKQJ])[SHDC]\b"),
    "rule number": re.compile(r"\b(?:kural|rule)\s*\d+|\b(?:KM|BK|C|B|O)-\d+\b", re.I),
    "message code": re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b"),
}
TEXTS_JS = """() => {
  const seen = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const n = walker.currentNode, p = n.parentElement;
    if (!p || !n.textContent.trim()) continue;
    const st = getComputedStyle(p);
    if (st.display === 'none' || st.visibility === 'hidden' || !p.getClientRects().length) continue;
    if (p.closest('script,style,noscript')) continue;
    seen.push(n.textContent.trim());
  }
  for (const e of document.querySelectorAll('[title],[aria-label]'))
    for (const v of [e.getAttribute('title'), e.getAttribute('aria-label')]) if (v) seen.push(v);
  seen.push(document.title);
  return seen;
}"""


def codes_in(texts: list[str]) -> list[tuple[str, str]]:
    """The texts (of TEXTS_JS) that show a code, a rule number or a message code."""
    return [(kind, text) for text in texts for kind, rx in CODES.items() if rx.search(text)]
