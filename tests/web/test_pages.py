"""The salon's pages (issue 21): the landing page's six games and "Hemen oyna", the
leaderboard, a player's profile with the chips chart, a finished match's page and its
in-browser replay for every game (the last position is the record's result), the header
on one line on a phone, no overlaps, and the installable app's manifest and icons."""

from __future__ import annotations

import itertools
import json
import os
import secrets
import time
from pathlib import Path
from typing import Any

import pytest

from kahvehane.records import replay_result
from kahvehane.server.catalogue import games_json
from tests.web.conftest import WebServer
from tests.web.helpers import (
    WATCH_COUNTDOWN_JS,
    create_table,
    final_result,
    koz_maca_click,
    okey_move,
    play_until_end,
    screenshot,
    sign_in_guest,
    sign_up,
)
from tests.web.test_turkish import CATALOGUES_JS, SEEN_JS, english_fragments

Page = Any
Box = dict[str, float]

#: A short match of each game, played by bots only (entry: Koz Maça's, paid by the house).
SHORT: list[tuple[str, dict[str, Any], int | None]] = [
    ("duz_okey", {"deals": 3}, None), ("kdv_okey", {"deals": 3}, None),
    ("okey_101", {"deals": 3}, None),
    ("koz_maca", {"finish_score": 1}, 1), ("balayi_kingi", {}, None),
    ("casino", {"players": 2, "target": 1}, None),
    ("royal_casino", {"players": 4, "target": 1}, None)]


#: ``KAHVEHANE_DOC_IMAGES=1``: the tests also save the screens docs/web.md shows
#: (docs/img/, at CSS pixels so that they stay small).
DOC_IMAGES = Path(__file__).resolve().parents[2] / "docs" / "img"


def doc_image(page: Page, name: str) -> None:
    if os.environ.get("KAHVEHANE_DOC_IMAGES") == "1":
        DOC_IMAGES.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(DOC_IMAGES / f"{name}.png"), scale="css")


def _name(prefix: str) -> str:
    return f"{prefix}{secrets.token_hex(3)}"


def _get(page: Page, path: str) -> Any:
    return page.evaluate("(p) => fetch(p).then(r => r.json())", path)


def _bots_match(page: Page, game: str, options: dict[str, Any], entry: int | None) -> int:
    """A bots-only match of ``game`` played to its end; its id. Its manager starts it
    and goes back to the lobby: a match of bots that nobody watches is played out at
    full speed (docs/server.md, the lobby's rules), then found finished in the store."""
    create_table(page, game, options, entry=entry, sit=False)
    page.click("#start-button")
    match_id = int(page.wait_for_function(
        "() => (window.kahvehane.app.view?.info || {}).match").json_value())
    page.goto("/")
    page.wait_for_selector("#main > *:not(.loading)")
    deadline = time.monotonic() + 180
    while _get(page, f"/api/matches/{match_id}")["match"]["status"] != "finished":
        assert time.monotonic() < deadline, f"match {match_id} of bots did not end"
        page.wait_for_timeout(200)
    return match_id


def _watched_bots_match(page: Page, game: str, options: dict[str, Any],
                        entry: int | None) -> int:
    """The same, watched to its end at the table (bots at the table's pace): the
    result dialog shows; the match's id."""
    create_table(page, game, options, entry=entry, sit=False)
    page.click("#start-button")
    page.wait_for_selector("#match-result #final-yazboz", timeout=180_000)
    return int(page.evaluate("window.kahvehane.app.view.info.match"))


