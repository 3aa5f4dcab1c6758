"""Bot levels at salon tables (issue 19): the table option ``bot_level`` is served by
``/api/games``, checked like every option, seats bots of its kind in the empty seats,
is shown on those seats, and is written in the match record's players."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest

from kahvehane.bots.levels import level_kind
from kahvehane.games import GAME_NAMES, get_spec
from kahvehane.records import replay, verify
from kahvehane.server.table.autoplay import Autoplay
from kahvehane.server.table.seats import SeatState
from tests.server.harness import Player, Server, api, play_until_end, random_chooser, signup


def test_the_level_chooses_the_kind_of_the_empty_seats_not_of_fallbacks() -> None:
    spec = get_spec("koz_maca")
    for level, kind in (("kolay", "tempered"), ("orta", "heuristic"), ("zor", "search")):
        auto = Autoplay(spec.id, spec.free_actions, "heuristic", random.Random(1),
                        level=level)
        bot = auto.new_bot(2)
        assert (bot.kind, bot.level, bot.player_name) == (kind, level, f"bot:{kind} ({level})")
        # a restored match keeps the kind its record names
        assert auto.new_bot(1, "random").kind == "random"
        # an away person is played by the salon's kind whatever the table's level
        fallback = auto.bot_for(SeatState(), 0)
        assert (fallback.kind, fallback.level) == ("heuristic", None)
    salon = Autoplay(spec.id, spec.free_actions, "random", random.Random(1))
    assert (salon.new_bot(0).kind, salon.new_bot(0).level) == ("random", None)


@pytest.mark.parametrize("game", sorted(GAME_NAMES))
def test_every_level_has_a_kind_in_every_game(game: str) -> None:
    kinds = {level: level_kind(game, level) for level in ("kolay", "orta", "zor")}
    assert kinds["orta"] == "heuristic"
    assert kinds["kolay"] == "tempered"
    assert kinds["zor"] in ("search", "heuristic")


@pytest.mark.server
def test_the_level_is_served_with_every_game(server: Server) -> None:
    async def run() -> None:
        r = await api(server, "GET", "/api/games")
        for g in r.json()["games"]:
            assert g["table_options"] == ["bot_level"]
            opt = g["options"]["bot_level"]
            assert opt["choices"] == ["kolay", "orta", "zor", "egitilmis"]
            assert opt["default"] == "orta"
            assert [c["en"] for c in opt["choice_labels"]] == ["easy", "medium", "hard",
                                                                "trained (Okey)"]

    asyncio.run(run())


@pytest.mark.server
def test_a_bad_level_is_refused_and_opens_no_table(server: Server, backend: str) -> None:
    async def run() -> None:
        name = f"lvbad{backend[:2]}"
        p = Player(server, await signup(server, name), name)
        await p.connect()
        for bad in ("expert", 3, None, "ZOR"):
            await p.send(type="create", id="c", game="balayi_kingi",
                         options={"bot_level": bad})
            answer = await p.expect(lambda m: m["type"] in ("created", "error"))
            assert answer["type"] == "error", (bad, answer)
            assert answer["code"] == "bad_options"
            assert "bot_level" in answer["message"], answer
        await p.send(type="lobby", id="l")
        lobby = await p.expect(lambda m: m["type"] == "lobby")
        assert not [t for t in lobby["tables"] if t["manager"]["name"] == name]
        await p.close()

    asyncio.run(run())


LEVEL_CASES: list[tuple[str, dict[str, Any], str]] = [
    ("balayi_kingi", {}, "kolay"),
    ("casino", {"players": 2, "target": 11}, "zor"),
]


@pytest.mark.server
@pytest.mark.parametrize(("game", "options", "level"), LEVEL_CASES)
def test_a_table_with_a_level_seats_its_bots_and_records_them(
        server: Server, backend: str, game: str, options: dict[str, Any], level: str) -> None:
    kind = level_kind(game, level)

    async def run() -> None:
        name = f"lv{level}{backend[:2]}"
        p = Player(server, await signup(server, name), name)
        await p.connect()
        await p.send(type="create", id="c", game=game,
                     options={**options, "bot_level": level}, clock=60)
        created = await p.expect(lambda m: m["type"] == "created")
        table = created["table"]["id"]
        assert created["table"]["options"]["bot_level"] == level
        await p.send(type="sit", table=table, seat=0, id="s")
        await p.expect(lambda m: m["type"] == "ok")
        await p.send(type="start", table=table)
        start = await p.expect(lambda m: m.get("kind") == "match_start")
        seats = start["data"]["seats"]
        assert seats[0]["bot"] is None and seats[0]["level"] is None
        assert [(s["bot"], s["level"]) for s in seats[1:]] == [(f"bot:{kind}", level)]
        end = await play_until_end(p, table, random_chooser, random.Random(3))
        assert end is not None
        r = await api(server, "GET", f"/api/matches/{end['data']['match']}/record")
        record = json.loads(r.text)
        assert record["players"] == [name, f"bot:{kind} ({level})"]
        assert "bot_level" not in record["options"]  # the rules never see it
        assert replay(record).result_json() == end["data"]["result"]
        assert verify(record).ok
        await p.close()

    asyncio.run(run())
