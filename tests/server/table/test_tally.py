"""What a table counts for ``GET /metrics`` (moves, reconnects, a move's latency) and
the ids its log lines carry in JSON (kahvehane/server/tally.py, server/logs.py)."""

from __future__ import annotations

import asyncio
import json
import logging
import time

import pytest

from kahvehane.server.logs import JSONFormatter, stamp_records
from kahvehane.server.table import Command
from tests.server.table.inproc import Bench, run


def test_moves_are_counted_and_a_stamped_move_times_its_way_to_every_seat() -> None:
    async def go() -> None:
        b = Bench()
        seen: list[float] = []
        b.table.tally.move_latency = seen.append
        ayse = b.viewer("Ayşe")
        await b.begin("Ayşe")
        state = await b.until_to_act(0)
        bots_moves = b.table.tally.moves
        session = b.table.session
        assert session is not None
        # the bots' moves so far (if any) were counted, and none was timed
        assert bots_moves == sum(len(d.actions) for d in session.match.deals) and not seen
        action = {k: v for k, v in state["legal"][0].items() if k != "seat"}
        msg = {"type": "act", "table": b.table.id, "id": "a1", "action": action}
        await b.table.step(Command("act", ayse, msg, at=time.perf_counter()))
        assert b.table.tally.moves == bots_moves + 1
        assert len(seen) == 1 and 0 <= seen[0] < 60
        # an unstamped command (a table's own, or one relayed from another node) is not timed
        await b.until_to_act(0)
        state = next(m for m in reversed(b.said(ayse)) if "legal" in m)
        action = {k: v for k, v in state["legal"][0].items() if k != "seat"}
        assert (await b.send(ayse, "act", action=action) or {})["type"] == "ok"
        assert len(seen) == 1

    run(go())


def test_a_join_with_what_the_client_saw_is_a_reconnect() -> None:
    async def go() -> None:
        b = Bench()
        ayse = b.viewer("Ayşe")
        await b.send(ayse, "join")
        assert b.table.tally.reconnects == 0
        await b.send(ayse, "join", last=b.table.log.n, epoch="e1")
        assert b.table.tally.reconnects == 1

    run(go())


def test_a_table_log_line_in_json_names_the_table_the_match_and_the_user(
        caplog: pytest.LogCaptureFixture) -> None:
    async def go() -> None:
        b = Bench()
        ayse = b.viewer("Ayşe")
        await b.begin("Ayşe")
        state = await b.until_to_act(0)
        action = {k: v for k, v in state["legal"][0].items() if k != "seat"}
        b.recorder.broken = True  # the failed write is logged by the table's task
        stamp_records()  # as kahvehane serve --log-format json does
        with caplog.at_level(logging.WARNING, logger="kahvehane"):
            err = await _in_task(b, Command("act", ayse, {"type": "act", "table": b.table.id,
                                                          "id": "x", "action": action}))
        assert err
        lines = [json.loads(JSONFormatter().format(r)) for r in caplog.records
                 if "not saved" in r.getMessage()]
        assert lines, [r.getMessage() for r in caplog.records]
        session = b.table.session
        assert session is not None and ayse.user is not None
        assert lines[0]["table"] == b.table.id
        assert lines[0]["match"] == session.match_id
        assert lines[0]["user"] == ayse.user.id
        assert lines[0]["level"] == "warning" and "not saved" in lines[0]["message"]

    run(go())


async def _in_task(b: Bench, cmd: Command) -> bool:
    """Handle ``cmd`` in the table's own task (``start``: what sets its log's table id),
    then stop the task; whether the sender was refused."""
    b.table.start()
    b.table.submit(cmd)
    for _ in range(200):
        if cmd.viewer is not None and any(m.get("id") == "x" for m in b.said(cmd.viewer)):
            break
        await asyncio.sleep(0.01)
    assert b.table.task is not None and cmd.viewer is not None
    b.table.task.cancel()
    return any(m.get("id") == "x" and m["type"] == "error" for m in b.said(cmd.viewer))
