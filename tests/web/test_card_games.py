"""Koz Maça, Balayı Kingi, Casino and Royal Casino in the browser: a person opens a table,
starts it, plays a whole match against bots through the page and sees the final yazboz."""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any

from tests.web.conftest import WebServer
from tests.web.helpers import (
    State,
    balayi_kingi_click,
    by_keyboard,
    casino_click,
    create_table,
    drag,  # noqa: F401 - re-exported for other modules' use
    errors_seen,
    final_result,
    koz_maca_click,
    next_refusal,
    play_until_end,
    screenshot,
    sign_in_guest,
    sign_up,
    start_match,
    state,
    wait_after_move,
)


def _name(prefix: str) -> str:
    return f"{prefix}{secrets.token_hex(3)}"


def test_koz_maca_whole_match_by_keyboard(server: WebServer, new_page: Any,
                                          artifacts: Path) -> None:
    """Signed up (Koz Maça has an entry in chips), bids and plays with the arrow keys and
    Enter only, sees bids, tricks and the Kasa, then the final yazboz with chips."""
    page = new_page(server)
    sign_up(page, _name("Ayse"))
    create_table(page, "koz_maca", {"finish_score": 1}, entry=100)
    start_match(page)
    shots = {"done": False}

    def hook(page: Any, st: State, k: int) -> None:
        if not shots["done"] and st["view"]["phase"] == "play" and len(st["view"]["hand"]) <= 11:
            shots["done"] = True
            assert page.locator("#trick .played").count() >= 1 or st["view"]["tricks"]
            screenshot(page, artifacts, "koz_maca")

    moves = play_until_end(page, by_keyboard, hook=hook)
    assert moves >= 14  # one bid and 13 cards at least
    result = final_result(page)
    assert len(result["rows"]) >= 1
    assert any(row[0] in ("Çip", "Chips") for row in result["foot"])
    screenshot(page, artifacts, "koz_maca-final", both=False)


def test_balayi_kingi_whole_match_with_reload_and_dropped_connection(
        server: WebServer, new_page: Any, artifacts: Path) -> None:
    """Ten deals against a bot. Mid-match the page is reloaded (it resumes at the same
    deal) and the connection is dropped (it reconnects and catches up by itself)."""
    page = new_page(server, phone=True)
    sign_in_guest(page, _name("Misafir"))
    create_table(page, "balayi_kingi", {})
    start_match(page)
    seen: dict[str, Any] = {"locked": False, "reloaded": False, "dropped": False, "shot": False}

    def hook(page: Any, st: State, k: int) -> bool:
        v = st["view"]
        me = v["players"][st["you"]]
        if not seen["locked"] and v["phase"] == "play" and not me["unlocked"]:
            # the locked hand is shown as backs only
            assert page.locator("#hand.locked .card.back").count() == me["hand_count"] > 0
            seen["locked"] = True
        if not seen["shot"] and v["phase"] == "play" and len(v["tricks"]) >= 3:
            seen["shot"] = True
            screenshot(page, artifacts, "balayi_kingi")
        if not seen["reloaded"] and st["deal"] == 2 and v["phase"] == "play":
            seen["reloaded"] = True
            before = st
            page.reload()
            page.wait_for_selector("#table[data-status='playing'] #game .felt")
            page.wait_for_selector("#table[data-my-turn='1'], #match-result")
            after = state(page)
            assert after["deal"] == before["deal"]
            assert after["view"]["players"][after["you"]]["tricks_won"] >= \
                before["view"]["players"][before["you"]]["tricks_won"]
            return True
        if not seen["dropped"] and st["deal"] == 4:
            seen["dropped"] = True
            stats = page.evaluate("({...window.kahvehane.stats})")
            n = st["n"]
            page.evaluate("window.kahvehane.socket.drop()")
            page.wait_for_selector("body[data-connected='0']", state="attached")
            page.wait_for_selector("body[data-connected='1']", state="attached")
            page.wait_for_function("(s) => window.kahvehane.stats.syncs > s", arg=stats["syncs"])
            # caught up with `last`: a sync, not a new snapshot
            assert page.evaluate("window.kahvehane.stats.snapshots") == stats["snapshots"]
            assert state(page)["n"] >= n
            return True
        return False

    play_until_end(page, balayi_kingi_click, hook=hook)
    assert seen["locked"] and seen["reloaded"] and seen["dropped"]
    result = final_result(page)
    assert len(result["rows"]) == 10
    screenshot(page, artifacts, "balayi_kingi-final", both=False)


