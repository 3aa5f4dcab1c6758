"""Away, done right (issue 21): a player whose clock ran out stays away — the bot plays
each of their turns at once — until they do something themselves. The page's own
messages (the ``arrange`` it sends after a bot move) and events it makes up never count;
a real click does. Two idle people at one table let the match finish at bot speed."""

from __future__ import annotations

import json
import secrets
from pathlib import Path
from typing import Any

from tests.web.conftest import WebServer
from tests.web.helpers import create_table, screenshot, sign_in_guest, start_match


def _name(prefix: str) -> str:
    return f"{prefix}{secrets.token_hex(3)}"


class Frames:
    """Every WebSocket frame a page receives and sends, decoded."""

    def __init__(self, page: Any) -> None:
        self.received: list[dict[str, Any]] = []
        self.sent: list[dict[str, Any]] = []
        page.on("websocket", self._attach)

    def _attach(self, ws: Any) -> None:
        ws.on("framereceived", lambda f: self.received.append(json.loads(f)))
        ws.on("framesent", lambda f: self.sent.append(json.loads(f)))

    def events(self, kind: str, seat: int | None = None) -> list[dict[str, Any]]:
        return [m for m in self.received if m.get("type") == "event" and m["kind"] == kind
                and (seat is None or m["data"].get("seat") == seat)]

    def auto_discards(self, seat: int) -> int:
        return sum(1 for m in self.events("game", seat)
                   if m["data"]["kind"] in ("discard", "finish") and m["auto"])

    def arranges_sent(self) -> int:
        return sum(1 for m in self.sent if m.get("type") == "act"
                   and m["action"].get("act") == "arrange")


def test_away_is_held_for_many_turns_and_left_by_a_real_click(
        server: WebServer, new_page: Any, artifacts: Path) -> None:
    page = new_page(server)
    frames = Frames(page)
    sign_in_guest(page, _name("Uyuyan"))
    create_table(page, "duz_okey", {"deals": 11}, clock=1)  # long: time for the click
    start_match(page)
    page.wait_for_selector("#away-banner", timeout=15_000)
    # The seat shows it to everyone (the tag carries the word; the test is seat 0).
    page.wait_for_selector(".seat-tag[data-seat='0'] .away")
    # What the page does by itself: an arrange of the rack as it stands, and a made-up
    # pointer event and key. None of them is the person.
    answer = page.evaluate("""async () => {
        const v = window.kahvehane.app.view;
        document.body.dispatchEvent(new PointerEvent('pointerdown', {bubbles: true}));
        document.body.dispatchEvent(new KeyboardEvent('keydown', {key: 'p', bubbles: true}));
        let code = null;
        for (let i = 0; i < 20; i++) {  // the bot may move on meanwhile: send it again
            try {
                await window.kahvehane.socket.request({type: 'act', table: v.id,
                    action: {act: 'arrange', rack: v.match.view.rack}});
                return 'ok';
            } catch (err) { code = err.code; }
            await new Promise((r) => setTimeout(r, 50));
        }
        return code;
    }""")
    assert answer == "ok"  # the arrange was accepted, and it did not bring the player back
    before = frames.auto_discards(0)
    # Many of our turns go by, each played by the bot, while the banner stays up.
    for _ in range(200):
        if frames.auto_discards(0) >= before + 6:
            break
        assert page.locator("#away-banner").count() == 1
        page.wait_for_timeout(100)
    assert frames.auto_discards(0) >= before + 6, "the bot did not keep playing the seat"
    assert frames.events("back") == []
    assert not any(m.get("type") == "back" for m in frames.sent)
    screenshot(page, artifacts, "okey-away", both=False)
    # A real click anywhere on the table brings the player back: the mouse at the title's
    # place (the bots move so fast that the top bar is drawn anew all the time, never
    # "stable" for a locator's click under load; the click lands wherever it is drawn).
    box = page.locator("#table .top-bar .title").bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_selector("#away-banner", state="detached")
    assert len(frames.events("back", 0)) == 1


def test_two_idle_people_finish_at_bot_speed(server: WebServer, new_page: Any) -> None:
    """Each person's clock runs out once; from then on the bot plays both seats at once
    to the end of the match: exactly one `away` per person (a person brought back by
    their page's own `arrange` would time out, and be marked away, again on each turn)
    and no `back`."""
    host = new_page(server)
    guest = new_page(server)
    frames = Frames(host)
    sign_in_guest(host, _name("Bir"))
    table = create_table(host, "duz_okey", {"deals": 3}, clock=1)
    sign_in_guest(guest, _name("Iki"))
    guest.goto(f"/#/t/{table}?sit=1")
    guest.wait_for_selector("#seat-list .who.me")
    start_match(host, people=2)
    host.wait_for_selector("#match-result", timeout=120_000)
    guest.wait_for_selector("#match-result", timeout=30_000)
    assert [m["data"]["seat"] for m in frames.events("away")] in ([0, 1], [1, 0])
    assert frames.events("back") == []
    deals = frames.events("deal_end")
    assert len(deals) >= 3
