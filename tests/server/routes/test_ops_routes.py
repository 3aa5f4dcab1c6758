"""The operations routes alone (kahvehane/server/routes/ops.py): who may scrape the
metrics and take a backup, and what readiness says when the database does not answer."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from prometheus_client.parser import text_string_to_metric_families

from kahvehane.server.routes import ops
from kahvehane.server.routes.base import context
from tests.server.routes.conftest import Mount


def test_off_unless_a_token_or_an_allow_list_is_given(mount: Mount) -> None:
    c = mount(ops.ROUTES)
    r = c.get("/metrics")
    assert r.status_code == 404 and r.json()["error"]["i18n"]["code"] == "server.ops_off"
    assert c.post("/api/ops/backup").status_code == 404


def test_the_token_opens_the_metrics_and_nothing_else_does(mount: Mount) -> None:
    c = mount(ops.ROUTES, ops_token="t0ken")
    assert c.get("/metrics").status_code == 403
    assert c.get("/metrics", headers={"Authorization": "Bearer t0ken!"}).status_code == 403
    r = c.get("/metrics", headers={"Authorization": "Bearer t0ken"})
    assert r.status_code == 200
    names = {f.name for f in text_string_to_metric_families(r.text)}
    assert {"kahvehane_connections", "kahvehane_tables", "kahvehane_seated",
            "kahvehane_moves", "kahvehane_move_latency_seconds", "kahvehane_db_write_seconds",
            "kahvehane_storage_failures", "kahvehane_reconnects",
            "kahvehane_rate_limited"} <= names


def test_an_allowed_address_needs_no_token_and_a_forwarded_one_counts_only_from_a_proxy(
        mount: Mount) -> None:
    c = mount(ops.ROUTES, client=("10.0.0.7", 4000), ops_allow=("10.0.0.0/24",))
    assert c.get("/metrics").status_code == 200
    c = mount(ops.ROUTES, client=("127.0.0.1", 4000), ops_allow=("127.0.0.1",),
              trusted_proxies=("127.0.0.1",))
    # behind the (trusted) proxy on this machine, the client is the forwarded address
    assert c.get("/metrics", headers={"X-Forwarded-For": "203.0.113.9"}).status_code == 403


def test_the_backup_is_a_sound_copy_of_the_database(mount: Mount, tmp_path: Path) -> None:
    c = mount(ops.ROUTES, ops_token="t0ken")
    r = c.post("/api/ops/backup", headers={"Authorization": "Bearer t0ken"})
    assert r.status_code == 200
    copy = tmp_path / "copy.sqlite3"
    copy.write_bytes(r.content)
    with sqlite3.connect(copy) as db:
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert db.execute("SELECT count(*) FROM alembic_version").fetchone() == (1,)
    # the server's temporary file is gone
    assert not list(tmp_path.glob(".kahvehane-backup-*"))


def test_ready_says_503_when_the_database_does_not_answer(
        mount: Mount, monkeypatch: pytest.MonkeyPatch) -> None:
    c = mount(ops.ROUTES)
    assert c.get("/api/ready").json() == {"ok": True, "database": True}
    store = context(c).salon.store  # type: ignore[arg-type]

    async def down(fn: object) -> None:
        raise OSError("the database went away")

    monkeypatch.setattr(store, "read", down)
    r = c.get("/api/ready")
    assert r.status_code == 503 and r.json() == {"ok": False, "database": False}
