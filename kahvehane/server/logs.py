"""The salon's log lines: plain text, or one JSON object a line (``kahvehane serve
--log-format json``; docs/operations.md "Logs").

A JSON line holds ``time`` (ISO 8601, UTC), ``level``, ``logger``, ``message`` and,
where they apply, ``table``, ``match`` and ``user``: the ids of the table whose task
logged it, of its running match, and of the person whose command it was handling. They
come from context variables (:data:`TABLE`, :data:`MATCH`, :data:`USER`) that a table's
task sets as it handles each command, so no log call has to pass them; an exception's
traceback goes in ``exc``.

This module imports only the standard library: the table (``server/table/``) sets the
variables without reaching the socket side.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from contextvars import ContextVar
from datetime import UTC, datetime
from typing import Any

__all__ = ["MATCH", "TABLE", "USER", "JSONFormatter", "setup", "stamp_records"]

#: The table whose task is running (set once by the task).
TABLE: ContextVar[str | None] = ContextVar("kahvehane_table", default=None)
#: The table's running match, while it handles a command.
MATCH: ContextVar[int | None] = ContextVar("kahvehane_match", default=None)
#: The person who sent the command being handled.
USER: ContextVar[int | None] = ContextVar("kahvehane_user", default=None)

TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


class JSONFormatter(logging.Formatter):
    """One JSON object per record (the ids of the context where they are set).

    >>> rec = logging.LogRecord("kahvehane.x", logging.INFO, "f", 1, "hi %s", ("you",), None)
    >>> token = TABLE.set("t1")
    >>> out = json.loads(JSONFormatter().format(rec)); TABLE.reset(token)
    >>> out["message"], out["table"], out["level"], "match" in out
    ('hi you', 't1', 'info', False)
    """

    def format(self, record: logging.LogRecord) -> str:
        out: dict[str, object] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(
                timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        for key, var in (("table", TABLE), ("match", MATCH), ("user", USER)):
            value = getattr(record, key, None)
            if value is None:
                value = var.get()
            if value is not None:
                out[key] = value
        if record.exc_info:
            out["exc"] = self.formatException(record.exc_info)
        return json.dumps(out, ensure_ascii=False, default=str)


def stamping(
        make: Callable[..., logging.LogRecord]) -> Callable[..., logging.LogRecord]:
    """A log record factory that makes records with ``make`` and writes the context's
    ids on them as they are made (a handler may format them later, elsewhere)."""
    def factory(*args: Any, **kwargs: Any) -> logging.LogRecord:
        record = make(*args, **kwargs)
        for key, var in (("table", TABLE), ("match", MATCH), ("user", USER)):
            value = var.get()
            if value is not None and not hasattr(record, key):
                setattr(record, key, value)
        return record
    factory.stamps = True  # type: ignore[attr-defined]
    return factory


def stamp_records() -> None:
    """Have every log record carry the context's ids (once per process)."""
    current = logging.getLogRecordFactory()
    if not getattr(current, "stamps", False):
        logging.setLogRecordFactory(stamping(current))


def setup(level: str, fmt: str) -> None:
    """Configure the root logger: ``fmt`` is ``text`` or ``json`` (uvicorn's own
    loggers propagate to it, so their lines take the same format)."""
    stamp_records()
    handler = logging.StreamHandler()
    handler.setFormatter(JSONFormatter() if fmt == "json" else logging.Formatter(TEXT_FORMAT))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level.upper())


def uvicorn_config(fmt: str) -> dict[str, object] | None:
    """uvicorn's ``log_config``: ``None`` (keep the root's handler, set by :func:`setup`)
    for JSON, so its lines are JSON too; its own default for text."""
    if fmt != "json":
        from uvicorn.config import LOGGING_CONFIG

        return LOGGING_CONFIG
    return {"version": 1, "disable_existing_loggers": False,
            "loggers": {name: {"handlers": [], "propagate": True}
                        for name in ("uvicorn", "uvicorn.error", "uvicorn.access")}}
