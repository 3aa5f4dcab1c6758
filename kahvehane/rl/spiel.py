"""The six games as OpenSpiel Python games (``pyspiel.load_game("kahvehane_koz_maca")``).

One OpenSpiel game is **one deal** of a kahvehane game (the unit game-theoretic
algorithms work on); its parameters are the game's table options. The deal is made by
explicit **chance nodes** that are exactly the project's shuffle (docs/records.md "Seeded
deals"): the first chance action picks the starter or dealer (``0..seats−1``), then one
chance action per Fisher–Yates step, ``j ∈ [0, i]`` for *i* from the deck size − 1 down
to 1, swapping position *i* with *j* of the canonical order. Drawing those integers
from ``DealStream(seed, 0)`` (:func:`seeded_chance_actions`) gives the very deal that
``Match(game, options, seed=seed)`` deals and ``kahvehane replay`` derives. Player
actions are the tokens of the PettingZoo environments (``docs/rl.md``); a player may move
several times in a row. ``returns()`` are the deal's scores, Okey's with the sign that
makes more better.

Strings: the observation string of a player is its ``view(seat)`` as JSON; the
information-state string adds, for Okey and Casino, the events that seat saw (their
views keep the table as it is, not its history; a Koz Maça or Balayı Kingi view holds
every trick already), so it is perfect recall. Both tensors are the observation vector
of the PettingZoo environment. ``resample_from_infostate`` deals the hidden cards anew
consistently with the player's information (:mod:`kahvehane.bots.determinize`), so
IS-MCTS runs on Koz Maça, Balayı Kingi and Casino; Okey has no determinizer yet.

Okey is the one game whose deal has no bound on its length (a deal ends only when the
pile is drawn out, and drawing from the left does not draw from it), and OpenSpiel needs
one: the parameter ``max_moves`` (default 1000) ends a deal after that many moves with
no score, like a void deal. In random play a deal takes about 200.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
import pyspiel

from kahvehane.bots.cardutil import names_mask
from kahvehane.bots.determinize import sampler
from kahvehane.bots.pimc_balayi import contract_sample
from kahvehane.cards import CARD_NAMES
from kahvehane.games import get_game
from kahvehane.games.base import Event
from kahvehane.rl.table import Table
from kahvehane.rng import DealStream

PREFIX = "kahvehane_"
#: Each game's OpenSpiel parameters and their defaults (the table options, plus Okey's
#: ``layout`` and ``max_moves``).
PARAMETERS: dict[str, dict[str, Any]] = {
    "duz_okey": {"pairs": False, "layout": "seri", "max_moves": 1000},
    "kdv_okey": {"pairs": False, "layout": "seri", "max_moves": 1000},
    "koz_maca": {"kasa_rule": "first_to_six"},
    "balayi_kingi": {},
    "casino": {"players": 2, "partners": False, "sweeps": False, "target": 21},
    "royal_casino": {"players": 2, "partners": False, "sweeps": True, "target": 21,
                     "nordic_specials": False},
}
#: Seats (min, max) and the bounds of one deal's return, per game.
_SEATS = {"duz_okey": (4, 4), "kdv_okey": (4, 4), "koz_maca": (4, 4),
          "balayi_kingi": (2, 2), "casino": (2, 4), "royal_casino": (2, 4)}
_UTILITY = {"duz_okey": (-16.0, 18.0), "kdv_okey": (-1500.0, 450.0),
            "koz_maca": (-130.0, 130.0), "balayi_kingi": (-65.0, 65.0),
            "casino": (0.0, 40.0), "royal_casino": (0.0, 40.0)}
#: Games whose view holds the whole history of the deal (every trick).
_VIEW_IS_HISTORY = frozenset({"koz_maca", "balayi_kingi"})


def seeded_chance_actions(game: str, options: Mapping[str, Any], seed: str | int) -> list[int]:
    """The chance actions that deal deal 0 of ``seed``, as ``Match(..., seed=seed)`` does."""
    rules = get_game(game)
    opts = rules.parse_options(options)
    stream = DealStream(seed, 0)
    out = [stream.below(rules.num_seats(opts))]
    out.extend(stream.below(i + 1) for i in range(len(rules.canonical_deck()) - 1, 0, -1))
    return out


def _game_type(game: str) -> pyspiel.GameType:
    lo, hi = _SEATS[game]
    return pyspiel.GameType(
        short_name=PREFIX + game,
        long_name=f"kahvehane {game} (one deal)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=(pyspiel.GameType.Utility.ZERO_SUM if game == "balayi_kingi"
                 else pyspiel.GameType.Utility.GENERAL_SUM),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=hi,
        min_num_players=lo,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=PARAMETERS[game],
    )


def _max_length(game: str, options: Mapping[str, Any]) -> int:
    """A bound on the player moves of one deal."""
    if game in ("duz_okey", "kdv_okey"):
        return int(options["max_moves"])
    if game == "koz_maca":
        return 4 + 52
    if game == "balayi_kingi":
        return 1 + 52
    # Casino: 52 cards played at most, each spelled in at most a head, one token per
    # table item (loose cards and builds: fewer than 52) and a commit
    return 52 * 54


@dataclass(frozen=True)
class _Context:
    """What the states of one parametrised game share. pyspiel may hand a state a new
    Python object for its game (one without the attributes set here), so states find
    this through the game's name and parameters, which live on the C++ side."""

    game: str
    table: Table
    deck_size: int
    max_moves: int

    def __deepcopy__(self, memo: dict[int, Any]) -> _Context:
        return self  # shared by every state of the game, never changed


