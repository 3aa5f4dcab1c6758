"""Bot levels in the browser (issue 19): the create form offers the level, and the seats
of a table's bots show it to everyone — "bot · zor" in Turkish, "bot · hard" in English,
in the lobby's table list and at the table."""

from __future__ import annotations

import secrets
from typing import Any

from tests.web.conftest import WebServer
from tests.web.helpers import create_table, sign_in_guest, start_match


def _badge(page: Any, scope: str) -> str:
    page.wait_for_selector(f"{scope} .bot-badge[data-level]")
    return str(page.locator(f"{scope} .bot-badge[data-level]").first.text_content())


def test_the_level_is_chosen_in_the_form_and_shown_on_the_bots_seat(
        server: WebServer, new_page: Any) -> None:
    host = new_page(server)
    sign_in_guest(host, f"Seviye{secrets.token_hex(2)}")
    host.select_option("#create-game", "balayi_kingi")
    level = host.locator("#opt-bot_level")
    assert level.locator("option").all_text_contents() == ["kolay", "orta", "zor",
                                                            "eğitilmiş (Okey)"]
    assert level.input_value() == "orta"  # the default

    table = create_table(host, "balayi_kingi", {"bot_level": "zor"})
    watcher = new_page(server)
    watcher.goto("/")
    card = f".table-card[data-table='{table}']"
    watcher.wait_for_selector(card)
    assert "Botlar: zor" in str(watcher.locator(f"{card} .opts").text_content())
    start_match(host)
    # the host's seat tag for the bot's seat
    assert _badge(host, ".seat-tag[data-seat='1']") == "bot · zor"
    assert host.locator(".seat-tag[data-seat='0'] .bot-badge").count() == 0
    # one person with bots is no lobby entry once it plays: a spectator opens the table
    watcher.wait_for_selector(card, state="detached")
    watcher.goto(f"/#/t/{table}")
    watcher.wait_for_selector("#table[data-status='playing']")
    assert _badge(watcher, ".seat-tag[data-seat='1']") == "bot · zor"
    watcher.goto("/")
    watcher.click("#lang-switch")
    watcher.goto(f"/#/t/{table}")
    watcher.wait_for_selector("#table[data-status='playing']")
    assert _badge(watcher, ".seat-tag[data-seat='1']") == "bot · hard"
