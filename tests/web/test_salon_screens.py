"""Issue 29 in the browser: every game's table fits a phone (360×800, 390×844, 430×932),
a landscape phone (844×390) and a desktop (1280×800) with no sideways scroll, every rack
slot or card of your hand and every seat's name in view; moves animate and
``prefers-reduced-motion`` stops them; the one mute switch silences every sound; no
screen, in either language, shows a tile or card code, a rule number or a message code
(in its text, tooltips or aria-labels); and axe-core finds no serious or critical
accessibility violation. Screenshots of every screen at every size go to
``test-artifacts/web/screens/``.

axe-core comes from the npm registry: ``npm ci --prefix tests/web/axe`` (pinned in
tests/web/axe/package.json)."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import WebServer, running
from tests.web.helpers import (
    TEXTS_JS,
    codes_in,
    create_table,
    drag,
    okey_move,
    sign_in_guest,
    sign_up,
    start_match,
    state,
    wait_after_move,
    wait_rack_synced,
    wait_turn,
)
from tests.web.test_okey import FINISH_SEAT, FINISH_SEED

Page = Any
SIZES = [(360, 800), (390, 844), (430, 932), (844, 390), (1280, 800)]
GAMES = ["duz_okey", "kdv_okey", "koz_maca", "okey_101", "balayi_kingi", "casino", "royal_casino"]
AXE = Path(__file__).resolve().parent / "axe" / "node_modules" / "axe-core" / "axe.min.js"

MEASURE_JS = """() => {
  const vw = innerWidth, vh = innerHeight;
  const out = (el) => { const r = el.getBoundingClientRect();
    return r.left < -0.5 || r.right > vw + 0.5 || r.top < -0.5 || r.bottom > vh + 0.5; };
  const mine = [...document.querySelectorAll('#rack .slot, #game .card')];
  const names = [...document.querySelectorAll('.felt .seat-tag .name')];
  return {scroll: document.documentElement.scrollWidth, vw, mine: mine.length,
          mineOut: mine.filter(out).length, names: names.length,
          namesOut: names.filter(e => out(e) || e.scrollWidth > e.clientWidth + 1)
                         .map(e => e.textContent)};
}"""

def _player() -> str:
    return "Oyuncu" + "".join(secrets.choice("abcdefgh") for _ in range(4))


def _play_now(page: Page, game: str) -> None:
    page.goto("/")
    page.click(f"[data-play='{game}']")
    page.wait_for_url("**/#/t/*")
    page.wait_for_selector("#table[data-status='playing']")
    assert wait_turn(page) is not None


def _shot(page: Page, artifacts: Path, name: str) -> None:
    folder = artifacts / "screens"
    folder.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(folder / f"{name}.png"))


@pytest.mark.parametrize("game", GAMES)
def test_the_table_fits_every_size_during_play(server: WebServer, new_page: Any,
                                               artifacts: Path, game: str) -> None:
    page = new_page(server)
    # the layout is measured, not the motion: a card or tile in flight (the bots play on
    # while the page is measured) is not where it will lie
    page.emulate_media(reduced_motion="reduce")
    sign_up(page, _player())
    _play_now(page, game)
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_function(f"() => innerWidth === {width}")
        page.evaluate("() => new Promise(r => requestAnimationFrame(() => r()))")
        m = page.evaluate(MEASURE_JS)
        _shot(page, artifacts, f"table-{game}-{width}x{height}")
        assert m["scroll"] <= m["vw"], f"{game} at {width}×{height} scrolls sideways: {m}"
        assert m["mine"] > 0 and m["mineOut"] == 0, f"{game} {width}×{height}: {m}"
        assert m["names"] >= 2 and m["namesOut"] == [], f"{game} {width}×{height}: {m}"
        if width < 900 or height < 500:  # the table takes the screen during play
            assert not page.locator("#header").is_visible()
            assert page.locator("#chat-toggle").is_visible()


def _okey_moves(page: Page, count: int) -> None:
    for _ in range(count):
        st = wait_turn(page)
        assert st is not None
        okey_move(page, st)
        wait_after_move(page, st["n"])


def test_moves_animate_and_sound_and_the_switches_stop_them(
        server: WebServer, new_page: Any, chromium: Any, artifacts: Path) -> None:
    page = new_page(server)
    sign_up(page, _player())
    _play_now(page, "duz_okey")
    _okey_moves(page, 4)  # two turns: the bots' discards slide in, tiles go "tak"
    page.wait_for_function("() => (window.kahvehane.stats.animations || 0) > 0")
    played = page.evaluate("window.kahvehane.stats.played || {}")
    assert played.get("tak", 0) > 0
    # the one switch mutes every sound
    page.click("#sound-switch")
    assert page.get_attribute("#sound-switch", "aria-pressed") == "false"
    before = page.evaluate("window.kahvehane.stats.sounds")
    _okey_moves(page, 4)
    assert page.evaluate("window.kahvehane.stats.sounds") == before
    _shot(page, artifacts, "table-muted")
    # a person who asked for less motion sees none
    ctx = chromium.new_context(base_url=server.url, reduced_motion="reduce",
                               viewport={"width": 390, "height": 844})
    try:
        calm = ctx.new_page()
        sign_up(calm, _player())
        _play_now(calm, "duz_okey")
        _okey_moves(calm, 4)
        assert calm.evaluate("window.kahvehane.stats.animations || 0") == 0
        assert calm.evaluate("document.getAnimations().length") == 0
        assert calm.evaluate("matchMedia('(prefers-reduced-motion: reduce)').matches")
    finally:
        ctx.close()


def _screens(page: Page, name: str) -> list[tuple[str, str]]:
    """(screen, address) of every page a player walks through."""
    return [("landing", "#/"), ("leaderboard", "#/lb/duz_okey"),
            ("profile", f"#/u/{name}"), ("friends", "#/friends")]


def _axe(page: Page) -> list[str]:
    assert AXE.exists(), "axe-core is missing: npm ci --prefix tests/web/axe"
    # evaluated by the driver, as the page's Content-Security-Policy refuses an inline
    # script (add_script_tag) and the salon serves no copy of axe
    page.evaluate(AXE.read_text(encoding="utf-8"))
    found: list[dict[str, Any]] = page.evaluate(
        "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
        ".map(v => ({id: v.id, impact: v.impact, nodes: v.nodes.map(n => n.target.join(' '))"
        ".slice(0, 3)}))")
    return [f"{v['id']} ({v['impact']}): {v['nodes']}" for v in found
            if v["impact"] in ("serious", "critical")]


@pytest.mark.parametrize("width", [1280, 390])
def test_every_screen_speaks_plainly_and_passes_axe(server: WebServer, new_page: Any,
                                                    artifacts: Path, width: int) -> None:
    page = new_page(server, phone=width < 900)
    name = _player()
    sign_up(page, name)
    problems: list[str] = []
    switch: dict[str, str | None] = {}
    for lang in ("tr", "en"):
        page.evaluate(f"localStorage.setItem('kahvehane.lang', '{lang}')")
        page.reload()  # the page reads the language as it loads (a hash change would not)
        page.wait_for_selector("body[data-connected='1']")
        switch[lang] = page.locator("#lang-switch").text_content()
        for screen, address in _screens(page, name):
            page.goto("/" + address)
            page.wait_for_selector("body[data-connected='1']")
            page.wait_for_selector("#main > *:not(.loading)")
            page.wait_for_timeout(300)  # the page's data arrive (no assertion on time)
            _shot(page, artifacts, f"{screen}-{lang}-{width}")
            seen = page.evaluate(TEXTS_JS)
            problems += [f"{screen}/{lang}: {k}: {t!r}" for k, t in codes_in(seen)]
            problems += [f"{screen}/{lang}: axe {v}" for v in _axe(page)]
        for game in ("duz_okey", "koz_maca", "okey_101"):
            _play_now(page, game)
            if game == "duz_okey":
                _okey_moves(page, 2)
            _shot(page, artifacts, f"table-{game}-{lang}-{width}")
            problems += [f"table {game}/{lang}: {k}: {t!r}"
                         for k, t in codes_in(page.evaluate(TEXTS_JS))]
            problems += [f"table {game}/{lang}: axe {v}" for v in _axe(page)]
            log = page.evaluate("window.kahvehane.app.view.logLines()")
            assert all(not codes_in([x]) for x in log), log
        page.evaluate("localStorage.removeItem('kahvehane.lang')")
    assert switch["tr"] != switch["en"], switch  # the English pass was in English
    assert problems == [], "\n".join(problems)
    assert state(page)["status"] == "playing"


@pytest.fixture(scope="module")
def finish_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebServer]:
    yield from running(tmp_path_factory, "web-finish", [FINISH_SEED])


def _is_meld(block: list[str], okey: str) -> bool:
    """A run or a group of docs/rules/okey.md rules 11-12 (okeys wild, the false okey
    standing for the okey's tile), as the page laid it out."""
    real = [okey if x == "J" else x for x in block if x != okey]
    wilds = len(block) - len(real)
    if len(block) < 3:
        return False
    colours = {x[0] for x in real}
    numbers = [int(x[1:]) for x in real]
    if len(set(numbers)) <= 1 and len(colours) == len(real) and len(block) <= 4:
        return True  # a group
    if len(colours) != 1 or len(set(numbers)) != len(numbers):
        return False
    for low in range(1, 13):  # the run's numbers low..low+len-1, 14 read as 1
        want = [(low + i - 1) % 13 + 1 if low + i == 14 else low + i for i in range(len(block))]
        if low + len(block) - 1 > 14:
            break
        if all(n in want for n in numbers) and len(want) - len(numbers) == wilds:
            return True
    return False


def test_the_winning_hand_is_laid_out_as_melds_and_kept(finish_server: WebServer,
                                                       new_page: Any, artifacts: Path) -> None:
    page = new_page(finish_server)
    sign_in_guest(page, _player())
    create_table(page, "duz_okey", {"deals": 3}, sit=False)
    page.click(f"#seat-list li[data-seat='{FINISH_SEAT}'] button.sit")
    page.wait_for_selector("#seat-list .who.me")
    start_match(page)
    page.wait_for_selector("#table[data-my-turn='1']")
    st = state(page)
    tile = next(a["tile"] for a in st["legal"] if a["act"] == "finish")
    wait_rack_synced(page)  # the dealt tiles lie side by side, the server told
    drag(page, page.locator(f"#rack [data-tile='{tile}']").last, page.locator("#indicator"))
    page.wait_for_selector("#finisher-rack[data-laid='melds']")
    v = state(page)["view"]
    blocks = page.eval_on_selector_all(
        "#finisher-rack .block", "bs => bs.map(b => [...b.querySelectorAll('[data-tile]')]"
        ".map(t => t.dataset.tile))")
    assert sorted(x for b in blocks for x in b) == sorted(x for b in v["finisher_rack"] for x in b)
    assert all(_is_meld(b, v["okey"]) for b in blocks), blocks
    assert page.locator("#deal-over .finish-tile").get_attribute("data-tile") == tile
    assert "mavi" in str(page.locator("#deal-over .finish-tile").get_attribute("aria-label")) \
        or tile[0] != "B"
    page.wait_for_selector("#deal-points span")  # the points each seat got
    _shot(page, artifacts, "okey-finish-melds")
    # the next deal starts; the end of this one stays until "Devam"
    page.wait_for_function("() => window.kahvehane.app.view.match.deal === 1 && "
                           "!window.kahvehane.app.view.match.view.over")
    page.wait_for_selector("#deal-over.kept #deal-continue")
    _shot(page, artifacts, "okey-finish-kept")
    page.click("#deal-continue")
    page.wait_for_selector("#deal-over", state="detached")
