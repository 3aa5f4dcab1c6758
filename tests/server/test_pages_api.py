"""The HTTP behind the salon's pages (issue 21), through the real server: a finished
match's positions (the last is the record's result), refused for a deal it lacks and
while a match is played; the leaderboard's periods; a person's chips over time."""

from __future__ import annotations

import asyncio
import random

import pytest

from kahvehane.records import replay_result
from tests.server.harness import Player, Server, api, play_until_end, random_chooser, signup

pytestmark = pytest.mark.server


def test_positions_leaderboard_period_and_chips(server: Server, backend: str) -> None:
    async def run() -> None:
        name = f"sayfa{backend}"
        token = await signup(server, name)
        p = Player(server, token, "p")
        await p.connect()
        await p.send(type="create", id="c", game="casino",
                     options={"players": 2, "target": 1}, clock=60)
        created = await p.expect(lambda m: m["type"] == "created")
        table = created["table"]["id"]
        await p.expect(lambda m: m["type"] == "snapshot")
        await p.send(type="sit", table=table, seat=0, id="s")
        await p.expect(lambda m: m["type"] == "ok")
        await p.send(type="start", table=table)
        end = await play_until_end(p, table, random_chooser, random.Random(3))
        assert end is not None
        match_id = end["data"]["match"]
        record = (await api(server, "GET", f"/api/matches/{match_id}/record")).json()
        expected = replay_result(record)

        r = await api(server, "GET", f"/api/matches/{match_id}/positions?deal=0")
        assert r.status_code == 200, r.text
        deal = r.json()
        assert deal["deals"] == len(record["deals"]) == 1
        assert [q["action"] for q in deal["positions"][1:]] == record["deals"][0]["actions"]
        assert deal["totals"] == expected["totals"] and deal["match_result"] == expected
        assert all(len(q["seats"]) == 2 and q["seats"][0]["hand"] is not None
                   for q in deal["positions"])
        r = await api(server, "GET", f"/api/matches/{match_id}/positions?deal=1")
        assert r.status_code == 404
        assert r.json()["error"]["i18n"] == {"code": "http.no_such_deal",
                                             "params": {"last": 0, "deal": 1}}
        # A match being played shows no positions (its seeds are still secret).
        await p.send(type="start", table=table)
        started = await p.expect(lambda m: m.get("kind") == "match_start")
        r = await api(server, "GET", f"/api/matches/{started['data']['match']}/positions")
        assert r.status_code == 409 and r.json()["error"]["code"] == "match_in_progress"

        for period in ("week", "all"):
            board = (await api(server, "GET",
                               f"/api/leaderboard/casino?period={period}")).json()
            assert board["period"] == period and (board["since"] is None) == (period == "all")
            assert any(row["user"]["name"] == name for row in board["rows"])
        r = await api(server, "GET", "/api/leaderboard/casino?period=month")
        assert r.status_code == 400
        assert r.json()["error"]["i18n"]["code"] == "http.bad_period"

        chips = (await api(server, "GET", f"/api/users/{name}/chips")).json()["points"]
        me = (await api(server, "GET", "/api/me", token)).json()["user"]
        assert chips and chips[0]["kind"] == "grant" and chips[-1]["balance"] == me["chips"]
        assert (await api(server, "GET", "/api/users/nobody-here/chips")).status_code == 404
        await p.close()

    asyncio.run(run())
