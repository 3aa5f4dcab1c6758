"""Every word in Turkish (issue 21): a test walks the Turkish screens — the signed-out
lobby, the create form of every game, a table waiting, each game's felt and move log
while it is played, the key help, the final result (with its chips explained), the
match page of a finished match (its replay) — and checks that no text of the
English catalogues (the page's own strings, the server's messages, the games' labels
and notes) appears on them, in the text or in a tooltip, and that the match page shows
no tile or card code, rule number or message code."""

from __future__ import annotations

import re
import secrets
import time
from pathlib import Path
from typing import Any

from tests.web.conftest import WebServer
from tests.web.helpers import TEXTS_JS, codes_in, create_table, screenshot, sign_in_guest

Page = Any

# The text a person sees: the page's text, tooltips, placeholders, labels for readers.
SEEN_JS = """() => [document.body.innerText,
  ...[...document.querySelectorAll('[title],[placeholder],[aria-label]')].flatMap(
      e => [e.title, e.placeholder, e.getAttribute('aria-label')].filter(Boolean))
].join('\\n')"""

CATALOGUES_JS = """async () => {
  const i18n = await import('/js/i18n.js');
  const messages = (await (await fetch('/api/messages')).json()).messages;
  const games = (await (await fetch('/api/games')).json()).games;
  const texts = {en: [], tr: []};
  const add = (o) => { if (o && typeof o === 'object') { for (const l of ['en', 'tr'])
                         if (typeof o[l] === 'string') texts[l].push(o[l]); } };
  for (const l of ['en', 'tr']) texts[l].push(...Object.values(i18n.allStrings(l)));
  Object.values(messages).forEach(add);
  for (const g of games) {
    add(g.name); add(g.description);
    for (const o of Object.values(g.options)) {
      add(o.label); add(o.note); (o.choice_labels || []).forEach(add);
    }
  }
  return texts;
}"""


def english_fragments(texts: dict[str, list[str]]) -> set[str]:
    """The pieces of English templates (between their ``{params}``) that a Turkish
    screen must not show: long enough to mean something, and in no Turkish text (game
    terms such as "Okey" or "Kasa" are the same in both)."""
    turkish = "\n".join(texts["tr"])
    out: set[str] = set()
    for template in texts["en"]:
        for piece in re.split(r"\{[^}]*\}", template):
            piece = piece.strip(" .,:;!?()—–-·'\"")
            if len(piece) < 5 or not re.search(r"[A-Za-z]{3}", piece):
                continue
            if " " not in piece and len(piece) < 7:
                continue
            if piece not in turkish:
                out.add(piece)
    return out


class Walk:
    """What the Turkish screens showed, collected screen by screen."""

    def __init__(self, fragments: set[str]) -> None:
        self.fragments = fragments
        self.found: dict[str, set[str]] = {}
        self.log_lines: dict[str, set[str]] = {}

    def look(self, page: Page, screen: str) -> None:
        seen = str(page.evaluate(SEEN_JS))
        hits = {f for f in self.fragments if f in seen}
        if hits:
            self.found.setdefault(screen, set()).update(hits)

    def watch_match(self, page: Page, screen: str) -> int:
        """Look at the screen again and again while a match is played, to its result;
        how many times the move log was seen."""
        logs = 0
        deadline = time.monotonic() + 240
        while not page.locator("#match-result").count():
            assert time.monotonic() < deadline, f"{screen}: the match did not end"
            self.look(page, screen)
            lines = page.eval_on_selector_all("#event-log li", "els => els.map(e => e.textContent)")
            self.log_lines.setdefault(screen, set()).update(lines)
            logs += bool(lines)
            page.wait_for_timeout(120)
        self.look(page, screen + " (result)")
        return logs


BOT_TABLES: list[tuple[str, dict[str, Any], int | None]] = [
    ("duz_okey", {"deals": 3}, None),
    ("kdv_okey", {"deals": 3}, None),
    ("koz_maca", {"finish_score": 1}, 10),
    ("balayi_kingi", {}, None),
    ("casino", {"players": 4, "target": 1}, None),
    ("royal_casino", {"players": 2, "target": 1}, None),
]


def _chip_lines(page: Page, entry: int, artifacts: Path) -> None:
    """The result of a match with an entry explains every chip movement (issue 29): the
    entries, the share that went to the Kasa, the winner's share; the lines add up to
    each seat's net."""
    lines = page.eval_on_selector_all("#chip-moves li", "els => els.map(e => e.textContent)")
    chips = page.evaluate("window.kahvehane.app.view.result.chips")
    assert lines[0] == f"Giriş: her oyuncu ortaya {entry} çip koydu (ortada {4 * entry} çip)."
    assert f"Ortadaki {entry} çip Kasa'ya gitti." in lines
    assert any(x.endswith(f"ortadaki {3 * entry} çipi aldı (kazananın payı).") for x in lines)
    # one line a movement (the four entries in one), and one for a Kasa carried over
    moves = chips["transfers"]
    assert len(lines) == len(moves) - 3 + (chips["kasa"] > 0) + (chips["kasa_before"] > 0)
    if any(m["from"] == "kasa" for m in moves):
        assert any("Kasa'yı aldı" in x for x in lines)
    page.set_viewport_size({"width": 360, "height": 800})
    page.screenshot(path=str(artifacts / "tr-koz_maca-chips-360x800.png"))
    page.set_viewport_size({"width": 1280, "height": 800})
    page.screenshot(path=str(artifacts / "tr-koz_maca-chips-1280x800.png"))


