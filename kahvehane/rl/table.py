"""One match driven by action tokens: the framework-free core of every environment.

:class:`Table` holds a :class:`kahvehane.match.Match` and a game's codec and does what
the PettingZoo, Gymnasium and OpenSpiel adapters share: deal (from the project's seeded
SHA-256 deals, or an explicit setup), say who acts, list the legal tokens of that seat,
apply a token (a move, or one more token of a Casino move being spelled), apply an
engine action for a seat that a bot plays, and hand out the rewards of each finished
deal. It touches the engine only through ``Match``, ``legal_actions``, ``apply``,
``view`` and the deal results, so a table's match is an ordinary game record.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Iterable, Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from kahvehane.errors import IllegalAction
from kahvehane.games import get_game
from kahvehane.games.base import JSON, Action, DealState, Event
from kahvehane.games.okey.actions import Arrange
from kahvehane.match import Match
from kahvehane.rl.codecs import Codec, make_codec
from kahvehane.rl.codecs.base import Obs, Public, Tokens
from kahvehane.rl.ids import game_of, with_defaults

EPISODES = ("match", "deal")
REWARDS = ("deal", "match")

Move = tuple[Tokens, Action]


class Table:
    """A match of ``game`` (its table ``options``) played one token at a time.

``game`` is a game or its versioned id (:mod:`kahvehane.rl.ids`); every option left
out takes its default (Casino's ``players``: two).

    ``episode="match"`` plays the whole match, ``"deal"`` stops after the first deal.
    ``reward="deal"`` pays every seat its score of each deal as the deal ends (the sign
    that makes more better: an Okey tally's decrease); ``"match"`` pays only at the end:
    Okey's ranking points, otherwise +1 to each winner and the losers share −1 per
    winner (a draw pays nothing). ``managed`` are the seats whose Okey rack layout the
    table looks after (``layout``, see :mod:`kahvehane.rl.codecs.okey`); a bot lays out
    its own.
    """

    def __init__(
        self,
        game: str,
        options: Mapping[str, Any] | None = None,
        *,
        episode: str = "match",
        reward: str = "deal",
        layout: str = "seri",
        managed: Iterable[int] | None = None,
    ) -> None:
        if episode not in EPISODES:
            raise ValueError(f"episode must be one of {', '.join(EPISODES)}, not {episode!r}")
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
        if episode == "deal" and reward == "match":
            raise ValueError("reward='match' needs episode='match': one deal has no match result")
        self.game = game = game_of(game)
        self.rules = get_game(game)
        self.options: JSON = self.rules.parse_options(with_defaults(game, options))
        self.num_seats = self.rules.num_seats(self.options)
        self.codec: Codec = make_codec(game, self.options, self.num_seats, layout=layout)
        self.episode = episode
        self.reward = reward
        self.managed = frozenset(range(self.num_seats) if managed is None else managed)
        self.match = Match(self.rules, self.options, seed=0)  # an empty match until reset()
        self.done = True
        self.pending: Tokens = ()
        self._state: DealState | None = None
        self._moves: list[Move] | None = None
        self._views: dict[int, JSON] = {}
        self._totals: tuple[int, ...] = (0,) * self.num_seats
        #: The events of the current deal, as the engine emitted them (every seat's
        #: part: ``event.for_seat(seat)`` is what one seat saw).
        self.log: list[Event] = []

    # -- dealing ---------------------------------------------------------------------------

    def reset(self, seed: str | int | None = None, setup: Mapping[str, Any] | None = None) -> None:
        """A new match: its first deal from ``seed`` (the deal ``kahvehane replay`` derives
        from it) or from an explicit record ``setup``."""
        if seed is None and setup is None:
            raise ValueError("a table deals from a seed or an explicit setup")
        self.match = Match(self.rules, self.options, seed=seed)
        self.done = False
        self._totals = (0,) * self.num_seats
        self._start_deal(setup)

    def _start_deal(self, setup: Mapping[str, Any] | None = None) -> None:
        self._state = self.match.deal(setup)
        self.log = []
        self._changed()
        views = [self._state.view(s) for s in sorted(self.managed)]
        for action in self.codec.at_deal_start(views):
            self.log.extend(self.match.apply(action))
        self._changed()

    def _changed(self) -> None:
        self.pending = ()
        self._moves = None
        self._views = {}

    # -- where the match stands --------------------------------------------------------------

    @property
    def state(self) -> DealState:
        """The current deal (the last one once the match is over)."""
        if self._state is None:
            raise RuntimeError("the table has not been reset yet")
        return self._state

    @property
    def to_act(self) -> int | None:
        """The seat to act, or ``None`` once the episode is over."""
        if self.done:
            return None
        return self.state.to_act[0]

    def view(self, seat: int) -> JSON:
        """``view(seat)`` of the current deal (kept until the next change)."""
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = self.state.view(seat)
        return view

    def public(self, seat: int) -> Public:
        pending = self.pending if seat == self.to_act else ()
        return Public(self._totals, len(self.match.history), pending)

    def observe(self, seat: int) -> Obs:
        """The observation of ``seat``: its view, the score table, its unfinished move."""
        return self.codec.observe(self.view(seat), seat, self.public(seat))

    def observe_into(self, seat: int, out: Obs) -> None:
        """:meth:`observe` written into ``out``, a zeroed row of a batch."""
        self.codec.observe_into(out, self.view(seat), seat, self.public(seat))

    # -- legal moves ---------------------------------------------------------------------------

    def moves(self) -> list[Move]:
        """Every legal move of the seat to act with its token sequence (engine actions and
        the environment's extras), whatever has been spelled so far."""
        if self._moves is None:
            seat = self.to_act
            if seat is None:
                return []
            view = self.view(seat)
            codec = self.codec
            moves = [(codec.tokens(a, view), a) for a in self.state.legal_actions(seat)]
            moves.extend(codec.extras(view, seat))
            self._moves = moves
        return self._moves

    def _live(self) -> list[Move]:
        k = len(self.pending)
        if not k:
            return self.moves()
        p = self.pending
        return [m for m in self.moves() if m[0][:k] == p]

    def legal_tokens(self) -> list[int]:
        """The tokens the seat to act may send now, in increasing order."""
        k = len(self.pending)
        return sorted({m[0][k] for m in self._live()})

    def mask(self, seat: int) -> npt.NDArray[np.int8]:
        """1 for each legal token of ``seat`` (all zeros when it is not to act)."""
        out = np.zeros(self.codec.num_actions, dtype=np.int8)
        self.mask_into(seat, out)
        return out

    def mask_into(self, seat: int, out: npt.NDArray[np.int8]) -> None:
        """:meth:`mask` written into ``out``, a zeroed row of a batch."""
        if seat == self.to_act:
            k = len(self.pending)
            live = self._live()
            out[np.fromiter((m[0][k] for m in live), np.intp, len(live))] = 1  # (once each)

    # -- acting ----------------------------------------------------------------------------------

    def step(self, token: int) -> list[float]:
        """Send one token for the seat to act; the rewards it brought, per seat.

        Raises :class:`IllegalAction` (nothing changes) for a token that continues no
        legal move, and ``ValueError`` outside the action space.
        """
        self.codec.check_token(token)
        seat = self.to_act
        if seat is None:
            raise IllegalAction("the episode is over: reset the table", "the deal is over")
        k = len(self.pending)
        fits = [m for m in self._live() if m[0][k] == token]
        if not fits:
            legal = self.legal_tokens()
            raise IllegalAction(
                f"action {token} ({self.codec.token_name(token)}) is not legal for seat {seat}"
                f" now; the {len(legal)} legal actions are {legal[:12]}"
                + ("…" if len(legal) > 12 else ""),
                "the action mask",
            )
        if len(fits) == 1:
            return self.play(fits[0][1])
        self.pending = (*self.pending, token)
        return [0.0] * self.num_seats

    def play(self, action: Action) -> list[float]:
        """Apply an engine action of the seat to act (a bot's move; a token's move), with
        the layout the table keeps for a managed seat; the rewards, per seat."""
        state = self.state
        if action.seat in self.managed:
            for first in self.codec.before(self.view(action.seat), action):
                self.log.extend(self.match.apply(first))
        self.log.extend(self.match.apply(action))
        self._changed()
        rewards = [0.0] * self.num_seats
        if not state.is_over:
            return rewards
        result = self.match.history[-1]
        self._totals = self.rules.summary(self.options, self.match.history).totals
        if self.reward == "deal":
            sign = self.codec.sign
            rewards = [float(sign * x) for x in result.scores]
        if self.episode == "deal" or self.match.complete:
            self.done = True
            if self.reward == "match":
                rewards = self.match_rewards()
        else:
            self._start_deal()
        return rewards

    def stop(self) -> None:
        """End the episode where it stands (after an illegal action, or at a bound on
        its length): the match and its record stay as they are, unfinished."""
        self.done = True
        self._changed()

    def arrange(self, seat: int, blocks: Iterable[Iterable[int]]) -> None:
        """Lay out an Okey rack (a free action at any time, docs/rules/okey.md rule 29)."""
        if self.done:
            raise IllegalAction("the episode is over: reset the table", "the deal is over")
        self.log.extend(self.match.apply(Arrange(seat, tuple(tuple(b) for b in blocks))))
        self._changed()

    def match_rewards(self) -> list[float]:
        """What the finished match pays each seat (see the class text)."""
        summary = self.rules.summary(self.options, self.match.history)
        points = summary.extra.get("ranking_points")
        if points is not None:
            return [float(p) for p in points]
        w = summary.winner
        winners = set() if w is None else {w} if isinstance(w, int) else set(w)
        if not winners:
            return [0.0] * self.num_seats
        share = -len(winners) / (self.num_seats - len(winners))
        return [1.0 if s in winners else share for s in range(self.num_seats)]

    def copy(self, state: DealState | None = None) -> Table:
        """An independent copy (for search), its current deal replaced by ``state`` if one
        is given (a determinization: the same view for the searching seat, other hidden
        cards; its match record then no longer describes it)."""
        new = copy.copy(self)
        if not self.match.deals:  # not dealt yet: reset() makes the new table its own match
            return new
        match = copy.copy(self.match)
        last = self.match.deals[-1]
        live = state if state is not None else last.state.copy()
        match.deals = [*self.match.deals[:-1],
                       dataclasses.replace(last, state=live, actions=list(last.actions))]
        match.history = list(self.match.history)
        new.match = match
        new._state = live
        new.log = list(self.log)
        new._views = {} if state is not None else dict(self._views)
        if state is not None:
            new._moves = None
        return new

    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        """:meth:`copy` (pyspiel clones a Python state by deep-copying its attributes)."""
        return self.copy()

    def record(self) -> JSON:
        """The match so far as a ``kahvehane/1`` game record."""
        return self.match.to_record()
