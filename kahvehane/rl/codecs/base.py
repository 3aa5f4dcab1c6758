"""What every game's encoding shares: the observation layout and the codec interface.

A *codec* turns what one seat may see into numbers and back, for one game: its
observation (a flat ``float32`` vector built only from ``view(seat)`` and the public
score table) and its fixed ``Discrete`` action space, in which every engine action is a
short sequence of *tokens* (one token for every game but Casino; ``docs/rl.md``).

The codecs know nothing of PettingZoo, Gymnasium or OpenSpiel: :mod:`kahvehane.rl.table`
drives a match through them, and the framework adapters sit on top of that.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from kahvehane.cards import CARD_NAMES
from kahvehane.games.base import JSON, Action

Obs = npt.NDArray[np.float32]
Tokens = tuple[int, ...]
#: A card's number (``kahvehane.cards``: suits ♠ ♥ ♦ ♣, ranks A 2 … K) by its name.
CARD_INDEX: dict[str, int] = {name: i for i, name in enumerate(CARD_NAMES)}


@dataclass(frozen=True, slots=True)
class Block:
    """One named run of the observation vector: ``size`` entries from ``offset``."""

    name: str
    offset: int
    size: int
    meaning: str


class Layout:
    """The observation vector as named blocks, in order (the tables of ``docs/rl.md``).

    Encoders write through the offsets (``layout["hand"] + card``) so that the layout
    is stated once, where the documentation table is generated from.

    >>> lay = Layout([("hand", 52, "cards held"), ("turn", 1, "1 if it is my turn")])
    >>> lay["turn"], lay.size
    (52, 53)
    """

    def __init__(self, blocks: Sequence[tuple[str, int, str]]) -> None:
        self.blocks: list[Block] = []
        offset = 0
        for name, size, meaning in blocks:
            if size <= 0:
                raise ValueError(f"block {name!r} must have a positive size, not {size}")
            self.blocks.append(Block(name, offset, size, meaning))
            offset += size
        self.size = offset
        self._offsets = {b.name: b.offset for b in self.blocks}
        if len(self._offsets) != len(self.blocks):
            raise ValueError("two observation blocks share a name")

    def __getitem__(self, name: str) -> int:
        return self._offsets[name]

    def block(self, name: str) -> Block:
        return self.blocks[[b.name for b in self.blocks].index(name)]

    def zeros(self) -> Obs:
        return np.zeros(self.size, dtype=np.float32)


@dataclass(frozen=True, slots=True)
class Public:
    """What the observation adds to ``view(seat)``: the public score table (every seat
    sees the yazboz), how many deals of the match are finished, and the seat's own
    unfinished token sequence (a Casino move spelled over several steps)."""

    totals: tuple[int, ...]
    deals_done: int
    pending: Tokens = ()


def set_ones(obs: Obs, on: list[int]) -> None:
    """``obs[on] = 1``: the ones an encoder collected, set in one numpy assignment (an
    index array made with ``fromiter`` costs a third of numpy's own list conversion)."""
    obs[np.fromiter(on, np.intp, len(on))] = 1.0


def squash(x: float, scale: float) -> float:
    """``x / (|x| + scale)``: any score into (−1, 1), monotone, 0.5 at ``x = scale``."""
    return x / (abs(x) + scale)


def relative(seat: int, me: int, n: int) -> int:
    """Seat ``seat`` as seen from ``me``: 0 is me, 1 the next seat to play, and so on."""
    return (seat - me) % n


class Codec(ABC):
    """The encoding of one game with its options (``docs/rl.md`` has the tables)."""

    game: str
    #: The size of the fixed ``Discrete`` action space.
    num_actions: int
    layout: Layout
    #: A reward is ``sign`` × the deal's score: Okey tallies are better when lower.
    sign: int = 1
    #: Every engine action is one token (all games but Casino).
    single_token: bool = True

    def __init__(self, options: Mapping[str, Any], num_seats: int) -> None:
        self.options = dict(options)
        self.num_seats = num_seats

    @property
    def obs_size(self) -> int:
        return self.layout.size

    def observe(self, view: JSON, seat: int, public: Public) -> Obs:
        """The observation of ``seat`` from its view alone (and the public table)."""
        obs = self.layout.zeros()
        self.observe_into(obs, view, seat, public)
        return obs

    @abstractmethod
    def observe_into(self, obs: Obs, view: JSON, seat: int, public: Public) -> None:
        """Write :meth:`observe`'s vector into ``obs``, a zeroed row (a batched
        environment's buffer row: the very same encoding, without a new array)."""

    @abstractmethod
    def tokens(self, action: Action, view: JSON) -> Tokens:
        """The token sequence of a legal engine action in the position ``view`` shows."""

    @abstractmethod
    def token_name(self, token: int) -> str:
        """What a token means, in words (for ``render`` and the documentation)."""

    def extras(self, view: JSON, seat: int) -> list[tuple[Tokens, Action]]:
        """Moves the environment offers beside the engine's legal list (Okey's layouts
        when the agent arranges its own rack); none by default."""
        return []

    def before(self, view: JSON, action: Action) -> list[Action]:
        """Actions the environment applies for the seat just before ``action`` (Okey's
        seri diz layout before a discard); none by default."""
        return []

    def at_deal_start(self, views: Sequence[JSON]) -> list[Action]:
        """Actions the environment applies when a deal starts (Okey's seri diz layout
        of every managed rack), given the managed seats' views; none by default."""
        return []

    def check_token(self, token: int) -> None:
        """A clear error for an index outside the action space."""
        if not 0 <= token < self.num_actions:
            raise ValueError(
                f"action {token} is outside {self.game}'s action space 0..{self.num_actions - 1}"
            )
