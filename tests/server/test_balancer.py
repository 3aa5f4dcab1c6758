"""The load balancer configurations of docs/scaling.md (``deploy/nginx.conf``,
``deploy/haproxy.cfg``) in front of three nodes: the files as shipped, with local ports
in place of the example addresses. Through each: a whole match whose every connection
(players and spectator, WebSockets upgraded by the balancer) goes through it, then a node
killed and the site still answering, its requests going to the live nodes.

``make test`` installs nginx and HAProxy (Debian's packages) as it does Chromium; a run
without them fails, saying so."""

from __future__ import annotations

import asyncio
import re
import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.server.cluster import Cluster, running_cluster
from tests.server.harness import Server, free_port, signup
from tests.server.test_games_e2e import play_match

pytestmark = [pytest.mark.server, pytest.mark.cluster]

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
EXAMPLE = re.compile(r"10\.0\.0\.1(\d):8000")


def _render(text: str, cluster: Cluster) -> str:
    """The shipped file with node ``n`` (10.0.0.1n:8000) at the cluster's nth port."""
    ports = [n.port for n in cluster.nodes]
    return EXAMPLE.sub(lambda m: f"127.0.0.1:{ports[int(m.group(1)) - 1]}", text)


def _nginx(cluster: Cluster, folder: Path, port: int) -> subprocess.Popen[bytes]:
    text = _render((DEPLOY / "nginx.conf").read_text(), cluster)
    text = text.replace("listen 80;", f"listen 127.0.0.1:{port};")
    # a private prefix: its own pid, logs and temporary files
    text = text.replace("http {", "pid nginx.pid;\nerror_log error.log;\nhttp {\n"
                        "    access_log off;\n    client_body_temp_path tmp;\n"
                        "    proxy_temp_path tmp;\n", 1)
    (folder / "tmp").mkdir(exist_ok=True)
    conf = folder / "nginx.conf"
    conf.write_text(text)
    return subprocess.Popen(["nginx", "-p", str(folder), "-c", str(conf),
                             "-g", "daemon off;"], stderr=subprocess.PIPE)


def _haproxy(cluster: Cluster, folder: Path, port: int) -> subprocess.Popen[bytes]:
    text = _render((DEPLOY / "haproxy.cfg").read_text(), cluster)
    text = text.replace("bind :80", f"bind 127.0.0.1:{port}")
    conf = folder / "haproxy.cfg"
    conf.write_text(text)
    return subprocess.Popen(["haproxy", "-db", "-f", str(conf)], stderr=subprocess.PIPE)


BALANCERS = {"nginx": _nginx, "haproxy": _haproxy}


@pytest.fixture
def cluster(tmp_path: Path) -> Iterator[Cluster]:
    with running_cluster(tmp_path) as c:
        yield c


def _wait_until_up(url: str, proc: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            err = proc.stderr.read().decode() if proc.stderr else ""
            pytest.fail(f"the balancer exited ({proc.returncode}): {err}", pytrace=False)
        try:
            if httpx.get(url + "/api/health", timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    pytest.fail(f"the balancer at {url} did not answer within 20 s", pytrace=False)


@pytest.mark.parametrize("balancer", sorted(BALANCERS))
def test_a_match_and_a_dead_node_behind_the_balancer(cluster: Cluster, tmp_path: Path,
                                                     balancer: str) -> None:
    if shutil.which(balancer) is None:
        pytest.fail(f"{balancer} is not installed: `make test` installs it (apt-get install"
                    f" {balancer}); this test runs the shipped deploy/ configuration",
                    pytrace=False)
    folder = tmp_path / balancer
    folder.mkdir()
    front = Server("", folder / "unused.log", port=free_port())  # its url and ws_url
    proc = BALANCERS[balancer](cluster, folder, front.port)
    try:
        _wait_until_up(front.url, proc)
        asyncio.run(play_match(front, "casino", f"lb{balancer[:2]}"))

        cluster.nodes[0].stop(kill=True)
        time.sleep(1)  # (one health check interval: the balancer may not know yet)
        answers = [httpx.get(front.url + "/api/health", timeout=10).status_code
                   for _ in range(12)]
        assert answers == [200] * 12, answers
        # a sign-up through the balancer still works (it lands on a live node)
        assert asyncio.run(signup(front, f"lb{balancer[:2]}after"))
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
