"""Attention (issue 21): a sound when a match starts and when it becomes your turn, the
title "● Sıra sizde" while the tab is in the background, and a sound switch that the
browser remembers."""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any

from tests.web.conftest import WebServer
from tests.web.helpers import (
    balayi_kingi_click,
    create_table,
    screenshot,
    sign_in_guest,
    start_match,
    wait_after_move,
    wait_turn,
)

HIDE_JS = """(hidden) => {
  Object.defineProperty(document, 'hidden', {configurable: true, get: () => hidden});
  Object.defineProperty(document, 'visibilityState', {configurable: true,
                        get: () => hidden ? 'hidden' : 'visible'});
  document.dispatchEvent(new Event('visibilitychange'));
}"""
SOUNDS_JS = "window.kahvehane.stats.sounds || 0"


def test_sound_and_title_call_the_player(server: WebServer, new_page: Any,
                                         artifacts: Path) -> None:
    page = new_page(server)
    sign_in_guest(page, f"Dikkat{secrets.token_hex(2)}")
    create_table(page, "balayi_kingi", {}, clock=120)
    plain = page.title()
    page.evaluate(HIDE_JS, True)  # the tab goes to the background
    start_match(page)
    page.wait_for_function(f"{SOUNDS_JS} >= 1")  # the match started
    st = wait_turn(page)
    assert st is not None
    assert page.title() == "● Sıra sizde"
    page.evaluate(HIDE_JS, False)  # looked at again: the page's own title is back
    assert page.title() == plain
    before = page.evaluate(SOUNDS_JS)
    balayi_kingi_click(page, st)
    wait_after_move(page, st["n"])
    assert wait_turn(page) is not None  # a new turn of ours (ten deals: no end yet)
    assert page.evaluate(SOUNDS_JS) > before
    screenshot(page, artifacts, "attention-sound-switch")
    # The switch turns the sound off, and the browser remembers it after a reload.
    page.click("#sound-switch")
    assert page.get_attribute("#sound-switch", "aria-pressed") == "false"
    page.reload()
    page.wait_for_selector("#sound-switch[aria-pressed='false']")
    st = wait_turn(page)
    assert st is not None
    balayi_kingi_click(page, st)
    wait_after_move(page, st["n"])
    assert wait_turn(page) is not None
    assert page.evaluate(SOUNDS_JS) == 0
