"""Moves made for a seat: a bot may make one free action (Okey's ``arrange``) and is
asked again; its turn always ends with a move. Against a real Okey deal and a match
session whose store only records what it is asked to write."""

from __future__ import annotations

import asyncio
import logging
import random
import threading
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pytest

from kahvehane.bots import Bot, make_bot
from kahvehane.games import get_spec
from kahvehane.games.base import Action
from kahvehane.match import Match
from kahvehane.server.table.autoplay import Autoplay, ask
from kahvehane.server.table.seats import SeatState
from kahvehane.server.table.session import MatchSession


class Recorder:
    """A table's recorder that keeps the actions it is asked to save, as their rows."""

    def __init__(self) -> None:
        self.rows: list[dict[str, Any]] = []

    async def save_action(self, match_id: int, k: int, i: int, action: dict[str, Any],
                          auto: bool = False) -> None:
        self.rows.append({"match_id": match_id, "deal": k, "i": i, "action": action})


class Scripted(Bot):
    """Answers with its rack as it is (an ``arrange``) ``free`` times, then its first
    legal action."""

    kind = "scripted"

    def __init__(self, seat: int, free: int,
                 parse: Callable[[Mapping[str, Any]], Action]) -> None:
        super().__init__("duz_okey", seat)
        self.free = free
        self.parse = parse
        self.asked = 0

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        self.asked += 1
        if self.free:
            self.free -= 1
            return self.parse({"seat": self.seat, "act": "arrange", "rack": view["rack"]})
        return legal[0]


def _session() -> tuple[MatchSession, Recorder]:
    store = Recorder()
    match = Match("duz_okey", {"deals": 3}, seed="autoplay")
    match.deal()
    return MatchSession(store, match, 1), store  # type: ignore[arg-type]


def _turn(free: int) -> tuple[list[str], Scripted, Recorder]:
    session, store = _session()
    state = session.current
    assert state is not None
    seat = state.to_act[0]
    bot = Scripted(seat, free, state.parse_action)
    played: list[str] = []

    async def play(action: Action) -> None:
        played.append(action.act)
        await session.play(action)

    auto = Autoplay("duz_okey", get_spec("duz_okey").free_actions, "heuristic",
                    random.Random(1))
    asyncio.run(auto.turn(session, seat, bot, play))
    return played, bot, store


def test_a_free_action_then_the_move() -> None:
    played, bot, store = _turn(free=1)
    assert played[0] == "arrange" and played[1] != "arrange" and len(played) == 2
    assert bot.asked == 2
    assert [r["action"]["act"] for r in store.rows] == played  # each one saved


def test_a_second_free_action_is_not_applied_the_turn_ends_anyway() -> None:
    played, bot, _ = _turn(free=5)
    assert played[0] == "arrange" and played[1] != "arrange" and len(played) == 2
    assert bot.asked == 2  # asked twice, never more


def test_a_plain_move() -> None:
    played, bot, _ = _turn(free=0)
    assert len(played) == 1 and played[0] != "arrange" and bot.asked == 1


class Faulty(Scripted):
    """A bot with a bug: it raises, or answers with a move that is not legal."""

    def __init__(self, seat: int, parse: Callable[[Mapping[str, Any]], Action],
                 how: str) -> None:
        super().__init__(seat, 0, parse)
        self.how = how

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        self.asked += 1
        if self.how == "raises":
            raise RuntimeError("a bug in the bot")
        # a discard of a tile the seat does not hold (a malformed answer)
        return self.parse({"seat": self.seat, "act": "discard", "tile": "R13"}) \
            if self.how == "illegal" else legal[0]


def test_a_failing_bot_plays_the_first_legal_action_and_the_turn_ends(
        caplog: pytest.LogCaptureFixture) -> None:
    for how in ("raises", "illegal"):
        session, store = _session()
        state = session.current
        assert state is not None
        seat = state.to_act[0]
        first = state.legal_actions(seat)[0]
        bot = Faulty(seat, state.parse_action, how)
        played: list[Action] = []

        async def play(action: Action, session: MatchSession = session,
                       played: list[Action] = played) -> None:
            played.append(action)
            await session.play(action)

        auto = Autoplay("duz_okey", get_spec("duz_okey").free_actions, "heuristic",
                        random.Random(1))
        caplog.clear()
        with caplog.at_level(logging.WARNING, logger="kahvehane.server.table"):
            asyncio.run(auto.turn(session, seat, bot, play))
        after = session.current
        assert after is not None and seat not in after.to_act, how  # the turn ended
        assert played[-1] == first, how
        # the malformed answer reached the engine, which refused it, and nothing of it
        # was saved; a bot that raised was never asked to play
        assert len(played) == (2 if how == "illegal" else 1), how
        assert len(store.rows) == 1, how
        assert [r["action"] for r in store.rows][-1] == first.to_json(), how
        assert f"bot at seat {seat}" in caplog.text and "first legal action" in caplog.text


def test_bots_of_the_table_and_fallbacks() -> None:
    auto = Autoplay("duz_okey", ("arrange",), "no-such-kind", random.Random(2))
    assert auto.kind == "random"  # the salon's kind, where the game has it
    assert auto.new_bot(0, "heuristic").kind == "heuristic"  # a restored match's kind
    assert auto.new_bot(0, "gone").kind == "random"
    st = SeatState()
    fallback = auto.bot_for(st, 1)
    assert st.fallback is fallback and auto.bot_for(st, 1) is fallback


class Pondering(Scripted):
    """A deliberate bot that thinks until the event loop has shown it is still serving
    others (it waits on an event that only a coroutine on the loop can set)."""

    deliberate = True

    def __init__(self, seat: int, parse: Callable[[Mapping[str, Any]], Action]) -> None:
        super().__init__(seat, 0, parse)
        self.loop_ran = threading.Event()
        self.thread = ""

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        self.thread = threading.current_thread().name
        assert self.loop_ran.wait(10), "the event loop stood still while the bot thought"
        return super().choose(view, legal)


def test_a_deliberate_bot_thinks_off_the_event_loop() -> None:
    session, _ = _session()
    state = session.current
    assert state is not None
    seat = state.to_act[0]
    bot = Pondering(seat, state.parse_action)
    auto = Autoplay("duz_okey", get_spec("duz_okey").free_actions, "heuristic",
                    random.Random(1))
    played: list[str] = []

    async def play(action: Action) -> None:
        played.append(action.act)
        await session.play(action)

    async def other_table() -> None:
        await asyncio.sleep(0.01)  # runs only if the loop is free while the bot thinks
        bot.loop_ran.set()

    async def both() -> None:
        await asyncio.gather(auto.turn(session, seat, bot, play), other_table())

    asyncio.run(both())
    assert bot.thread.startswith("kahvehane-bot") and len(played) == 1


def test_a_quick_bot_is_asked_on_the_loop() -> None:
    session, _ = _session()
    state = session.current
    assert state is not None
    bot = Scripted(state.to_act[0], 0, state.parse_action)
    action = asyncio.run(ask(bot, state.view(bot.seat), state.legal_actions(bot.seat)))
    assert action in state.legal_actions(bot.seat) and bot.asked == 1
    assert make_bot("duz_okey", "search", 0).deliberate  # the search bots are deliberate
    assert not make_bot("duz_okey", "heuristic", 0).deliberate
