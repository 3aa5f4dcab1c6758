"""The lobby in the browser: Turkish by default and switchable to English, sign in / sign
up / guest, the create-table form with each game's options, the live table list, seats,
and watching a match as a spectator."""

from __future__ import annotations

import re
import secrets
from pathlib import Path
from typing import Any

from tests.web.conftest import WebServer
from tests.web.helpers import (
    WATCH_COUNTDOWN_JS,
    casino_click,
    create_table,
    screenshot,
    sign_in_guest,
    sign_up,
    start_match,
    state,
    wait_after_move,
)

GAME_FIELDS = {
    "duz_okey": ["#opt-deals", "#opt-pairs", "#create-clock"],
    "kdv_okey": ["#opt-deals", "#opt-pairs", "#create-clock"],
    "koz_maca": ["#opt-finish_score", "#opt-kasa_rule", "#create-entry", "#create-clock"],
    "balayi_kingi": ["#create-clock"],
    "casino": ["#opt-players", "#opt-partners", "#opt-sweeps", "#opt-target"],
    "royal_casino": ["#opt-players", "#opt-partners", "#opt-sweeps", "#opt-target",
                     "#opt-nordic_specials"],
}


def test_language_sign_in_and_create_form(server: WebServer, new_page: Any,
                                          artifacts: Path) -> None:
    page = new_page(server)
    page.goto("/")
    page.wait_for_selector("#account-form")
    assert page.get_attribute("html", "lang") == "tr"
    assert "Giriş yap" in page.locator("#sign-in").text_content()
    page.click("#lang-switch")
    assert page.locator("#sign-in").text_content() == "Sign in"
    page.reload()
    page.wait_for_selector("#account-form")
    assert page.locator("#sign-in").text_content() == "Sign in"  # remembered
    assert page.get_attribute("html", "lang") == "en"
    page.click("#lang-switch")
    assert page.locator("#sign-in").text_content() == "Giriş yap"
    screenshot(page, artifacts, "lobby-signed-out")

    # a wrong password is explained; then a real sign-up works
    name = f"Zeynep{secrets.token_hex(2)}"
    page.fill("#auth-name", name)
    page.fill("#auth-password", "yanlis-sifre-1")
    page.click("#sign-in")
    page.wait_for_selector("#auth-error:not(:empty)")
    assert "yanlış" in page.locator("#auth-error").text_content()
    sign_up(page, name)
    assert page.locator("#user-name").text_content() == name
    assert "10000" in page.locator("#user-chips").text_content()

    # every game's options are in the form
    for game, fields in GAME_FIELDS.items():
        page.select_option("#create-game", game)
        for sel in fields:
            assert page.locator(sel).count() == 1, (game, sel)
    page.select_option("#create-game", "duz_okey")
    assert page.locator("#opt-deals option").all_text_contents() == ["3", "5", "7", "9", "11"]
    screenshot(page, artifacts, "lobby")

    # signing out brings the sign-in form back
    page.click("#sign-out")
    page.wait_for_selector("#account-form")


def test_typed_sign_in_survives_a_re_render(server: WebServer, new_page: Any) -> None:
    """The lobby re-renders when the socket says hello or the language switches; a
    half-typed name, password or guest name stays, and so does the caret's field."""
    page = new_page(server)
    page.goto("/")
    page.wait_for_selector("#account-form")
    page.wait_for_selector("body[data-connected='1']")
    page.fill("#guest-name", "Misafir Ayse")
    page.fill("#auth-password", "sifre-yarim")
    page.fill("#auth-name", "Yarim")
    page.evaluate("window.kahvehane.app.view.render()")  # what a late hello does
    assert page.input_value("#auth-name") == "Yarim"
    assert page.input_value("#auth-password") == "sifre-yarim"
    assert page.input_value("#guest-name") == "Misafir Ayse"
    assert page.evaluate("document.activeElement.id") == "auth-name"
    page.click("#lang-switch")
    assert page.input_value("#auth-name") == "Yarim"
    page.click("#lang-switch")
    # signing in clears the draft: after signing out the password is not in the form
    name = f"Yarim{secrets.token_hex(2)}"
    sign_up(page, name)
    page.click("#sign-out")
    page.wait_for_selector("#account-form")
    assert page.input_value("#auth-password") == ""


