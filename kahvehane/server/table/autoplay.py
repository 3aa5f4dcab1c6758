"""Moves the server makes for a seat: a bot's seat, and a person whose clock ran out
(played by a fallback bot while they are away). One path for both.

A bot is asked with the seat's view and legal actions. It may first answer with one of
the game's **free actions** (``GameSpec.free_actions``, the actions a seat may make on
or off turn, such as Okey's ``arrange``): that is applied like any move, does not end the
turn, and the bot is asked once more for its move. A second free answer in the same turn
is not applied (the bot would be arranging in circles): the first legal action is
played instead, so a turn always ends.

A bot that fails — ``choose`` raises, or answers with a move the engine refuses — is a
bug in the bot, not in the match: it is logged with the bot's kind and seat, and the
first legal action is played for it, so one faulty bot never stalls a table (the error
would otherwise leave the turn unplayed, and the same bot would be asked again when the
turn is next scheduled).

A deliberate bot (``Bot.deliberate``: the search bots, which think for up to their clock)
is asked on the salon's one bot thread, so the event loop goes on serving the other
tables meanwhile; its table waits, as its actor awaits the answer before it takes the
next command. One thread for all tables: bots never run at once, and their compiled or
cached helpers are never shared between threads that run together.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Awaitable, Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from functools import cache
from typing import Any

from kahvehane.bots import Bot, bot_kinds, make_bot
from kahvehane.bots.levels import level_kind
from kahvehane.errors import IllegalAction
from kahvehane.games.base import Action
from kahvehane.server.table.seats import SeatState
from kahvehane.server.table.session import MatchSession

__all__ = ["Autoplay", "Play", "ask"]

log = logging.getLogger("kahvehane.server.table")

#: Apply one action for a seat, save it and queue its events (the actor's).
Play = Callable[[Action], Awaitable[None]]


@cache
def _bot_thread() -> ThreadPoolExecutor:
    return ThreadPoolExecutor(max_workers=1, thread_name_prefix="kahvehane-bot")


async def ask(bot: Bot, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
    """``bot.choose(view, legal)``; on the bot thread if the bot is deliberate."""
    if not bot.deliberate:
        return bot.choose(view, legal)
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(_bot_thread(), bot.choose, view, legal)


class Autoplay:
    """The bots of one table. Empty seats get the kind of the table's ``level``
    (:func:`kahvehane.bots.levels.level_kind`: kolay, orta, zor); without a level, and
    for an away person's fallback whatever the level (it plays for a person, who chose
    no level), the salon's ``preferred`` kind where the game has it (else ``random``).
    ``rng`` seeds each bot (bots' choices only, never deals)."""

    def __init__(self, game: str, free_actions: tuple[str, ...], preferred: str,
                 rng: random.Random, level: str | None = None) -> None:
        self.game = game
        self.free = frozenset(free_actions)
        kinds = bot_kinds(game)
        self.kind = preferred if preferred in kinds else "random"
        self.level = level
        self.seat_kind = self.kind if level is None else level_kind(game, level)
        self._kinds = kinds
        self._rng = rng

    def _make(self, seat: int, kind: str) -> Bot:
        return make_bot(self.game, kind, seat, random.Random(self._rng.getrandbits(64)))

    def new_bot(self, seat: int, kind: str | None = None) -> Bot:
        """The bot of the empty ``seat``: of ``kind`` if the game has it (a restored
        match's), else of the table's level; it carries the level (shown on the seat,
        written in the record's players)."""
        bot = self._make(seat, kind if kind is not None and kind in self._kinds
                         else self.seat_kind)
        bot.level = self.level
        return bot

    def bot_for(self, st: SeatState, seat: int) -> Bot:
        """Who plays ``seat`` now: its bot, or the fallback of its away person."""
        if st.bot is not None:
            return st.bot
        if st.fallback is None:
            st.fallback = self._make(seat, self.kind)
        return st.fallback

    async def turn(self, session: MatchSession, seat: int, bot: Bot, play: Play) -> None:
        """``bot``'s move for ``seat`` if the seat is to act (see the module's text)."""
        state = session.current
        if state is None or seat not in state.to_act:
            return
        legal = state.legal_actions(seat)
        if not legal:
            return
        action = await self._choose(bot, seat, state.view(seat), legal)
        if action.act in self.free:
            try:
                await play(action)
            except IllegalAction as exc:
                log.warning("%s bot at seat %d: %s refused: %s", self.game, seat,
                            action.act, exc)
                action = legal[0]
            else:
                state = session.current
                if state is None or seat not in state.to_act:
                    return
                legal = state.legal_actions(seat)
                if not legal:
                    return
                action = await self._choose(bot, seat, state.view(seat), legal)
                if action.act in self.free:
                    action = legal[0]
        try:
            await play(action)
        except IllegalAction as exc:
            if action == legal[0]:
                raise  # the engine refuses its own first legal action: not the bot's fault
            log.error("%s %s bot at seat %d: its move %s was refused (%s); it plays"
                      " the first legal action", self.game, bot.kind, seat, action.act, exc)
            await play(legal[0])

    async def _choose(self, bot: Bot, seat: int, view: Mapping[str, Any],
                      legal: Sequence[Action]) -> Action:
        """The bot's answer; the first legal action if the bot raises."""
        try:
            return await ask(bot, view, legal)
        except Exception:
            log.exception("%s %s bot at seat %d failed; it plays the first legal action",
                          self.game, bot.kind, seat)
            return legal[0]
