"""A match: several deals of one game, the score table (yazboz) and the outcome.

:class:`Match` drives any game through its :class:`~kahvehane.games.base.GameRules` and
:class:`~kahvehane.games.base.DealState` alone, so the same code serves the CLI, the
bots, the simulator and the server. It keeps exactly what a game record holds (setups
and accepted actions), which is why a record is also the way a match is saved and
restored.

>>> m = Match("koz_maca", seed=2026)
>>> state = m.deal()           # the chance step: deal 0 from the seed
>>> m.deals[0].setup["dealer"]
2
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from kahvehane.errors import IllegalAction, KahvehaneError, MalformedSetup, Message
from kahvehane.games import get_game
from kahvehane.games.base import JSON, Action, DealResult, DealState, Event, GameRules
from kahvehane.rng import DealStream, seed_string

NO_DEAL = Message("match.no_deal", "no deal is in progress", "oynanan bir el yok")
AFTER_THE_END = Message("match.after_the_end", "no action follows the end of a deal",
                        "el bittikten sonra hamle yapılmaz")
NO_SEED = Message("match.no_seed", "the deal has no setup and the record has no seed",
                  "elin kurulumu yok ve kayıtta tohum yok")
WRONG_ROTATION = Message(
    "match.wrong_rotation",
    "the rotation gives seat {required} as starter/dealer of this deal, not seat {given}",
    "sıraya göre bu eli {required}. koltuk başlatır/dağıtır, {given}. koltuk değil")


class MatchOver(KahvehaneError):
    """A deal was asked for (or acted in) after the match ended."""


@dataclass
class DealEntry:
    """One deal as a record keeps it: its setup, accepted actions and live state."""

    setup: JSON
    state: DealState
    actions: list[Action] = field(default_factory=list)
    seeded: bool = False  # the setup was derived from a seed (a record may then omit it)
    seed: str | int | None = None  # a deal's own revealed seed (commit–reveal)
    commitment: str | None = None

    def to_json(self, *, include_setup: bool = True) -> JSON:
        out: JSON = {}
        if self.commitment is not None:
            out["commitment"] = self.commitment
        if self.seed is not None:
            out["seed"] = self.seed
        if include_setup or not self.seeded:
            out["setup"] = self.setup
        out["actions"] = [a.to_json() for a in self.actions]
        return out


def derive_setup(
    rules: GameRules,
    options: JSON,
    seed: str | int,
    k: int,
    history: Sequence[DealResult],
) -> JSON:
    """The setup of deal ``k`` of ``seed`` (docs/records.md, "Seeded deals")."""
    stream = DealStream(seed, k)
    required = rules.next_first_seat(options, history)
    first = stream.below(rules.num_seats(options)) if k == 0 or required is None else required
    order = stream.shuffle(rules.canonical_deck())
    return rules.setup_from_order(options, order, first, history)


class Match:
    """A whole match of one game: deals in order and the score table."""

    def __init__(
        self,
        game: str | GameRules,
        options: Mapping[str, Any] | None = None,
        *,
        seed: str | int | None = None,
        players: Sequence[str] | None = None,
    ) -> None:
        self.rules = get_game(game) if isinstance(game, str) else game
        self.options = self.rules.parse_options(options)
        if seed is not None:
            seed_string(seed)  # type check: a string or an integer
        self.seed = seed
        self.players = list(players) if players is not None else None
        self.deals: list[DealEntry] = []
        self.history: list[DealResult] = []

    @property
    def game(self) -> str:
        return self.rules.name

    @property
    def num_seats(self) -> int:
        return self.rules.num_seats(self.options)

    @property
    def current(self) -> DealState | None:
        """The deal in progress, or ``None`` between deals and after the match."""
        if self.deals and not self.deals[-1].state.is_over:
            return self.deals[-1].state
        return None

    @property
    def complete(self) -> bool:
        return self.rules.summary(self.options, self.history).complete

    def deal(
        self,
        setup: Mapping[str, Any] | None = None,
        *,
        seed: str | int | None = None,
        commitment: str | None = None,
    ) -> DealState:
        """Start the next deal from an explicit ``setup``, else from a seed.

        The deal's own ``seed`` (commit–reveal) wins over the match seed. The starter or
        dealer must follow the rotation, or :class:`MalformedSetup` is raised.
        """
        if self.current is not None:
            raise MatchOver("the current deal is not over yet")
        if self.complete:
            raise MatchOver("the match is over: no deal follows it")
        k = len(self.deals)
        seeded = setup is None
        if setup is None:
            use = seed if seed is not None else self.seed
            if use is None:
                raise MalformedSetup(NO_SEED)
            setup = derive_setup(self.rules, self.options, use, k, self.history)
        else:
            required = self.rules.next_first_seat(self.options, self.history)
            state_first = self.rules.setup_first_seat(setup)
            if required is not None and state_first != required:
                raise MalformedSetup(WRONG_ROTATION, required=required, given=state_first)
        state = self.rules.new_deal(self.options, setup, self.history)
        self.deals.append(
            DealEntry(dict(setup), state, seeded=seeded, seed=seed, commitment=commitment)
        )
        return state

    def parse_action(self, obj: Mapping[str, Any]) -> Action:
        state = self.current
        if state is None:
            raise IllegalAction(NO_DEAL, "the deal is over")
        return state.parse_action(obj)

    def apply(self, action: Action | Mapping[str, Any]) -> list[Event]:
        """Apply an action (or its record form) to the deal in progress."""
        state = self.current
        if state is None:
            raise IllegalAction(AFTER_THE_END, "the deal is over")
        if not isinstance(action, Action):
            action = state.parse_action(action)
        events = state.apply(action)
        entry = self.deals[-1]
        entry.actions.append(action)
        if state.is_over:
            result = state.result()
            assert result is not None
            self.history.append(result)
        return events

    def result_json(self) -> JSON:
        """The replay result (docs/records.md, "kahvehane replay")."""
        summary = self.rules.summary(self.options, self.history)
        deals: list[JSON] = []
        finished = iter(self.history)
        for entry in self.deals:
            if entry.state.is_over:
                deals.append(next(finished).to_json())
            else:
                deals.append(
                    {"scores": None, "end": None, "detail": entry.state.partial_detail()}
                )
        out: JSON = {
            "game": self.game,
            "complete": summary.complete,
            "deals": deals,
            "totals": list(summary.totals),
            "winner": summary.winner,
        }
        out.update(summary.extra)
        return out

    def to_record(self, *, include_setups: bool = True) -> JSON:
        """The match as a ``kahvehane/1`` record."""
        rec: JSON = {
            "format": "kahvehane/1",
            "game": self.game,
            "options": self.options,
        }
        if self.players is not None:
            rec["players"] = self.players
        rec["seed"] = self.seed
        rec["deals"] = [d.to_json(include_setup=include_setups) for d in self.deals]
        return rec
