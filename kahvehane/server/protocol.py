"""Message helpers of the salon protocol (``docs/protocol.md``): encoding, error
messages, fields, limits.

>>> dumps({"type": "pong", "time": 1})
'{"type":"pong","time":1}'
>>> b = TokenBucket(rate=2, burst=2, now=0.0)
>>> [b.allow(0.0), b.allow(0.0), b.allow(0.0), b.allow(0.5)]
[True, True, False, True]
"""

from __future__ import annotations

import json
import time
from typing import Any

import orjson

from kahvehane.server.errors import (
    FIELD_IS_BOOL,
    FIELD_TYPE,
    MISSING_FIELD,
    ProtocolError,
    i18n,
)

PROTOCOL = 1

JSONObj = dict[str, Any]
_OPTS = orjson.OPT_NON_STR_KEYS


def dumps(obj: Any) -> str:
    """Compact JSON text, UTF-8 as is (orjson; the standard library for what orjson
    refuses, such as an integer beyond 64 bits)."""
    try:
        return orjson.dumps(obj, option=_OPTS).decode()
    except TypeError:
        return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def join_objects(*texts: str) -> str:
    """One JSON object text with the members of the object texts ``texts``, in order
    (their keys must differ; ``"{}"`` adds nothing). How parts encoded once are put
    together without decoding them: a change's last event and the state's fields, a
    view's public part and a seat's own part."""
    return "{" + ",".join([t[1:-1] for t in texts if len(t) > 2]) + "}"


def now_ms() -> int:
    return int(time.time() * 1000)


def error_message(exc: ProtocolError, *, msg_id: Any = None,
                  table: str | None = None) -> JSONObj:
    """The ``error`` message of a refusal: the protocol code, the English text (without
    the rule), the rule, and the message code with its params for any language."""
    return {"type": "error", "id": msg_id, "table": table, "code": exc.protocol_code,
            "message": exc.reason, "rule": exc.rule, "i18n": i18n(exc)}


def field(msg: JSONObj, key: str, kind: type | tuple[type, ...], *, required: bool = True,
          default: Any = None) -> Any:
    """A field of a client message, checked: ``bad_message`` if missing or wrong."""
    if key not in msg or msg[key] is None:
        if required:
            raise ProtocolError("bad_message", MISSING_FIELD, field=repr(key))
        return default
    value = msg[key]
    if isinstance(value, bool) and kind is not bool and bool not in (
        kind if isinstance(kind, tuple) else (kind,)
    ):
        raise ProtocolError("bad_message", FIELD_IS_BOOL, field=repr(key))
    if not isinstance(value, kind):
        raise ProtocolError("bad_message", FIELD_TYPE, field=repr(key))
    return value


#: The integers a message ``id`` may be: 64 bits, signed or not (what every JSON reader
#: of the salon reads as an integer; a larger one reads as a number with a fraction).
ID_MIN, ID_MAX = -(2**63), 2**64 - 1


def message_id(msg: JSONObj) -> Any:
    """The client's ``id`` if it is a short string or a 64-bit integer, else ``None``.

    >>> [message_id({"id": v}) for v in (2**64 - 1, -(2**63), 2**64, "a")]
    [18446744073709551615, -9223372036854775808, None, 'a']
    """
    value = msg.get("id")
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value if ID_MIN <= value <= ID_MAX else None
    if isinstance(value, str) and len(value) <= 64:
        return value
    return None


def has_bad_id(msg: JSONObj) -> bool:
    """Whether ``msg`` carries an ``id`` that is not a string of at most 64 characters
    or an integer of 64 bits (from −2^63 to 2^64 − 1; ``null`` is no id); such a message
    is refused, not executed.

    >>> [has_bad_id({"id": v}) for v in ("a", 7, None, "x" * 65, 1.5, True, [1], {})]
    [False, False, False, True, True, True, True, True]
    """
    return msg.get("id") is not None and message_id(msg) is None


class TokenBucket:
    """``rate`` messages per second with bursts of ``burst``."""

    __slots__ = ("burst", "last", "rate", "tokens")

    def __init__(self, rate: float, burst: int, now: float | None = None) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = float(burst)
        self.last = time.monotonic() if now is None else now

    def allow(self, now: float | None = None) -> bool:
        t = time.monotonic() if now is None else now
        self.tokens = min(self.burst, self.tokens + (t - self.last) * self.rate)
        self.last = t
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False
