"""Names that stay true (issue 21): a finished match's results, yazboz and record name the
players of that match, never whoever holds the seats now."""

from __future__ import annotations

import json
import secrets
from pathlib import Path
from typing import Any

from tests.web.conftest import WebServer
from tests.web.helpers import create_table, final_result, screenshot, sign_in_guest


def _name(prefix: str) -> str:
    return f"{prefix}{secrets.token_hex(3)}"


def test_names_after_a_bots_only_match(server: WebServer, new_page: Any,
                                       artifacts: Path) -> None:
    host = new_page(server)
    sign_in_guest(host, _name("Yonetici"))
    table = create_table(host, "casino", {"players": 2, "target": 1}, sit=False)
    host.click("#start-button")
    final = final_result(host)  # every seat was a bot's
    assert final["head"][1:] == ["Bot 1", "Bot 2"]
    host.click("#close-result")
    # A person sits in seat 1 after the match, and another sits and stands up again.
    sitter = _name("Oturan")
    other = new_page(server)
    sign_in_guest(other, sitter)
    other.goto(f"/#/t/{table}?sit=0")
    other.wait_for_selector("#seat-list .who.me")
    host.wait_for_selector(f"#seat-list li[data-seat='0'] .who:text('{sitter}')")
    passer = new_page(server)
    sign_in_guest(passer, _name("Gecen"))
    passer.goto(f"/#/t/{table}?sit=1")
    passer.wait_for_selector("#seat-list .who.me")
    passer.click("#leave-button")
    host.wait_for_selector("#seat-list li[data-seat='1'] button.sit")
    for page in (host, other):
        page.wait_for_selector(".last-result #final-yazboz")
        heads = page.eval_on_selector_all(
            ".last-result #final-yazboz thead th", "els => els.map(e => e.textContent.trim())")
        assert heads[1:] == ["Bot 1", "Bot 2"], heads
        yaz = page.eval_on_selector_all(
            "#yazboz thead th", "els => els.map(e => e.textContent.trim())")
        assert yaz[1:] == ["Bot 1", "Bot 2"], yaz
    # A page that comes later reads the result from the server, under the same names.
    other.reload()
    other.wait_for_selector(".last-result #final-yazboz")
    heads = other.eval_on_selector_all(
        ".last-result #final-yazboz thead th", "els => els.map(e => e.textContent.trim())")
    assert heads[1:] == ["Bot 1", "Bot 2"]
    match_id = host.evaluate("window.kahvehane.app.view.info.match")
    record = json.loads(host.evaluate(
        "(id) => fetch(`/api/matches/${id}/record`).then(r => r.text())", match_id))
    assert all(p.startswith("bot:") for p in record["players"])
    screenshot(other, artifacts, "names-after-bots-match")