def _overlap(a: Box, b: Box) -> bool:
    return (a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"]
            and a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"])


def _no_english(page: Page, screen: str) -> None:
    """No fragment of an English template on this Turkish screen (test_turkish.py)."""
    fragments = english_fragments(page.evaluate(CATALOGUES_JS))
    seen = str(page.evaluate(SEEN_JS))
    hits = {f for f in fragments if f in seen}
    assert not hits, f"English on the Turkish {screen}: {sorted(hits)}"


def _counter(page: Page) -> tuple[int, int]:
    el = page.locator("#replay-counter")
    return int(el.get_attribute("data-i") or -1), int(el.get_attribute("data-n") or -1)


# ---------------------------------------------------------------------- landing page
@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_the_landing_page_names_the_six_games_and_hemen_oyna_starts_one(
        server: WebServer, new_page: Any, artifacts: Path, phone: bool) -> None:
    page = new_page(server, phone=phone)
    page.goto("/")
    page.wait_for_selector("#games .game-card")
    specs = games_json()["games"]
    cards = page.eval_on_selector_all(
        "#games .game-card", """els => els.map(e => ({game: e.dataset.game,
          name: e.querySelector('.game-name').textContent,
          desc: e.querySelector('.game-desc').textContent}))""")
    assert [c["game"] for c in cards] == [s["game"] for s in specs]  # the seven, in order
    assert len(cards) == 7
    for card, spec in zip(cards, specs, strict=True):
        assert card["name"] == spec["name"]["tr"] and card["desc"] == spec["description"]["tr"]
    assert page.locator("#guest-button").count() == 1  # nobody is signed in yet
    screenshot(page, artifacts, "landing" + ("-phone" if phone else ""), both=False)
    doc_image(page, "landing" + ("-phone" if phone else ""))
    # A guest cannot sit at a table with an entry: the page says so and opens none.
    page.click("[data-play='koz_maca']")
    page.wait_for_selector("#toast.show.error")
    assert "Koz Maça" in (page.locator("#toast").text_content() or "")
    assert "#/t/" not in page.url
    # "Hemen oyna": signed in as a guest, seated in seat 1 of a new table, bots beside.
    # Alone in the salon: the quick table plays at once, no countdown, no wait for people.
    game = "balayi_kingi" if phone else "casino"
    page.evaluate(WATCH_COUNTDOWN_JS)
    page.click(f"[data-play='{game}']")
    page.wait_for_url("**/#/t/*")
    page.wait_for_selector("#table[data-status='playing']")
    assert page.evaluate("[window.__sawCountdown, window.__sawQuickWait]") == [False, False]
    assert page.evaluate("window.kahvehane.app.view.info.quick") is True
    assert page.evaluate("window.kahvehane.app.user.guest") is True
    info = page.evaluate("window.kahvehane.app.view.info")
    assert info["game"] == game and info["seats"][0]["user"]["name"] == page.evaluate(
        "window.kahvehane.app.user.name")
    assert all(s.get("bot") for s in info["seats"][1:])
    screenshot(page, artifacts, f"hemen-oyna-{game}", both=False)


# ---------------------------------------------------------------------- the replay
@pytest.mark.parametrize(("game", "options", "entry"), SHORT, ids=[g[0] for g in SHORT])
def test_a_finished_match_replays_in_the_browser_to_its_result(
        server: WebServer, new_page: Any, artifacts: Path, game: str,
        options: dict[str, Any], entry: int | None) -> None:
    phone = game in ("kdv_okey", "balayi_kingi", "royal_casino")
    page = new_page(server, phone=phone)
    sign_in_guest(page, _name("Izleyen"))
    match_id = _bots_match(page, game, options, entry)
    record = json.loads(page.evaluate(
        "(id) => fetch(`/api/matches/${id}/record`).then(r => r.text())", match_id))
    expected = replay_result(record)
    seats = len(record["players"])
    page.goto(f"/#/m/{match_id}")
    page.wait_for_selector("#replay-controls")
    # The deals and their scores.
    rows = page.eval_on_selector_all(
        "#match-yazboz tbody tr", "els => els.map(r => [...r.cells].map(c => c.textContent))")
    assert len(rows) == len(expected["deals"])
    for row, deal in zip(rows, expected["deals"], strict=True):
        if deal["end"] != "void":
            assert [int(x) for x in row[1:]] == deal["scores"]
    # Before the first move every seat's cards or tiles are shown.
    assert _counter(page) == (0, len(record["deals"][0]["actions"]))
    for s in range(seats):
        shown = page.locator(f"#replay-hands li[data-seat='{s}'] :is([data-card], [data-tile])")
        assert shown.count() > 0, f"seat {s} shows nothing"
    # Step, and the log names the move; play runs by itself until paused.
    page.click("#replay-next")
    assert _counter(page)[0] == 1
    first = record["deals"][0]["actions"][0]
    move = page.locator("#replay-move")
    assert move.get_attribute("data-seat") == str(first["seat"])
    assert page.evaluate("(s) => window.kahvehane.app.view.seatName(s)", first["seat"]) in (
        move.text_content() or "")
    page.click("#replay-play")
    page.wait_for_function(
        "() => +document.querySelector('#replay-counter').dataset.i >= 3")
    page.click("#replay-play")  # pause
    paused = _counter(page)[0]
    page.wait_for_timeout(900)
    assert _counter(page)[0] == paused
    screenshot(page, artifacts, f"replay-{game}")
    # Jump to the last deal and to its end: the record's result.
    last = len(record["deals"]) - 1
    if last:
        page.select_option("#replay-deal", str(last))
        page.wait_for_function(
            "(k) => document.querySelector('#replay-deal').value === String(k)"
            " && document.querySelector('#replay-counter').dataset.i === '0'", arg=last)
    page.click("#replay-last")
    page.wait_for_selector("#replay-totals")
    assert _counter(page) == (len(record["deals"][-1]["actions"]),) * 2
    assert json.loads(page.get_attribute("#replay-totals", "data-totals") or "") == \
        expected["totals"]
    assert json.loads(page.get_attribute("#replay-totals", "data-scores") or "") == \
        expected["deals"][-1]["scores"]
    screenshot(page, artifacts, f"replay-{game}-end", both=False)
    if game in ("balayi_kingi", "duz_okey"):
        doc_image(page, f"replay-{game}")
    # The page of a match one may address directly, at a position.
    page.goto(f"/#/m/{match_id}?deal=0&i=2")
    page.reload()
    page.wait_for_selector("#replay-controls")
    assert _counter(page)[0] == 2


def test_royal_casino_builds_overlap_no_seat_tag_and_show_every_card(
        server: WebServer, new_page: Any, artifacts: Path) -> None:
    """At 390 px, in positions with builds (found in the match's positions), no build
    covers a seat tag and every card of a stacked build keeps its corner in view."""
    page = new_page(server, phone=True)
    sign_in_guest(page, _name("Kurucu"))
    found: list[tuple[int, int, int]] = []
    for _ in range(4):  # a match with builds (most have several)
        match_id = _bots_match(page, "royal_casino", {"players": 4, "target": 1}, None)
        deals = _get(page, f"/api/matches/{match_id}")["match"]["result"]["deals"]
        for k in range(len(deals)):
            pos = _get(page, f"/api/matches/{match_id}/positions?deal={k}")["positions"]
            found += [(match_id, k, p["i"]) for p in pos if p["view"]["table"]["builds"]]
        if found:
            break
        page.goto("/")
        page.wait_for_selector("#create-form")
    assert found, "four matches without a single build"
    checked = 0
    for match_id, k, i in found[:: max(1, len(found) // 6)]:
        page.goto(f"/#/m/{match_id}?deal={k}&i={i}")
        page.reload()
        page.wait_for_selector("#game .build")
        tags = [t.bounding_box() for t in page.locator("#game .seat-tag").all()]
        for build in page.locator("#game .build").all():
            box = build.bounding_box()
            assert box and not any(_overlap(box, t) for t in tags if t), (k, i)
            for group in build.locator(".group").all():
                cards = [c.bounding_box() for c in group.locator(".card").all()]
                for a, b in itertools.pairwise(cards):
                    assert a and b and b["x"] - a["x"] >= 12, "a card of the build is hidden"
        checked += 1
    assert checked
    screenshot(page, artifacts, "royal-casino-builds", both=False)


# ---------------------------------------------------------------------- standings
def test_leaderboard_profile_and_chips_chart(server: WebServer, new_page: Any,
                                             artifacts: Path) -> None:
    """A person plays Düz Okey and Koz Maça for chips, making their own moves (an idle
    match, which the away bot plays, does not count: docs/server.md "Standings that
    reflect play"): the Okey leaderboard ranks them by ranking points, this week and all
    time; the Koz Maça one by wins; the profile
    lists both matches, the standings and the chips over time; a second tab's chip count
    follows when it comes back into view; the entry shows as paid during the match."""
    name = _name("Lider")
    page = new_page(server)
    sign_up(page, name)
    other = page.context.new_page()  # a second tab of the same browser
    other.goto("/")
    other.wait_for_selector("#user-chips")
    # the tab just opened is in front; the page played in must be (Chromium runs a
    # hidden tab's animation frames rarely, so every drag waited seconds for its tile)
    page.bring_to_front()
    create_table(page, "duz_okey", {"deals": 3}, clock=30)
    page.click("#start-button")
    # they make their own moves: only a match of one's own counts for the leaderboard
    # (docs/server.md "Standings that reflect play")
    play_until_end(page, okey_move)
    okey = final_result(page)
    okey_id = int(page.evaluate("window.kahvehane.app.view.info.match"))
    page.goto("/")
    page.wait_for_selector("#create-form")
    create_table(page, "koz_maca", {"finish_score": 1}, entry=10, clock=30)
    page.click("#start-button")
    page.wait_for_selector("#entry-paid")
    assert "10" in (page.locator("#entry-paid").text_content() or "")
    page.wait_for_function("() => document.querySelector('#user-chips').textContent"
                           ".includes('9990')")  # the entry paid shows in the header
    play_until_end(page, koz_maca_click)  # their own moves: a match that counts
    final_result(page)
    page.click("#close-result")
    page.wait_for_selector("#match-status")  # "Maç bitti" is a status ...
    assert page.locator("#show-result").text_content() != page.locator(
        "#match-status").text_content()  # ... and the button says what it does
    chips = int(page.evaluate("fetch('/api/me').then(r => r.json()).then(j => j.user.chips)"))
    other.evaluate("window.dispatchEvent(new Event('focus'))")
    other.wait_for_function("(n) => document.querySelector('#user-chips').textContent"
                            ".includes(String(n))", arg=chips)

    assert okey["head"][1] == name  # seat 1 was theirs
    points = _get(page, f"/api/matches/{okey_id}")["match"]["result"]["ranking_points"][0]
    for period in ("week", "all"):
        page.goto(f"/#/lb/duz_okey?period={period}")
        page.wait_for_selector(f"#leaderboard-table tr[data-player='{name}']")
        assert page.locator(f"#period-tabs a.active[data-period='{period}']").count() == 1
        row = page.locator(f"#leaderboard-table tr[data-player='{name}']")
        assert float(row.locator("td.points").text_content() or "") == pytest.approx(points)
        assert row.locator("td.wins").text_content() in ("0", "1")
    assert page.locator("#leaderboard-table th").all_text_contents()[-1] == "Sıralama puanı"
    data = _get(page, "/api/leaderboard/duz_okey?period=week")
    assert data["period"] == "week" and data["since"] > 0
    refused = page.evaluate("fetch('/api/leaderboard/duz_okey?period=year')"
                            ".then(r => r.json().then(j => [r.status, j.error.i18n.code]))")
    assert refused == [400, "http.bad_period"]
    screenshot(page, artifacts, "leaderboard")
    doc_image(page, "leaderboard")
    _no_english(page, "leaderboard")
    page.click("#lang-switch")  # and in English
    page.wait_for_selector("#leaderboard h2:text('Düz Okey leaderboard')")
    assert page.locator("#leaderboard-table th").all_text_contents()[-1] == "Ranking points"
    page.click("#lang-switch")
    page.wait_for_selector("#leaderboard h2:text('Düz Okey sıralaması')")
    page.goto("/#/lb/koz_maca")  # ranked by wins: no points column
    page.wait_for_selector(f"#leaderboard-table tr[data-player='{name}']")
    assert "Sıralama puanı" not in page.locator("#leaderboard-table thead").text_content()

    page.click(f"#leaderboard-table tr[data-player='{name}'] a")
    page.wait_for_selector("#profile-standings")
    assert page.locator("#profile-name").text_content() == name
    assert "Maç: 2" in (page.locator("#profile-summary").text_content() or "")
    games = page.eval_on_selector_all("#profile-standings tbody tr",
                                      "r => r.map(x => x.dataset.game)")
    assert sorted(games) == ["duz_okey", "koz_maca"]
    history = _get(page, f"/api/users/{name}/chips")["points"]
    assert [p["balance"] for p in history][-1] == chips and len(history) >= 2
    dots = page.eval_on_selector_all("#chips-chart circle",
                                     "c => c.map(x => +x.dataset.balance)")
    assert dots == [p["balance"] for p in history]
    matches = page.eval_on_selector_all("#profile-matches tbody tr",
                                        "r => r.map(x => +x.dataset.match)")
    assert okey_id in matches and len(matches) == 2
    screenshot(page, artifacts, "profile")
    doc_image(page, "profile")
    _no_english(page, "profile")
    page.click(f"#profile-matches tr[data-match='{okey_id}'] a")
    page.wait_for_selector("#replay-controls")
    page.click("#replay-next")
    _no_english(page, "match page")
    _standing_rooms_and_daily_chips(page, name, chips)


def _standing_rooms_and_daily_chips(page: Page, name: str, chips: int) -> None:
    """Issue 30 in the page: the level beside the name and the rating column, the
    leaderboard by rating keeping its period, the daily bonus claimed once (the next
    day's time shown), the rooms' tabs and a room's head, and "Hemen oyna" in a room
    whose minimum balance is above the chips refused with the server's words, nothing
    opened."""
    page.goto("/#/lb/duz_okey?period=all")
    row = page.locator(f"#leaderboard-table tr[data-player='{name}']")
    row.wait_for()
    assert row.locator(".lvl").get_attribute("data-level") == "1"
    assert row.locator("td.rating-cell").text_content() == "–"  # with bots: not rated
    page.click("#order-tabs a[data-by='rating']")
    page.wait_for_selector("#order-tabs a.active[data-by='rating']")
    page.click("#period-tabs a[data-period='week']")
    page.wait_for_selector("#period-tabs a.active[data-period='week']")
    assert page.locator("#order-tabs a.active").get_attribute("data-by") == "rating"
    page.wait_for_selector("#no-standings")  # nobody rated: the match had bots
    page.goto(f"/#/u/{name}")
    page.wait_for_selector("h2.profile-head .lvl[data-level='1']")
    page.goto("/")
    page.click("#daily-claim")
    page.wait_for_selector("#daily-next")
    page.wait_for_function("(n) => document.querySelector('#user-chips').textContent"
                           ".includes(String(n))", arg=chips + 500)
    page.reload()  # claimed for the day: no button, the next day's time
    page.wait_for_selector("#daily-next")
    assert page.locator("#daily-claim").count() == 0
    page.click("#room-tabs [data-room='Usta']")
    page.wait_for_selector("#room-head[data-room='Usta']")
    assert "10000" in (page.locator("#room-head").text_content() or "")
    tables = len(_get(page, "/api/tables")["tables"])
    page.click(".room-choice[data-game='koz_maca'] [data-room='VIP']")
    page.wait_for_selector("#toast.error")
    assert "VIP salonunda" in (page.locator("#toast").text_content() or "")
    assert page.evaluate("location.hash") in ("", "#/")
    assert len(_get(page, "/api/tables")["tables"]) == tables
    _no_english(page, "lobby with rooms")


# ---------------------------------------------------------------------- phone, layout
def _one_line(page: Page) -> None:
    page.wait_for_selector("#header #lang-switch")  # the header drawn (after the page)
    boxes = page.eval_on_selector_all(
        "#header > *", "els => els.filter(e => e.offsetWidth).map(e => e.getBoundingClientRect())"
        ".map(r => ({top: r.top, bottom: r.bottom, right: r.right}))")
    lang = page.locator("#lang-switch").bounding_box()
    logo = page.locator("#header .logo").bounding_box()
    assert lang and logo
    assert all(b["top"] < lang["y"] + lang["height"] and b["bottom"] > lang["y"] for b in boxes)
    assert abs((lang["y"] + lang["height"] / 2) - (logo["y"] + logo["height"] / 2)) < 6
    assert max(b["right"] for b in boxes) <= page.viewport_size["width"]
    assert page.locator("#header").bounding_box()["height"] < 48


@pytest.mark.parametrize("width", [360, 390, 430])
def test_the_header_stays_on_one_line_on_a_phone(server: WebServer, new_page: Any,
                                                 artifacts: Path, width: int) -> None:
    page = new_page(server, phone=True)
    page.set_viewport_size({"width": width, "height": 844})
    page.goto("/")
    page.wait_for_selector("#guest-button")
    _one_line(page)
    sign_up(page, _name("Uzun Adli Oyuncu"))
    _one_line(page)
    if width == 390:
        page.evaluate("window.scrollTo(0, 0)")
        screenshot(page, artifacts, "header-390", both=False)
        doc_image(page, "lobby-phone")


def test_result_dialog_leaves_the_header_and_okey_yazboz_shows_four_columns(
        server: WebServer, new_page: Any, artifacts: Path) -> None:
    page = new_page(server)
    page.set_viewport_size({"width": 1280, "height": 900})
    sign_up(page, _name("Dort Sutunlu Ad-"))
    page.click("[data-play='duz_okey']")
    page.wait_for_selector("#table[data-status='playing'] #yazboz")
    yaz = page.evaluate("""() => { const y = document.querySelector('#yazboz');
        const heads = [...y.querySelectorAll('thead th')].map(e => e.getBoundingClientRect());
        const r = y.getBoundingClientRect();
        return {scroll: y.scrollWidth, client: y.clientWidth, right: r.right,
                last: heads[heads.length - 1].right, n: heads.length}; }""")
    assert yaz["n"] == 5 and yaz["scroll"] <= yaz["client"] and yaz["last"] <= yaz["right"]
    screenshot(page, artifacts, "okey-yazboz-1280x900", both=False)
    # Okey on a phone held sideways: the whole rack on screen, tiles larger than upright.
    page.set_viewport_size({"width": 844, "height": 390})
    page.wait_for_timeout(200)
    rack = page.locator("#rack").bounding_box()
    felt = page.locator("#game .felt").bounding_box()
    tile = page.locator("#rack [data-tile]").first.bounding_box()
    assert rack and felt and tile and rack["x"] >= 0 and rack["x"] + rack["width"] <= 844
    assert felt["x"] + felt["width"] <= rack["x"]  # side by side
    assert tile["width"] >= 28  # 23 px upright
    page.screenshot(path=str(artifacts / "okey-landscape.png"))
    doc_image(page, "okey-landscape")
    # The result dialog does not cover the header: its buttons stay reachable.
    page = new_page(server, phone=True)
    sign_in_guest(page, _name("Sonuc"))
    _watched_bots_match(page, "casino", {"players": 2, "target": 1}, None)
    lang = page.locator("#lang-switch").bounding_box()
    assert lang
    hit = page.evaluate("([x, y]) => document.elementFromPoint(x, y).id",
                        [lang["x"] + lang["width"] / 2, lang["y"] + lang["height"] / 2])
    assert hit == "lang-switch"
    box = page.locator("#match-result .box").bounding_box()
    header = page.locator("#header").bounding_box()
    assert box and header and box["y"] >= header["y"] + header["height"]
    screenshot(page, artifacts, "result-dialog-phone", both=False)


def test_the_web_app_is_installable(server: WebServer, new_page: Any) -> None:
    page = new_page(server)
    page.goto("/")
    href = page.get_attribute("link[rel='manifest']", "href")
    assert href == "manifest.webmanifest"
    got = page.evaluate("""async (h) => { const r = await fetch(h);
        return [r.headers.get('content-type'), await r.json()]; }""", href)
    kind, manifest = got
    assert kind.startswith("application/manifest+json")
    assert manifest["display"] == "standalone" and manifest["start_url"]
    sizes = set()
    for icon in manifest["icons"]:
        r = page.evaluate("""async (s) => { const r = await fetch(s);
            const b = new Uint8Array(await r.arrayBuffer());
            return [r.status, r.headers.get('content-type'), [...b.slice(0, 8)]]; }""",
                          icon["src"])
        assert r[0] == 200 and r[1].startswith(icon["type"]), icon
        if icon["type"] == "image/png":
            assert r[2] == [137, 80, 78, 71, 13, 10, 26, 10]  # a PNG
        sizes.add(icon["sizes"])
    assert {"192x192", "512x512", "any"} <= sizes


def test_the_casino_player_count_has_no_empty_choice(server: WebServer, new_page: Any) -> None:
    page = new_page(server, phone=True)
    sign_in_guest(page)
    for game in ("casino", "royal_casino"):
        page.select_option("#create-game", game)
        values = page.eval_on_selector_all("#opt-players option", "o => o.map(x => x.value)")
        assert values == ["2", "3", "4"]


def test_balayi_yazboz_names_each_deals_contract_and_explains_the_weight(
        server: WebServer, new_page: Any) -> None:
    page = new_page(server)
    sign_in_guest(page)
    match_id = _watched_bots_match(page, "balayi_kingi", {}, None)
    page.click("#close-result")
    deals = _get(page, f"/api/matches/{match_id}")["match"]["result"]["deals"]
    labels = page.eval_on_selector_all("#yazboz tbody .deal-label",
                                       "l => l.map(x => x.textContent)")
    names = {"C": "♣ Sinek", "D": "♦ Karo", "H": "♥ Kupa", "S": "♠ Maça", "NT": "Kozsuz"}
    assert labels == [f"{names[d['detail']['contract']]} ×{d['detail']['weight']}"
                      for d in deals]
    page.goto(f"/#/m/{match_id}?deal=0&i=3")
    page.reload()
    page.wait_for_selector("#weight")
    assert "çarpan" in (page.get_attribute("#weight", "title") or "")