_CONTEXTS: dict[str, _Context] = {}


def _context(game: pyspiel.Game) -> _Context:
    key = str(game)
    ctx = _CONTEXTS.get(key)
    if ctx is None:
        name = game.get_type().short_name.removeprefix(PREFIX)
        ctx = _CONTEXTS[key] = _make_context(name, game.get_parameters())
    return ctx


def _make_context(game: str, params: Mapping[str, Any]) -> _Context:
    merged = {**PARAMETERS[game], **params}
    options = {k: v for k, v in merged.items() if k not in ("layout", "max_moves")}
    table = Table(game, options, episode="deal", layout=str(merged.get("layout", "seri")))
    return _Context(game, table, len(table.rules.canonical_deck()),
                    int(merged.get("max_moves", 0)))


class KahvehaneGame(pyspiel.Game):
    """One deal of a kahvehane game as an OpenSpiel game."""

    def __init__(self, game: str, params: Mapping[str, Any] | None = None) -> None:
        merged = {**PARAMETERS[game], **(params or {})}
        ctx = _make_context(game, merged)
        table = ctx.table
        lo, hi = _UTILITY[game]
        info = pyspiel.GameInfo(
            num_distinct_actions=table.codec.num_actions,
            max_chance_outcomes=max(ctx.deck_size, table.num_seats),
            num_players=table.num_seats,
            min_utility=lo,
            max_utility=hi,
            utility_sum=0.0 if game == "balayi_kingi" else None,
            max_game_length=_max_length(game, merged),
        )
        super().__init__(_game_type(game), info, dict(merged))
        _CONTEXTS[str(self)] = ctx

    def new_initial_state(self) -> KahvehaneState:
        return KahvehaneState(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None,
        params: Mapping[str, Any] | None = None,
    ) -> KahvehaneObserver:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        perfect = iig_obs_type.perfect_recall if iig_obs_type is not None else False
        return KahvehaneObserver(_context(self).table.codec.obs_size, perfect_recall=perfect)


class KahvehaneState(pyspiel.State):
    """A deal: chance nodes that shuffle, then the players' tokens (see the module text)."""

    def __init__(self, game: KahvehaneGame) -> None:
        super().__init__(game)
        self.kgame = _context(game)
        self.chance: list[int] = []
        self.table = self.kgame.table.copy()
        self.moves = 0
        self.totals = [0.0] * self.table.num_seats
        self._dealt = False

    # -- the chance step --------------------------------------------------------------------

    def _chance_size(self) -> int:
        """How many outcomes the next chance node has."""
        if not self.chance:
            return self.kgame.table.num_seats
        return self.kgame.deck_size - len(self.chance) + 1  # j in [0, i]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        n = self._chance_size()
        return [(j, 1.0 / n) for j in range(n)]

    def _deal(self) -> None:
        rules = self.table.rules
        order = rules.canonical_deck()
        for step, j in enumerate(self.chance[1:]):
            i = len(order) - 1 - step
            order[i], order[j] = order[j], order[i]
        setup = rules.setup_from_order(self.table.options, order, self.chance[0], [])
        self.table.reset(setup=setup)
        self._dealt = True

    # -- the pyspiel interface ----------------------------------------------------------------

    def current_player(self) -> int:
        if not self._dealt:
            return int(pyspiel.PlayerId.CHANCE)
        seat = self.table.to_act
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        return self.table.legal_tokens() if player == self.table.to_act else []

    def _apply_action(self, action: int) -> None:
        if not self._dealt:
            if not 0 <= action < self._chance_size():
                raise ValueError(f"chance action {action} is outside 0..{self._chance_size() - 1}")
            self.chance.append(int(action))
            if len(self.chance) == self.kgame.deck_size:
                self._deal()
            return
        rewards = self.table.step(int(action))
        self.totals = [t + r for t, r in zip(self.totals, rewards, strict=True)]
        self.moves += 1
        if self.kgame.max_moves and self.moves >= self.kgame.max_moves:
            self.table.stop()  # Okey's bound (module text): the deal ends unscored

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if not self.chance:
                return f"first seat {action}"
            return f"swap {self.kgame.deck_size - len(self.chance)} with {action}"
        return self.table.codec.token_name(action)

    def is_terminal(self) -> bool:
        return self._dealt and self.table.done

    def returns(self) -> list[float]:
        return list(self.totals) if self.is_terminal() else [0.0] * len(self.totals)

    def __str__(self) -> str:
        if not self._dealt:
            return f"{self.kgame.game}: dealing, {len(self.chance)} chance actions so far"
        return json.dumps(self.table.state.view(None), ensure_ascii=False, sort_keys=True)

    def __deepcopy__(self, memo: dict[int, Any]) -> KahvehaneState:
        new = KahvehaneState.__new__(KahvehaneState)
        pyspiel.State.__init__(new, self.get_game())
        new.kgame = self.kgame
        new.chance = list(self.chance)
        new.table = self.table.copy()
        new.moves = self.moves
        new.totals = list(self.totals)
        new._dealt = self._dealt
        return new

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Any
    ) -> KahvehaneState:
        """The same information for ``player_id``, the cards it cannot see dealt anew."""
        if not self._dealt or self.is_terminal():
            return self.__deepcopy__({})
        game = self.kgame.game
        if game in ("duz_okey", "kdv_okey"):
            raise NotImplementedError("no determinization of Okey's hidden tiles exists yet")
        rng = random.Random(int(probability_sampler() * 2**53))
        view = self.table.view(player_id)
        gone = _casino_gone(self.table, player_id) if "casino" in game else 0
        if game == "balayi_kingi" and view["phase"] == "contract":
            state = contract_sample(view, player_id, rng)  # the layout around 5 cards
        else:
            state = sampler(view, self.table.options, gone).sample(rng)
        new = self.__deepcopy__({})
        new.table = self.table.copy(state)
        new.table.log = [e if e.seat == player_id else Event(e.kind, e.seat, e.public)
                         for e in self.table.log]
        return new


