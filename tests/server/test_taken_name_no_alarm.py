"""A sign-up under a taken name is ordinary bad input (issue 32, finding 5): it is
refused with its coded error and changes nothing, and the store raises no storage alarm
("a database write failed" is for a database that failed) — while a write that really
fails still raises one."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import pytest
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from kahvehane.store import Store
from kahvehane.store.accounts import NAME_TAKEN, AccountError, create_user
from kahvehane.store.models import User


def test_a_taken_name_is_refused_without_a_storage_alarm(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    store = Store(f"sqlite:///{tmp_path / 'salon.sqlite3'}")
    store.migrate()
    store.start()

    def sign_up(name: str) -> None:  # the way the sign-up route writes: the writer
        async def run() -> None:
            await store.write(lambda s: create_user(s, name, None, guest=False, chips=0))
        asyncio.run(run())

    def broken(s: Session) -> None:
        raise OSError("the disk went away")

    async def fails() -> None:
        await store.write(broken)

    try:
        sign_up("Ayşe")
        with caplog.at_level(logging.DEBUG, logger="kahvehane.store"):
            with pytest.raises(AccountError) as refused:
                sign_up("ayşe")  # the same name, case aside
            assert refused.value.code == NAME_TAKEN.code
            assert not [r for r in caplog.records if r.levelno >= logging.WARNING], \
                caplog.text
            with pytest.raises(OSError):
                asyncio.run(fails())
        assert "a database write failed" in caplog.text  # a real failure still alarms
        count = store.run_sync(lambda s: s.scalar(select(func.count()).select_from(User)))
        assert count == 1  # nothing changed
    finally:
        store.close()
