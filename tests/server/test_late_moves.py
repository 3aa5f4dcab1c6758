"""A person who names cards it cannot see, through the real server: each such move is
refused in the same words wherever the card is, and nothing else of the hidden cards
reaches the person (the refusal repeats only what it sent: ``tests/server/leaks.py``).
This is what a player acting on a turn it saw late does (a move clock ran out meanwhile,
a new deal began): it names a card it held then, which the opponent may hold now."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path

import pytest

from kahvehane.cards import CARD_NAMES
from tests.server.harness import Player, Server, api, signup
from tests.server.leaks import CARD, _tokens, check_viewer, match_messages, states

pytestmark = pytest.mark.server


def test_moves_naming_unseen_cards_leak_nothing(backend: str, fresh_db: str,
                                                tmp_path: Path) -> None:
    srv = Server(fresh_db, tmp_path / "server.log", extra=["--rate", "2000", "--burst", "4000"])
    srv.start()
    rng = random.Random(3)

    async def run() -> None:
        p = Player(srv, await signup(srv, f"late{backend}"), "late")
        await p.connect()
        await p.send(type="create", game="balayi_kingi", options={}, clock=60)
        table = str((await p.expect(lambda m: m["type"] == "created"))["table"]["id"])
        await p.send(type="sit", table=table, seat=0, id="s")
        await p.expect(lambda m: m["type"] == "ok")
        await p.send(type="start", table=table)
        named = 0
        while True:
            msg = await p.expect(lambda m: m.get("table") == table and m["type"] == "event")
            if msg["kind"] == "match_end":
                break
            if not msg.get("legal"):
                continue
            unseen = sorted(set(CARD_NAMES) - _tokens(msg["view"], CARD, set()))
            if msg["view"]["phase"] == "play" and unseen:
                card, late = rng.choice(unseen), f"late{named}"
                await p.send(type="act", table=table, action={"act": "play", "card": card},
                             id=late)
                err = await p.expect(lambda m, late=late: m.get("id") == late)
                assert err["type"] == "error"
                assert err["i18n"] == {"code": "balayi_kingi.not_accessible",
                                       "params": {"seat": 0, "card": card}}
                named += 1
            await p.send(type="act", table=table, action=rng.choice(msg["legal"]))
        assert named > 0
        match_id = msg["data"]["match"]
        record = json.loads((await api(srv, "GET", f"/api/matches/{match_id}/record")).text)
        views, hidden = states(record)
        assert check_viewer(record, 0, match_messages(p.messages, table, match_id), views,
                            hidden, p.sent_before) > 0
        await p.close()

    try:
        asyncio.run(run())
    finally:
        srv.stop()