def _compose_capture(page: Any, st: State, artifacts: Path) -> bool:
    """Make a capture by choosing its sets by hand in the composer (not the list)."""
    v = st["view"]
    captures = [a for a in st["legal"] if a["act"] == "capture"]
    if not captures:
        return False
    a = max(captures, key=lambda x: sum(len(s) for s in x["sets"]))
    builds = v["table"]["builds"]
    page.wait_for_selector("#move-panel", state="detached")  # nothing chosen yet
    page.locator(f"#hand [data-card='{a['card']}']").click()
    page.wait_for_selector(f"#hand [data-card='{a['card']}'].selected")
    page.click("#move-panel #compose-toggle")
    page.wait_for_selector("#composer")
    for k, group in enumerate(a["sets"]):
        if k:
            page.click("#compose-new-set")
        build = next((i for i, b in enumerate(builds) if sorted(b["cards"]) == sorted(group)),
                     None)
        if build is not None:
            page.click(f"#casino-table [data-build='{build}']")
        else:
            for card in group:
                page.click(f"#casino-table .loose [data-card='{card}']")
    if a.get("value") is not None:
        page.fill("#compose-value", str(a["value"]))
    screenshot(page, artifacts, "casino-compose")
    taken_before = v["captured"][st["you"]]
    n = st["n"]
    page.click("#compose-capture")
    wait_after_move(page, n)
    after = state(page)["view"]
    assert after["captured"][st["you"]] >= taken_before + 1 + sum(len(s) for s in a["sets"]) \
        or after.get("round", 0) != v.get("round", 0) or after["totals"] != v["totals"]
    return True


def test_casino_whole_match_with_capture_sets(server: WebServer, new_page: Any,
                                              artifacts: Path) -> None:
    """Three players (two bots). One capture is made by picking its sets on the table by
    hand; every other move is the first legal card and its first listed move."""
    page = new_page(server)
    sign_in_guest(page, _name("Misafir"))
    create_table(page, "casino", {"players": 3, "target": 1})
    start_match(page)
    seen = {"composed": False, "shot": False}

    def hook(page: Any, st: State, k: int) -> bool:
        if not seen["shot"] and (st["view"]["table"]["builds"] or k >= 4):
            seen["shot"] = True
            page.locator("#hand [data-legal='1']").first.click()
            page.wait_for_selector("#move-panel")
            screenshot(page, artifacts, "casino")
            page.keyboard.press("Escape")
            page.wait_for_selector("#move-panel", state="detached")
            return True  # look at the turn again before anything else
        if not seen["composed"] and _compose_capture(page, st, artifacts):
            seen["composed"] = True
            return True
        return False

    play_until_end(page, casino_click, hook=hook)
    assert seen["composed"], "no capture came up in the whole match"
    result = final_result(page)
    assert result["rows"]
    screenshot(page, artifacts, "casino-final", both=False)


def test_royal_casino_on_a_phone(server: WebServer, new_page: Any, artifacts: Path) -> None:
    """Royal Casino, four players in two teams, on a phone-sized screen."""
    page = new_page(server, phone=True)
    sign_in_guest(page, _name("Misafir"))
    create_table(page, "royal_casino", {"players": 4, "partners": True, "target": 1})
    start_match(page)
    seen = {"shot": False}

    def hook(page: Any, st: State, k: int) -> None:
        if not seen["shot"] and k >= 2:
            seen["shot"] = True
            screenshot(page, artifacts, "royal_casino")

    play_until_end(page, casino_click, hook=hook)
    result = final_result(page)
    assert result["rows"]
    screenshot(page, artifacts, "royal_casino-final", both=False)


