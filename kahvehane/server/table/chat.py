"""Table talk (issue 21): what may be said at a table, how often, and the recent lines
a (re)joining client is given. Pure: no asyncio, no database — the actor checks here,
saves the line (with the table and its match, never in the game record) and then tells
every viewer.

A line is plain text (whitespace runs made one space, control characters dropped, at
most ``max_chars`` characters) or a quick phrase, named by its code so that each reader
sees it in their own language (:data:`PHRASES`). Markup is not interpreted anywhere:
the text travels as a JSON string and the web client shows it as text.

>>> clean_text("  İyi   oyunlar\\n\\t!  ", 200)
'İyi oyunlar !'
>>> limiter = ChatLimiter(lines=2, seconds=10)
>>> [limiter.allow(7, now=0.0), limiter.allow(7, now=0.0), limiter.allow(7, now=0.0)]
[True, True, False]
>>> limiter.allow(8, now=0.0), limiter.allow(7, now=5.0)
(True, True)
"""

from __future__ import annotations

import unicodedata
from collections import deque
from collections.abc import Iterable
from typing import Any

from kahvehane.errors import Message
from kahvehane.server.errors import CHAT_EMPTY, CHAT_TOO_LONG, CHAT_UNKNOWN_PHRASE, ProtocolError
from kahvehane.server.protocol import TokenBucket

__all__ = ["PHRASES", "ChatLimiter", "ChatLog", "clean_text", "phrase_code"]


def _phrase(key: str, en: str, tr: str) -> tuple[str, Message]:
    return key, Message(f"chat.phrase.{key}", en, tr)


#: The quick phrases and emotes, one tap each, by key (``{"type": "chat", "phrase":
#: key}``); each reader's client shows the line in its own language.
PHRASES: dict[str, Message] = dict([
    _phrase("good_game", "Have a good game", "İyi oyunlar"),
    _phrase("congrats", "Congratulations", "Tebrikler"),
    _phrase("kolay_gelsin", "Take it easy", "Kolay gelsin"),
    _phrase("lucky", "You are so lucky", "Çok şanslısın"),
    _phrase("well_played", "Well played", "İyi oynadın"),
    _phrase("thanks", "Thank you", "Teşekkürler"),
    _phrase("hurry", "Come on, your turn", "Hadi, sıra sende"),
    _phrase("again", "Rematch?", "Rövanş?"),
    _phrase("thumbs_up", "👍", "👍"),
    _phrase("laugh", "😄", "😄"),
    _phrase("tea", "🍵", "🍵"),
    _phrase("wow", "😮", "😮"),
])


def phrase_code(key: object) -> str:
    """The key of a known quick phrase, or ``bad_message``."""
    if not isinstance(key, str) or key not in PHRASES:
        raise ProtocolError("bad_message", CHAT_UNKNOWN_PHRASE, phrase=repr(key)[:60])
    return key


def clean_text(raw: object, max_chars: int) -> str:
    """A line as it is kept and shown: whitespace runs made one space, other control
    and format characters dropped, trimmed; refused when empty or longer than
    ``max_chars`` (counted after cleaning)."""
    if not isinstance(raw, str):
        raise ProtocolError("bad_message", CHAT_EMPTY)
    kept: list[str] = []
    for ch in raw:
        if ch.isspace():
            if kept and kept[-1] != " ":
                kept.append(" ")
        elif unicodedata.category(ch) not in ("Cc", "Cf", "Cs", "Co", "Cn"):
            kept.append(ch)
    text = "".join(kept).strip()
    if not text:
        raise ProtocolError("bad_message", CHAT_EMPTY)
    if len(text) > max_chars:
        raise ProtocolError("bad_message", CHAT_TOO_LONG, max=max_chars, length=len(text))
    return text


class ChatLimiter:
    """``lines`` lines per ``seconds`` per person (a token bucket per user id), across
    all of that person's connections to the table."""

    def __init__(self, lines: int, seconds: float) -> None:
        self.lines = lines
        self.seconds = seconds
        self._buckets: dict[int, TokenBucket] = {}

    def allow(self, user_id: int, now: float | None = None) -> bool:
        bucket = self._buckets.get(user_id)
        if bucket is None:
            if len(self._buckets) > 1000:  # forget the idle ones (their buckets are full)
                self._buckets.clear()
            bucket = self._buckets[user_id] = TokenBucket(self.lines / self.seconds,
                                                          self.lines, now)
        return bucket.allow(now)


class ChatLog:
    """The recent lines of a table (``ChatLine`` objects of docs/protocol.md), the ones a
    joining client gets."""

    def __init__(self, keep: int, lines: Iterable[dict[str, Any]] = ()) -> None:
        self.lines: deque[dict[str, Any]] = deque(lines, maxlen=keep)

    def add(self, line: dict[str, Any]) -> None:
        self.lines.append(line)

    def recent(self) -> list[dict[str, Any]]:
        return list(self.lines)
