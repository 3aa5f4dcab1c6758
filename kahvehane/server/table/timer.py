"""The one timer of a table: the countdown, a bot's pause, the move clock, the pause
before the next deal, or closing an idle table — whichever the table needs now.

When it fires it does not act itself: it puts a ``timer`` :class:`Command` in the
table's queue, so a timer is handled like any message, one at a time. Each arming gets a
new token; a command whose token is not the current one is a timer that was replaced,
and is ignored.

Time is the :class:`Clock`'s: the running event loop's (:class:`LoopClock`), or one a
test moves by hand, so a table's countdowns and move clocks run in no time there.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from functools import partial
from typing import Protocol

from kahvehane.server.table.ports import Command

__all__ = ["Clock", "LoopClock", "Timer"]


class Handle(Protocol):
    """An armed call (:class:`asyncio.TimerHandle` is one)."""

    def cancel(self) -> None: ...

    def when(self) -> float: ...


class Clock(Protocol):
    """Monotonic seconds, and a call made at a time of them."""

    def time(self) -> float: ...

    def call_at(self, when: float, callback: Callable[[], None]) -> Handle: ...


class LoopClock:
    """The running event loop's clock."""

    def time(self) -> float:
        return asyncio.get_running_loop().time()

    def call_at(self, when: float, callback: Callable[[], None]) -> Handle:
        return asyncio.get_running_loop().call_at(when, callback)


class Timer:
    """Arms at most one timer at a time; ``fire`` puts its command in the queue."""

    __slots__ = ("_clock", "_due", "_fire", "_handle", "_retry_at", "_token", "kind")

    def __init__(self, fire: Callable[[Command], None], clock: Clock | None = None) -> None:
        self._fire = fire
        self._clock: Clock = clock if clock is not None else LoopClock()
        self._handle: Handle | None = None
        self.kind = ""  # what was armed last
        self._token = 0
        self._due = 0.0  # loop time the armed timer is for (a clock may fire early)
        self._retry_at = 0.0  # loop time before which timers wait (after a failed write)

    def retry_after(self, seconds: float) -> None:
        """A write failed: timers (but the idle one) wait ``seconds`` before firing."""
        self._retry_at = self._clock.time() + seconds

    def set(self, kind: str, delay: float) -> None:
        """Fire ``kind`` after ``delay`` seconds, replacing what was armed."""
        now = self._clock.time()
        if kind != "idle":  # after a failed write, wait before trying again
            delay = max(delay, self._retry_at - now)
        due = now + max(0.0, delay)
        handle = self._handle
        if (handle is not None and kind == "clock" and self.kind == "clock"
                and handle.when() <= due):
            # Each move pushes the move clock later. The armed clock timer fires no
            # later than the new deadline: keep it, and when it fires early it arms
            # itself again for the rest (fired): one timer per clock, not per move.
            self._due = due
            return
        if handle is not None:
            handle.cancel()
        self._token += 1
        self.kind = kind
        self._due = due
        self._handle = self._clock.call_at(
            due, partial(self._fire, Command("timer", msg={"timer": kind}, token=self._token)))

    def clear(self) -> None:
        if self._handle is not None:
            self._handle.cancel()
        self._handle = None
        self.kind = ""
        self._token += 1

    def fired(self, kind: str, token: int) -> str | None:
        """The kind of timer to act on now, of the timer ``kind`` armed with ``token``
        that fired; or ``None``: it was replaced, or it is a move clock that fired
        early (armed again for the rest)."""
        if token != self._token:
            return None
        self._handle = None
        rest = self._due - self._clock.time()
        if kind == "clock" and rest > 0:  # the clock moved on since it was armed
            self.set("clock", rest)
            return None
        return kind
