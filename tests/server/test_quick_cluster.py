"""Quick play, the lobby and the counts on a salon of three nodes (Redis + PostgreSQL):
a quick player on one node is seated at the quick table another node owns; every
node's lobby lists the match of two people and not a person alone with bots, and every
node counts the people of all of them (docs/server.md "Quick play and the lobby")."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.server.cluster import running_cluster
from tests.server.harness import Player, Server, api, signup

pytestmark = [pytest.mark.server, pytest.mark.cluster]

OPTIONS = {"deals": 3}


async def _until(node: Server, path: str, pred: Callable[[Any], bool],
                 timeout: float = 30) -> Any:
    deadline = time.monotonic() + timeout
    while True:
        body = (await api(node, "GET", path)).json()
        if pred(body):
            return body
        assert time.monotonic() < deadline, f"{node.url}{path}: {body}"
        await asyncio.sleep(0.2)


def test_quick_matching_lobby_and_counts_across_nodes(tmp_path: Path) -> None:
    with running_cluster(tmp_path) as cluster:
        n0, n1, n2 = cluster.nodes

        async def run() -> None:
            a = Player(n0, await signup(n0, "qca"), "a")
            b = Player(n1, await signup(n1, "qcb"), "b")
            c = Player(n2, await signup(n2, "qcc"), "c")
            for p in (a, b, c):
                await p.connect()
            await a.send(type="quick", id="qa", game="duz_okey", options=OPTIONS, wait=60)
            qa = await a.expect(lambda m: m.get("id") == "qa")
            assert qa["type"] == "quick", qa
            table = qa["table"]["id"]
            await _until(n1, "/api/tables", lambda j: table in [t["id"] for t in j["tables"]])
            await b.send(type="quick", id="qb", game="duz_okey", options=OPTIONS)
            qb = await b.expect(lambda m: m.get("id") == "qb")
            assert qb["type"] == "quick" and (qb["table"]["id"], qb["seat"]) == (table, 1)
            await c.send(type="quick", id="qc", game="duz_okey", options={"deals": 5})
            qc = await c.expect(lambda m: m.get("id") == "qc")
            own = qc["table"]["id"]
            assert own != table
            await c.expect(lambda m: m.get("kind") == "match_start")
            await b.expect(lambda m: m.get("kind") == "match_start", timeout=60)
            for node in cluster.nodes:
                await _until(node, "/api/tables",
                             lambda j: [t["id"] for t in j["tables"]] == [table])
                await _until(node, "/api/salon",
                             lambda j: j == {"online": 3, "playing": 3, "free": 0})
                profile = (await api(node, "GET", "/api/users/qcc")).json()
                assert profile["table"] == own
            for p, t in ((a, table), (b, table), (c, own)):
                await p.send(type="leave", table=t, id="bye")
                await p.expect(lambda m: m.get("id") == "bye")
                await p.close()
            for node in cluster.nodes:
                await _until(node, "/api/tables", lambda j: j["tables"] == [], timeout=120)
                await _until(node, "/api/salon",
                             lambda j: j == {"online": 0, "playing": 0, "free": 0},
                             timeout=120)

        asyncio.run(run())