def state_of(table: Table) -> KahvehaneState:
    """The OpenSpiel state of the deal a table is playing, as it stands: for OpenSpiel's
    bots at a seat of a kahvehane match (the state ends with the deal, and its returns
    are what the rest of the deal pays). The table itself is not changed."""
    register()
    params = {k: v for k, v in table.options.items() if k in PARAMETERS[table.game]}
    if table.game in ("duz_okey", "kdv_okey"):
        layout = getattr(table.codec, "layout_mode", "seri")
        params["layout"] = layout
    game = pyspiel.load_game(PREFIX + table.game, params)
    state = game.new_initial_state()
    copy = table.copy()
    copy.episode = copy.reward = "deal"
    state.table = copy
    state._dealt = True
    return state  # type: ignore[no-any-return]


def _casino_gone(table: Table, seat: int) -> int:
    """Cards ``seat`` saw this hand that have left the table since (captured)."""
    seen: set[str] = set()
    for event in table.log:
        data = event.for_seat(seat)
        if "card" in data:
            seen.add(data["card"])
        for group in data.get("sets", ()):
            seen.update(group)
        seen.update(data.get("hand", ()))
    view = table.view(seat)
    visible = set(view["hand"]) | set(view["table"]["loose"])
    for b in view["table"]["builds"]:
        visible.update(b["cards"])
    return int(names_mask(sorted((seen - visible) & set(CARD_NAMES))))


class KahvehaneObserver:
    """The PyObserver of the games: the observation vector, and the view as JSON."""

    def __init__(self, size: int, *, perfect_recall: bool) -> None:
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}
        self.perfect_recall = perfect_recall

    def set_from(self, state: KahvehaneState, player: int) -> None:
        if not state._dealt:
            self.tensor.fill(0.0)
            return
        self.tensor[:] = state.table.observe(player)

    def string_from(self, state: KahvehaneState, player: int) -> str:
        if not state._dealt:
            return f"p{player} dealing {len(state.chance)}"
        table = state.table
        out = {"view": table.view(player), "spelled": list(table.public(player).pending)}
        if self.perfect_recall and state.kgame.game not in _VIEW_IS_HISTORY:
            out["seen"] = [e.for_seat(player) for e in table.log]
        return json.dumps(out, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def _game_class(game: str) -> type[KahvehaneGame]:
    """The pyspiel game class of ``game`` (pyspiel is given a class, not a closure: a
    closure it keeps past the interpreter's end crashes the process on exit)."""

    def __init__(self: KahvehaneGame, params: Mapping[str, Any] | None = None) -> None:
        KahvehaneGame.__init__(self, game, params)

    name = "".join(part.title() for part in game.split("_")) + "Game"
    return type(name, (KahvehaneGame,), {"__init__": __init__, "__doc__": f"One deal of {game}."})


GAME_CLASSES: dict[str, type[KahvehaneGame]] = {g: _game_class(g) for g in PARAMETERS}


def register() -> list[str]:
    """Register every game with pyspiel once; their short names."""
    known = set(pyspiel.registered_names())
    names = []
    for game, cls in GAME_CLASSES.items():
        name = PREFIX + game
        if name not in known:
            pyspiel.register_game(_game_type(game), cls)
        names.append(name)
    return names
