"""Issue 30 on a cluster, one salon of three nodes on one PostgreSQL and one Redis for
the module: the daily bonus (item 3) — 50 claims at once, spread over the nodes, grant
it once: the database decides, not a node's memory — and a notification (item 9)
saved on one node reaching the person's connection on another, whose presence the
first node sees (item 5)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest

from tests.server.cluster import Cluster, running_cluster
from tests.server.harness import Player, api, signup

pytestmark = [pytest.mark.server, pytest.mark.cluster]


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    with running_cluster(tmp_path_factory.mktemp("cluster")) as c:
        yield c


def test_fifty_claims_across_the_nodes_grant_once(cluster: Cluster) -> None:
    c = cluster

    async def go() -> None:
        token = await signup(c.nodes[0], "Kümeli")
        before = (await api(c.nodes[1], "GET", "/api/me", token)).json()["user"]["chips"]
        answers = await asyncio.gather(*(
            api(c.nodes[i % len(c.nodes)], "POST", "/api/me/daily", token,
                json={"kind": "bonus"}) for i in range(50)))
        codes = sorted(r.status_code for r in answers)
        assert codes == [200] + [409] * 49, codes
        granted = next(r.json()["granted"] for r in answers if r.status_code == 200)
        for node in c.nodes:
            me = (await api(node, "GET", "/api/me", token)).json()
            assert me["user"]["chips"] == before + granted == before + 500
            assert me["daily"]["bonus"]["claimed"] is True

    asyncio.run(go())


def test_a_notification_reaches_a_connection_on_another_node(cluster: Cluster) -> None:
    first, second = cluster.nodes[0], cluster.nodes[1]

    async def go() -> None:
        ayse, mehmet = await signup(first, "Ayşe"), await signup(second, "Mehmet")
        sock = Player(second, mehmet, "Mehmet")
        await sock.connect()  # Mehmet's only connection is to the second node
        try:
            r = await api(first, "POST", "/api/friends", ayse, json={"name": "Mehmet"})
            assert r.status_code == 201, r.text
            pushed = await sock.expect(lambda m: m["type"] == "notice")
            assert pushed["notice"]["kind"] == "friend_request"
            assert pushed["notice"]["data"]["from"]["name"] == "Ayşe"
            ayse_id = pushed["notice"]["data"]["from"]["id"]
            r = await api(second, "POST", f"/api/friends/{ayse_id}/accept", mehmet, json={})
            assert r.status_code == 200
            # the first node learns of Mehmet's connection from the second's heartbeat
            async with asyncio.timeout(10):
                while True:
                    got = (await api(first, "GET", "/api/friends", ayse)).json()
                    if got["friends"][0]["online"]:
                        break
                    await asyncio.sleep(0.1)
            assert got["friends"][0]["name"] == "Mehmet"
        finally:
            await sock.close()

    asyncio.run(go())
