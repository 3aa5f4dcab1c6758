"""The direct line's frames and its slow-client limit (no server process needed)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from websockets.frames import Frame, Opcode

from kahvehane.server.connection import Conn
from kahvehane.server.settings import Settings
from kahvehane.server.wsdirect import text_frame


@pytest.mark.parametrize("size", [0, 1, 125, 126, 127, 65535, 65536, 70000])
def test_text_frame_is_what_websockets_would_send(size: int) -> None:
    data = ("ç" * (size // 2) + "x" * (size % 2)).encode()
    assert len(data) == size
    theirs = Frame(Opcode.TEXT, data).serialize(mask=False, extensions=[])
    assert text_frame(data) == theirs


class FakeLine:
    def __init__(self, buffered: int = 0, open_: bool = True) -> None:
        self.sent: list[str] = []
        self.backlog = buffered
        self.open = open_
        self.aborts: list[float] = []

    def write_texts(self, texts: Sequence[str]) -> bool:
        if not self.open:
            return False
        self.sent.extend(texts)
        return True

    def buffered(self) -> int:
        return self.backlog

    def abort_after(self, seconds: float) -> None:
        self.aborts.append(seconds)


def _conn(line: FakeLine, **settings: Any) -> Conn:
    return Conn(None, None, Settings(**settings), line)  # type: ignore[arg-type]


def test_a_direct_line_sends_at_once_and_in_order() -> None:
    line = FakeLine()
    conn = _conn(line)
    conn.send_text("a")
    conn.send({"type": "b"})
    conn.send_texts(["c", "d"])
    assert line.sent == ["a", '{"type":"b"}', "c", "d"]
    assert not conn.closed and not conn._out


def test_a_client_too_far_behind_is_disconnected_with_1013() -> None:
    line = FakeLine(buffered=5_000)
    conn = _conn(line, send_buffer_limit=4_096)
    conn.send_text("x")
    assert line.sent == [] and conn.closed and conn.close_code == 1013
    conn.send_text("y")  # nothing more is written to a closed connection
    assert line.sent == []
    assert line.aborts == [Settings().close_deadline]  # the TCP connection goes after it


def test_the_limit_counts_what_a_write_would_add() -> None:
    """The limit holds for what would be queued, not only for what already is."""
    line = FakeLine(buffered=4_000)
    conn = _conn(line, send_buffer_limit=4_096)
    conn.send_text("x" * 50)  # 4,050: within
    assert line.sent == ["x" * 50] and not conn.closed
    conn.send_text("y" * 200)  # 4,200 would be over: nothing written, closed 1013
    assert line.sent == ["x" * 50] and conn.closed and conn.close_code == 1013
    assert line.aborts == [Settings().close_deadline]


def test_a_closing_connection_is_closed_not_written() -> None:
    conn = _conn(FakeLine(open_=False))
    conn.send_text("x")
    assert conn.closed and conn.close_code == 1000