def test_live_lobby_seats_and_watching(server: WebServer, new_page: Any,
                                       artifacts: Path) -> None:
    host = new_page(server)
    sign_in_guest(host, f"Ev{secrets.token_hex(2)}")
    guest = new_page(server)
    sign_in_guest(guest, f"Konuk{secrets.token_hex(2)}")
    watcher = new_page(server, phone=True)
    watcher.goto("/")  # not signed in: may watch, not sit
    watcher.wait_for_selector("#account-form")

    table = create_table(host, "casino", {"players": 2, "target": 1})
    card = f".table-card[data-table='{table}']"
    # the new table appears in the other lobbies without a reload
    guest.wait_for_selector(card)
    watcher.wait_for_selector(card)
    screenshot(guest, artifacts, "lobby-tables")
    assert watcher.locator(f"{card} button.sit").count() == 0  # signed out: no seat
    # the guest sits from the lobby; the host sees it at once
    guest.click(f"{card} button.sit[data-seat='1']")
    guest.wait_for_selector("#seat-list .who.me")
    host.wait_for_selector("#seat-list li[data-seat='1'] .who:not(.me)")
    watcher.wait_for_function(
        f"() => document.querySelectorAll(\"{card} .seats button.sit\").length === 0"
        f" && document.querySelector(\"{card}\").textContent.includes('Konuk')")
    # ... and stands up again: the seat is free
    guest.click("#leave-button")
    host.wait_for_selector("#seat-list li[data-seat='1'] button.sit")
    guest.click("#back-to-lobby")
    guest.wait_for_selector(f"{card} button.sit[data-seat='1']")

    # the watcher opens the table as a spectator
    watcher.click(f"{card} [data-action='watch']")
    watcher.wait_for_selector("#table.spectator")
    start_match(host)
    # the host alone with bots: a playing table with no seat for people is no lobby entry
    guest.wait_for_selector(card, state="detached")
    watcher.wait_for_selector("#table[data-status='playing'] #casino-table")
    assert watcher.locator("#hand").count() == 0  # a spectator sees no hand
    # the host plays a few moves; the spectator follows them
    for _ in range(3):
        host.wait_for_selector("#table[data-my-turn='1'], #match-result")
        if host.locator("#match-result").count():
            break
        st = state(host)
        casino_click(host, st)
        wait_after_move(host, st["n"])
        watcher.wait_for_function(
            "(n) => Number(document.querySelector('#table').dataset.n) >= n", arg=st["n"] + 1)
    screenshot(watcher, artifacts, "spectator")


def _shots(page: Any, folder: Path, name: str) -> None:
    """The page at 360×800 and 1280×800 (issue 29's phone and desktop sizes)."""
    before = page.viewport_size
    for width, height in ((360, 800), (1280, 800)):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_function(f"() => innerWidth === {width}")
        page.screenshot(path=str(folder / f"{name}-{width}x{height}.png"))
    page.set_viewport_size(before)


def test_hemen_oyna_seats_people_together_and_the_salon_counts(
        server: WebServer, new_page: Any, artifacts: Path) -> None:
    """Quick matching from the page (issue 29): with other people in the salon "Hemen
    oyna" waits a little for them — a wait its person may skip, with no countdown — and
    a second person asking for the same game is seated at the first one's table; the
    lobby and the landing page count the people online and playing, in both languages."""
    ayse, bora, cem = new_page(server), new_page(server), new_page(server)
    for page, name in ((ayse, "Ayse"), (bora, "Bora"), (cem, "Cem")):
        sign_in_guest(page, f"{name}{secrets.token_hex(2)}")
    # the counts: the three of us at least, in the lobby (signed in: over the tables)
    cem.wait_for_function(
        "() => +(document.querySelector('.tables-panel #salon-count') || {dataset: {}})"
        ".dataset.online >= 3")
    text = cem.locator("#salon-count").text_content() or ""
    assert re.fullmatch(r"Şu an salonda \d+ kişi var, \d+ kişi oyunda\.", text.strip()), text
    _shots(cem, artifacts, "lobby-counts")
    bora.click("#lang-switch")
    bora.wait_for_selector("html[lang='en']")
    english = (bora.locator("#salon-count").text_content() or "").strip()
    assert re.fullmatch(r"\d+ people in the salon now, \d+ of them playing\.", english)
    bora.click("#lang-switch")
    bora.wait_for_selector("html[lang='tr']")

    # Ayşe's Hemen oyna: others are here, so a wait for them (no countdown), skippable
    ayse.evaluate(WATCH_COUNTDOWN_JS)
    ayse.click("[data-play='duz_okey']")
    ayse.wait_for_selector("#quick-wait #skip-wait")
    table = ayse.url.split("#/t/")[1]
    assert ayse.evaluate("window.kahvehane.app.view.info.quick") is True
    assert ayse.evaluate("() => window.__sawCountdown") is False  # a wait, no countdown
    _shots(ayse, artifacts, "quick-wait")
    # Cem, for another game, waits too and skips the wait: bots sit down at once
    cem.click("[data-play='casino']")
    cem.wait_for_selector("#quick-wait #skip-wait")
    cem.click("#skip-wait")
    cem.wait_for_selector("#table[data-status='playing']")
    info = cem.evaluate("window.kahvehane.app.view.info")
    assert info["game"] == "casino" and all(s.get("bot") for s in info["seats"][1:])
    # Bora asks for Ayşe's game: seated at her table, beside her (then the countdown
    # warns them both, as after a manager's Start)
    bora.click("[data-play='duz_okey']")
    bora.wait_for_url(f"**/#/t/{table}")
    bora.wait_for_selector("#table[data-status='playing']")
    ayse.wait_for_selector("#table[data-status='playing']")
    seats = bora.evaluate("window.kahvehane.app.view.info.seats")
    names = [s["user"]["name"] if s["user"] else None for s in seats]
    assert names[:2] == [ayse.evaluate("window.kahvehane.app.user.name"),
                         bora.evaluate("window.kahvehane.app.user.name")]
    assert all(s.get("bot") for s in seats[2:])
    # the landing page, signed out, counts those playing
    visitor = new_page(server, phone=True)
    visitor.goto("/")
    visitor.wait_for_function(
        "() => +(document.querySelector('#hero #salon-count') || {dataset: {}})"
        ".dataset.playing >= 3")
    _shots(visitor, artifacts, "landing-counts")


