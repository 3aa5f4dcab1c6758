"""The daily bonus on a cluster (issue 30 item 3): 50 claims at once, spread over the
nodes of a salon on one PostgreSQL and one Redis, grant the bonus once — the database
decides, not a node's memory."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from tests.server.cluster import running_cluster
from tests.server.harness import api, signup

pytestmark = [pytest.mark.server, pytest.mark.cluster]


def test_fifty_claims_across_the_nodes_grant_once(tmp_path: Path) -> None:
    with running_cluster(tmp_path) as c:
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
