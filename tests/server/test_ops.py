"""Operating a running salon (issue 33; docs/operations.md): ``GET /metrics`` parses
with prometheus_client's own parser and its counters move with play, ``/api/ready``,
``--log-format json`` gives JSON lines, and ``kahvehane backup`` during a busy run
(bots playing dozens of tables) gives a database that ``kahvehane restore`` brings back
with every finished match replaying and verifying and the ledger audit balanced."""

from __future__ import annotations

import asyncio
import json
import random
import subprocess
import sys
from pathlib import Path

import httpx
import pytest
from prometheus_client.parser import text_string_to_metric_families
from sqlalchemy import select
from sqlalchemy.orm import Session

from kahvehane.records import verify
from kahvehane.store.db import make_engine
from kahvehane.store.ledger import audit
from kahvehane.store.matches import load_record
from kahvehane.store.models import MatchRow
from tests.server.conftest import database
from tests.server.harness import ROOT, Player, Server, play_until_end, random_chooser, signup

pytestmark = pytest.mark.server

TOKEN = "ops-s3cret"


Samples = dict[tuple[str, tuple[tuple[str, str], ...]], float]


def scrape(server: Server, token: str | None = TOKEN) -> Samples:
    """Every sample of ``/metrics``: (name, sorted labels without ``node``) -> value."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    r = httpx.get(server.url + "/metrics", headers=headers)
    assert r.status_code == 200, r.text
    assert r.headers["content-type"].startswith("text/plain")
    out = {}
    for family in text_string_to_metric_families(r.text):
        for s in family.samples:
            labels = tuple(sorted((k, v) for k, v in s.labels.items() if k != "node"))
            out[s.name, labels] = s.value
    return out


def test_metrics_ready_and_json_logs(tmp_path: Path) -> None:
    srv = Server(f"sqlite:///{tmp_path / 'salon.sqlite3'}", tmp_path / "server.log",
                 extra=["--ops-token", TOKEN, "--log-format", "json", "--log-level", "info",
                        "--rate", "50",
                        "--burst", "50", "--countdown", "0.2", "--bot-delay", "0",
                        "--deal-pause", "0"])
    srv.start()
    try:
        assert httpx.get(srv.url + "/metrics").status_code == 403
        assert httpx.get(srv.url + "/metrics",
                         headers={"Authorization": "Bearer nope"}).status_code == 403
        ready = httpx.get(srv.url + "/api/ready")
        assert ready.status_code == 200 and ready.json() == {"ok": True, "database": True}
        before = scrape(srv)
        assert before["kahvehane_moves_total", ()] == 0

        async def play() -> None:
            p = Player(srv, await signup(srv, "olcum"), "olcum")
            await p.connect()
            await p.send(type="create", game="koz_maca", options={"finish_score": 30},
                         entry=100, clock=100)
            table = (await p.expect(lambda m: m["type"] == "created"))["table"]["id"]
            await p.send(type="sit", table=table, seat=0, id="s")
            await p.expect(lambda m: m["type"] == "ok")
            await p.send(type="start", table=table)
            assert await play_until_end(p, table, random_chooser, random.Random(3),
                                        stop_after=3) is None
            during = scrape(srv)
            assert during["kahvehane_tables", (("game", "koz_maca"), ("state", "playing"))] == 1
            assert during["kahvehane_seated", (("kind", "person"),)] == 1
            assert during["kahvehane_seated", (("kind", "bot"),)] == 3
            assert during["kahvehane_connections", ()] == 1
            last, epoch = p.last_n, p.epoch
            p.drop()
            await p.close()
            again = Player(srv, p.token, "again")
            await again.connect()
            await again.send(type="join", table=table, last=last, epoch=epoch)
            await again.expect(lambda m: m["type"] in ("sync", "snapshot"))
            for i in range(120):  # past the burst: refused by the rate limit
                await again.send(type="ping", id=f"p{i}")
            await again.expect(lambda m: m.get("code") == "rate_limited")
            await again.close()

        asyncio.run(play())
        after = scrape(srv)
        assert after["kahvehane_moves_total", ()] >= 3 + before["kahvehane_moves_total", ()]
        assert after["kahvehane_move_latency_seconds_count", ()] >= 3
        assert after["kahvehane_db_write_seconds_count", ()] > 0
        assert after["kahvehane_db_commits_total", ()] > before["kahvehane_db_commits_total", ()]
        assert after["kahvehane_reconnects_total", ()] == 1
        assert after["kahvehane_rate_limited_total", ()] >= 1
        assert after["kahvehane_storage_failures_total", ()] == 0
    finally:
        srv.stop()
    lines = [ln for ln in srv.log_path.read_text().splitlines()
             if ln.strip() and not ln.startswith("kahvehane: the salon is at")]
    parsed = [json.loads(ln) for ln in lines]  # every log line is one JSON object
    assert parsed and all({"time", "level", "logger", "message"} <= set(p) for p in parsed)
    assert any(p["logger"].startswith("uvicorn") for p in parsed)


def test_metrics_are_off_unless_asked_for(tmp_path: Path) -> None:
    srv = Server(f"sqlite:///{tmp_path / 'salon.sqlite3'}", tmp_path / "server.log")
    srv.start()
    try:
        assert httpx.get(srv.url + "/metrics").status_code == 404
        assert httpx.post(srv.url + "/api/ops/backup").status_code == 404
        assert httpx.get(srv.url + "/api/ready").status_code == 200
    finally:
        srv.stop()


# ---------------------------------------------------------------- backups
TABLES = 24


async def busy(srv: Server, tag: str) -> list[Player]:
    """``TABLES`` tables of Koz Maça with an entry, each left by its one person once
    dealt: four bots play every one; the people still watch (they hear ``match_end``)."""
    tokens = [await signup(srv, f"{tag}{k}") for k in range(TABLES)]  # argon2: one by one

    async def one(k: int) -> Player:
        p = Player(srv, tokens[k], f"{tag}{k}")
        await p.connect()
        await p.send(type="create", game="koz_maca", options={"finish_score": 60},
                     entry=100, clock=600)
        table = (await p.expect(lambda m: m["type"] == "created"))["table"]["id"]
        await p.send(type="sit", table=table, seat=0, id="s")
        await p.expect(lambda m: m["type"] == "ok")
        await p.send(type="start", table=table)
        await p.expect(lambda m: m.get("kind") == "deal_start")
        await p.send(type="leave", table=table, id="l")
        await p.expect(lambda m: m.get("kind") == "away")
        return p

    return list(await asyncio.gather(*(one(k) for k in range(TABLES))))


def ended(players: list[Player]) -> int:
    return sum(any(m.get("kind") == "match_end" for m in p.messages) for p in players)


def kahvehane(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "kahvehane.cli", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=300, check=False)


def check_restored(url: str) -> int:
    """Every finished match of ``url`` replays and verifies, and the ledger balances;
    how many finished matches it holds."""
    engine = make_engine(url)
    try:
        with engine.connect() as conn, Session(bind=conn) as s:
            ids = s.scalars(select(MatchRow.id).where(MatchRow.status == "finished")).all()
            for match_id in ids:
                report = verify(load_record(s, match_id, reveal_all=True))
                assert report.ok and report.checked, (match_id, report.failures)
            assert audit(s) == []
            return len(ids)
    finally:
        engine.dispose()


@pytest.mark.slow
def test_backup_during_play_restores_every_finished_match(backend: str,
                                                           tmp_path: Path) -> None:
    with database(backend, tmp_path) as live, database(backend, tmp_path) as target:
        srv = Server(live, tmp_path / "server.log",
                     extra=["--ops-token", TOKEN, "--new-accounts", "1000", "--rate", "2000",
                            "--burst", "4000", "--countdown", "0.2", "--bot-delay", "0.02",
                            "--deal-pause", "0"])
        srv.start()
        out = tmp_path / "salon.backup"
        try:
            async def run() -> tuple[int, int]:
                players = await busy(srv, f"b{backend}")
                async with asyncio.timeout(300):
                    while ended(players) < 1:
                        await asyncio.sleep(0.02)
                # the backup is taken while the other tables play on
                before = ended(players)
                done = await asyncio.to_thread(
                    kahvehane, "backup", str(out), "--db", live, "--server", srv.url,
                    "--token", TOKEN)
                assert done.returncode == 0, done.stderr
                after = ended(players)
                async with asyncio.timeout(600):
                    while ended(players) < TABLES:
                        await asyncio.sleep(0.1)
                for p in players:
                    await p.close()
                return before, after

            before, after = asyncio.run(run())
        finally:
            srv.stop()
        done = kahvehane("restore", str(out), "--db", target)
        assert done.returncode == 0, done.stderr
        restored = check_restored(target)
        # the copy is of one moment between the backup's start and end; the backup began
        # while tables played on (not every match had ended), and on a slow machine they
        # may all have ended by the moment it copied
        # (a match is saved as finished before its players hear of it: ``before`` is a
        # lower bound; ``after`` is not an upper one, the last ends may be on their way)
        assert 1 <= before < TABLES and before <= restored <= TABLES and after >= before
        assert check_restored(live) == TABLES
        # a restore never mixes two salons: a database that holds one is refused
        again = kahvehane("restore", str(out), "--db", target)
        assert again.returncode == 1 and "restore" in again.stderr
        # the restored salon serves: its matches are there
        srv2 = Server(target, tmp_path / "restored.log")
        srv2.start()
        try:
            r = httpx.get(srv2.url + "/api/ready")
            assert r.status_code == 200
        finally:
            srv2.stop()