def test_guests_play_only_tables_without_an_entry(server: WebServer,
                                                  new_page: Any) -> None:
    """Koz Maça tables have an entry in chips; a guest's chips never move (docs/server.md
    "Guests and chips"): a guest's seat at a Koz Maça table is refused with the reason,
    and a seat at a table without an entry (Balayı Kingi) is taken."""
    paid_host, free_host = new_page(server), new_page(server)
    sign_up(paid_host, f"Ucuz{secrets.token_hex(2)}")
    sign_up(free_host, f"Bedava{secrets.token_hex(2)}")
    paid = create_table(paid_host, "koz_maca", {"finish_score": 1}, entry=100)
    free = create_table(free_host, "balayi_kingi", {})
    guest = new_page(server)
    sign_in_guest(guest)
    guest.click(f".table-card[data-table='{paid}'] button.sit[data-seat='1']")
    guest.wait_for_selector("#toast.show.error")
    assert "misafir" in (guest.locator("#toast").text_content() or "").casefold()
    guest.click("#back-to-lobby")  # the refused seat left the guest watching that table
    guest.click(f".table-card[data-table='{free}'] button.sit[data-seat='1']")
    guest.wait_for_selector("#seat-list .who.me")
    free_host.wait_for_selector("#seat-list li[data-seat='1'] .who:not(.me)")


def test_password_change_from_the_account_menu(server: WebServer, new_page: Any,
                                               artifacts: Path) -> None:
    """The account menu's form changes the password: a wrong current password is
    explained; the right one keeps this page signed in and signs the other page out
    (its socket closed with 4003, its hello then has no user); the new password signs
    in."""
    page, other = new_page(server), new_page(server)
    name = f"Sifre{secrets.token_hex(2)}"
    sign_up(page, name)
    other.goto("/")
    other.fill("#auth-name", name)
    other.fill("#auth-password", "sifre-1234")
    other.click("#sign-in")
    other.wait_for_selector("#user-name")
    page.click("#change-password")
    page.fill("#pw-old", "yanlis-sifre-1")
    page.fill("#pw-new", "yeni-sifre-99")
    page.click("#pw-submit")
    page.wait_for_selector("#pw-error:not(:empty)")
    assert "yanlış" in page.locator("#pw-error").text_content()
    screenshot(page, artifacts, "password-form")
    page.fill("#pw-old", "sifre-1234")
    page.click("#pw-submit")
    page.wait_for_selector("#password-form", state="detached")
    assert "Şifre değişti" in page.locator("#toast").text_content()
    other.wait_for_selector("#account-form")  # signed out there
    assert page.locator("#user-name").text_content() == name  # still signed in here
    page.click("#sign-out")
    page.wait_for_selector("#account-form")
    page.fill("#auth-name", name)
    page.fill("#auth-password", "yeni-sifre-99")
    page.click("#sign-in")
    page.wait_for_selector("#user-name")