def test_illegal_card_is_explained(server: WebServer, new_page: Any) -> None:
    """A card the rules forbid is refused with the engine's reason and its rule, in
    words (issue 29)."""
    page = new_page(server)
    sign_up(page, _name("Ali"))
    create_table(page, "koz_maca", {"finish_score": 1}, entry=10)
    start_match(page)
    for _ in range(40):
        play_until_turn = page.wait_for_selector("#table[data-my-turn='1']")
        assert play_until_turn
        st = state(page)
        if st["view"]["phase"] == "play":
            legal = {a["card"] for a in st["legal"]}
            bad = [c for c in st["view"]["hand"] if c not in legal]
            if bad:
                seen = errors_seen(page)
                page.locator(f"#hand [data-card='{bad[0]}']").click()
                refusal, text = next_refusal(page, seen)
                # in the page's language (Turkish) from its code, in plain words: the
                # rule's reminder, the card named, no rule number, no card code
                assert refusal["rule"].startswith("KM-") and "KM-" not in text
                assert refusal["message"] not in text and bad[0] not in text
                words = page.evaluate(
                    "(c) => import('/js/ui.js').then((m) => m.cardWords(c))", bad[0])
                reminder = page.evaluate(
                    "(k) => import('/js/i18n.js').then((m) => m.tMaybe(k))",
                    "rule_" + refusal["rule"])
                assert words in text and reminder and reminder in text
                return
        koz_maca_click(page, st)
        wait_after_move(page, st["n"])
    raise AssertionError("never had an illegal card to try")


def test_move_clock_runs_out_and_the_player_comes_back(server: WebServer,
                                                        new_page: Any) -> None:
    """With a 2-second move clock the page counts down; when it runs out a bot plays for
    the player, the page says so, and "Geri dön" takes the seat back."""
    page = new_page(server)
    sign_in_guest(page, _name("Yavas"))
    create_table(page, "balayi_kingi", {}, clock=2)  # long enough not to end meanwhile
    start_match(page)
    page.wait_for_selector("#table[data-my-turn='1']")
    assert "sn" in (page.locator("#turn-line .clock .txt").text_content() or "")
    page.wait_for_selector("#away-banner", timeout=15_000)
    page.click("#come-back")
    page.wait_for_selector("#away-banner", state="detached")


def test_server_restart_mid_match_page_reconnects_and_resumes(
        tmp_path: Path, new_page: Any, artifacts: Path) -> None:
    """The server goes away mid-match and comes back (a new epoch): the page reconnects
    by itself, takes the new snapshot, and the match is played on to its end."""
    srv = WebServer(tmp_path)
    srv.start()
    try:
        page = new_page(srv)
        sign_in_guest(page, _name("Sabirli"))
        create_table(page, "casino", {"players": 2, "target": 1})
        start_match(page)
        restarted = {"done": False}

        def hook(page: Any, st: State, k: int) -> bool:
            if restarted["done"] or k < 3:
                return False
            restarted["done"] = True
            snapshots = page.evaluate("window.kahvehane.stats.snapshots")
            srv.stop()
            page.wait_for_selector("body[data-connected='0']", state="attached")
            assert page.locator("#conn-status").count() == 1  # "reconnecting" is shown
            srv.start()
            page.wait_for_selector("body[data-connected='1']", state="attached",
                                   timeout=30_000)
            page.wait_for_function("(s) => window.kahvehane.stats.snapshots > s",
                                   arg=snapshots)
            return True

        play_until_end(page, casino_click, hook=hook)
        assert restarted["done"]
        assert final_result(page)["rows"]
    finally:
        srv.stop()