def test_no_english_on_the_turkish_screens(server: WebServer, new_page: Any,
                                           artifacts: Path) -> None:
    page = new_page(server)
    page.goto("/")
    page.wait_for_selector("#guest-button")
    walk = Walk(english_fragments(page.evaluate(CATALOGUES_JS)))
    assert len(walk.fragments) > 100  # the catalogues were read
    walk.look(page, "lobby, signed out")
    screenshot(page, artifacts, "lobby-signed-out")
    sign_in_guest(page, f"Misafir{secrets.token_hex(2)}")
    games = page.eval_on_selector_all("#create-game option", "els => els.map(e => e.value)")
    for game in games:
        page.select_option("#create-game", game)
        walk.look(page, f"create form: {game}")
    matches: dict[str, str] = {}
    for game, options, entry in BOT_TABLES:
        page.goto("/")
        page.wait_for_selector("#create-form")
        create_table(page, game, options, entry=entry, sit=False)
        walk.look(page, f"{game}: waiting")
        page.click("#start-button")
        page.wait_for_selector("#table[data-status='playing']")
        page.keyboard.press("?")
        walk.look(page, f"{game}: key help")
        page.keyboard.press("Escape")
        assert walk.watch_match(page, game) > 0, f"{game}: no move log seen"
        screenshot(page, artifacts, f"tr-{game}-result", both=False)
        matches[game] = str(page.get_attribute("#table", "data-match"))
        if entry:
            _chip_lines(page, entry, artifacts)
        page.click("#close-result")
        walk.look(page, f"{game}: after the match")
    # The match page (#/m/ID, the replay) of a finished match: at its start, after a
    # few moves, at its end — in Turkish words, no code.
    codes: list[tuple[str, str]] = []
    for game in ("duz_okey", "koz_maca"):
        page.goto(f"/#/m/{matches[game]}")
        page.wait_for_selector("#replay-controls")
        for step in ("start", "moves", "end"):
            if step == "moves":
                for _ in range(3):
                    page.click("#replay-next")
            elif step == "end":  # the last deal's end: the match's totals
                last = page.eval_on_selector_all("#replay-deal option", "els => els.length") - 1
                page.select_option("#replay-deal", str(last))
                page.wait_for_function(
                    "(k) => document.querySelector('#replay-deal').value === String(k)", arg=last)
                page.click("#replay-last")
                page.wait_for_selector("#replay-totals")
            walk.look(page, f"match page {game}: {step}")
            codes += [(f"match page {game}: {step}: {k}", t)
                      for k, t in codes_in(page.evaluate(TEXTS_JS))]
        screenshot(page, artifacts, f"tr-match-page-{game}", both=False)
    assert codes == [], codes
    assert walk.found == {}, f"English on Turkish screens: {walk.found}"
    # The move log reads in the past tense, tiles by colour, cards by rank and suit.
    past = re.compile(r" (attı|aldı|çekti|bitti|dedi|seçti|yere bıraktı|yaptı)\b|aldı$|"
                      r"gösterge yaptı|^Eli |^İlk kart|^Koz kırıldı|^Kasa hakkı")
    for screen, lines in walk.log_lines.items():
        odd = [x for x in lines if not past.search(x)]
        assert not odd, f"{screen}: log lines not in plain Turkish: {odd}"
    okey_lines = walk.log_lines["duz_okey"] | walk.log_lines["kdv_okey"]
    assert any(re.search(r"(kırmızı|sarı|mavi|siyah) \d+ attı$", x) for x in okey_lines)
    assert any(re.search(r" soldan .+ aldı$", x) for x in okey_lines)
    words = page.evaluate("""async () => { const m = await import('/js/games/okey.js');
        return [m.tileWords('Y10', 'R7', true), m.tileWords('R7', 'R7', true),
                m.tileWords('J', 'R7', true), m.tileWords('K6', 'R7', true),
                m.tileWords('B3', 'R7')]; }""")
    assert words == ["sarı 10'u", "okeyi", "sahte okeyi", "siyah 6'yı", "mavi 3"]
    # The same look finds the English once the page speaks English (it can fail).
    page.goto("/")
    page.wait_for_selector("#create-form")
    page.click("#lang-switch")
    page.wait_for_selector("html[lang='en']")
    walk.look(page, "lobby in English")
    assert walk.found.get("lobby in English")
