"""One Casino hand as a state machine: several rounds of play from one shuffled deck.

A *deal* of the record (``deals[i]``) is a whole hand (C-9..C-11): the first round gives
four cards to each player and four to the table, every later round four more to each
player and none to the table, until the 52 cards are out; then the table goes to the last
capturer (E-2) and the hand is scored (E-3..E-5, R-count-out). The cards of later rounds
are in the state from the start (the setup is the whole shuffled deck) but never appear
in a view or an event before they are dealt.

``apply`` first validates completely (:func:`kahvehane.games.casino.moves.check`, which
changes nothing), then applies the resulting plan; an illegal action leaves the state
exactly as it was.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Self

from kahvehane.cards import SPADES, Card, card_names, suit_of
from kahvehane.errors import IllegalAction
from kahvehane.games.base import JSON, Action, DealResult, DealState, Event
from kahvehane.games.casino import moves
from kahvehane.games.casino.actions import (
    BuildAction,
    CaptureAction,
    CasinoAction,
    TrailAction,
    parse_action,
)
from kahvehane.games.casino.builds import Build
from kahvehane.games.casino.messages import HAND_OVER, NO_SUCH_SEAT, NOT_AN_ACTION, NOT_YOUR_TURN
from kahvehane.games.casino.scoring import ITEMS, score_hand
from kahvehane.games.casino.values import CasinoVariant

Rounds = tuple[tuple[tuple[Card, ...], ...], ...]
"""Whole rounds of hands: ``rounds[k][s]`` is seat ``s``'s cards in round ``k``."""


class CasinoDeal(DealState):
    """A hand of Casino (or, with a :class:`RoyalVariant`, Royal Casino: see subclass).

    ``rounds[r][s]`` is the four cards seat ``s`` receives in round ``r``; ``table`` the
    four cards of the first round on the table. ``before`` is each seat's match total
    before this hand, which Royal's count-out needs.

    The public fields (``variant``, ``dealer``, ``round``, ``hands``, ``loose``,
    ``builds``, ``piles``, ``sweeps``, ``last_capturer``, ``turn``, ``before``,
    ``residue``) are read by bots and tests; only the engine writes them.
    """

    game: ClassVar[str] = "casino"

    def __init__(
        self,
        variant: CasinoVariant,
        dealer: int,
        rounds: Sequence[Sequence[Sequence[Card]]],
        table: Sequence[Card],
        before: Sequence[int] | None = None,
    ) -> None:
        n = variant.players
        self.variant = variant
        self.dealer = dealer
        self.round = 0
        self.num_rounds = len(rounds)
        # the rounds still to deal; never mutated (a copy shares it)
        self._later: Rounds = tuple(tuple(tuple(h) for h in r) for r in rounds[1:])
        self.hands: list[list[Card]] = [list(h) for h in rounds[0]]
        self.loose: list[Card] = list(table)
        self.builds: dict[int, Build] = {}
        self.piles: list[list[Card]] = [[] for _ in range(n)]
        self.sweeps: list[int] = []
        self.last_capturer: int | None = None
        self.turn = (dealer + 1) % n
        self.before = tuple(before) if before is not None else (0,) * n
        self.residue: JSON | None = None
        self._result: DealResult | None = None
        self._over = False

    @classmethod
    def from_position(
        cls,
        variant: CasinoVariant,
        hands: Sequence[Sequence[Card]],
        loose: Sequence[Card] = (),
        builds: Sequence[Build] = (),
        *,
        turn: int = 0,
        dealer: int | None = None,
        last_capturer: int | None = None,
        before: Sequence[int] | None = None,
        round: int = 0,
        stock: Sequence[Sequence[Sequence[Card]]] = (),
        piles: Sequence[Sequence[Card]] | None = None,
        sweeps: Sequence[int] = (),
    ) -> Self:
        """A hand in progress, from its parts: for analysis, tests, benchmarks, and the
        deals a search bot samples (:func:`kahvehane.games.casino.sampling.deal_from_view`).

        By default a position in the last round (round 0 of 1), where the cards not
        placed anywhere are simply out of play. ``round`` is the round being played and
        ``stock[k][s]`` the hand seat ``s`` gets in round ``round + 1 + k``, so the hand
        has ``round + 1 + len(stock)`` rounds; ``piles[s]`` are the cards seat ``s`` has
        captured, ``sweeps`` the seats that swept, in order. Builds are given whole
        (value, kind, owner, cards). ``ValueError`` if the parts cannot be one hand.
        """
        n = variant.players
        if len(hands) != n:
            raise ValueError(f"{n} hands are needed, not {len(hands)}")
        if any(len(r) != n for r in stock):
            raise ValueError(f"every round of the stock deals {n} hands")
        if piles is not None and len(piles) != n:
            raise ValueError(f"{n} piles are needed, not {len(piles)}")
        values = [b.value for b in builds]
        if len(set(values)) != len(values):
            raise ValueError("there is never more than one build of a value (B-9)")
        placed = [c for h in hands for c in h] + list(loose) + [c for b in builds for c in b.cards]
        placed += [c for r in stock for h in r for c in h] + [c for p in piles or () for c in p]
        if len(set(placed)) != len(placed):
            raise ValueError("a card is placed twice")
        if round < 0:
            raise ValueError(f"round {round} does not exist")
        if not 0 <= turn < n:
            raise ValueError(f"seat {turn} does not exist: seats are 0..{n - 1}")
        state = cls(variant, dealer if dealer is not None else (turn - 1) % n, [hands], loose,
                    before)
        state.round = round
        state.num_rounds = round + 1 + len(stock)
        state._later = tuple(tuple(tuple(h) for h in r) for r in stock)
        state.builds = {b.value: b for b in builds}
        state.piles = [list(p) for p in piles] if piles is not None else state.piles
        state.sweeps = list(sweeps)
        state.turn = turn
        state.last_capturer = last_capturer
        return state

    @property
    def stock(self) -> Rounds:
        """The hands of the rounds still to deal (``stock[k][s]``: seat ``s``'s cards in
        round ``round + 1 + k``). No view or event shows them before they are dealt."""
        return self._later

    # -- the interface ------------------------------------------------------------------------

    @property
    def num_seats(self) -> int:
        return self.variant.players

    @property
    def to_act(self) -> tuple[int, ...]:
        return () if self._over else (self.turn,)

    @property
    def is_over(self) -> bool:
        return self._over

    def legal_actions(self, seat: int) -> list[Action]:
        """Every legal move of ``seat``, canonically (see :func:`moves.legal_actions`)."""
        if self._over or seat != self.turn:
            return []
        return list(
            moves.legal_actions(self.variant, seat, self.hands[seat], self.loose, self.builds)
        )

    def check(self, action: Action) -> moves.Plan:
        """Validate ``action`` without applying it; :class:`IllegalAction` if not allowed."""
        if not isinstance(action, TrailAction | CaptureAction | BuildAction):
            raise IllegalAction(NOT_AN_ACTION, "C-16", action=repr(action))
        if self._over:
            raise IllegalAction(HAND_OVER, "E-1")
        if not 0 <= action.seat < self.variant.players:
            raise IllegalAction(NO_SUCH_SEAT, "C-7", seat=action.seat)
        if action.seat != self.turn:
            raise IllegalAction(NOT_YOUR_TURN, "C-12", turn=self.turn, seat=action.seat)
        return moves.check(
            self.variant, action.seat, self.hands[action.seat], self.loose, self.builds, action
        )

    def is_legal(self, action: Action) -> bool:
        """Whether :meth:`apply` would accept ``action``: :meth:`check` reads the stated
        sets directly (nothing is listed, nothing is copied) and changes nothing."""
        try:
            self.check(action)
        except IllegalAction:
            return False
        return True

    def apply(self, action: Action) -> list[Event]:
        plan = self.check(action)
        assert isinstance(action, TrailAction | CaptureAction | BuildAction)
        return self._apply(action, plan)

    def public_view(self) -> JSON:
        """The table as everyone sees it: every hand as a count."""
        out: JSON = {
            "game": self.game,
            "players": self.variant.players,
            "partners": self.variant.partners,
            "direction": self.variant.direction,
            "dealer": self.dealer,
            "round": self.round,
            "rounds": self.num_rounds,
            "last_round": not self._later,
            "to_act": list(self.to_act),
            "hand_sizes": [len(h) for h in self.hands],
            "stock": sum(len(h) for r in self._later for h in r),
            "table": {
                "loose": card_names(self.loose),
                "builds": [self.builds[v].to_json() for v in sorted(self.builds)],
            },
            "captured": [len(p) for p in self.piles],
            "last_capturer": self.last_capturer,
            "sweeps": list(self.sweeps),
            "totals": list(self.before),
        }
        if self._result is not None:
            out["result"] = self._result.to_json()
        return out

    def own_view(self, seat: int) -> JSON:
        """A seat's own hand and the builds it owns."""
        if not 0 <= seat < self.variant.players:
            raise ValueError(f"seat {seat} does not exist")
        return {"hand": card_names(self.hands[seat]),
                "owns": sorted(b.value for b in self.builds.values() if b.owner == seat)}

    def result(self) -> DealResult | None:
        return self._result

    def partial_detail(self) -> JSON:
        """What the unfinished hand has decided so far: cards taken, spades, sweeps."""
        sides = self._side_piles()
        per_seat = [self.variant.side_of(s) for s in range(self.variant.players)]
        return {
            "cards": [len(sides[x]) for x in per_seat],
            "spades": [sum(1 for c in sides[x] if suit_of(c) == SPADES) for x in per_seat],
            "sweeps": list(self.sweeps),
            "round": self.round,
            "residue": None,
        }

    def copy(self) -> Self:
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.hands = [list(h) for h in self.hands]
        new.loose = list(self.loose)
        new.builds = dict(self.builds)
        new.piles = [list(p) for p in self.piles]
        new.sweeps = list(self.sweeps)
        return new

    @classmethod
    def parse_action(cls, obj: Mapping[str, Any]) -> Action:
        return parse_action(obj)

    # -- applying a validated move ------------------------------------------------------------

    def _apply(self, action: CasinoAction, plan: moves.Plan) -> list[Event]:
        seat, p = action.seat, plan.card
        self.hands[seat].remove(p)
        if plan.taken_loose:
            gone = set(plan.taken_loose)
            self.loose = [c for c in self.loose if c not in gone]
        taken_builds = [self.builds.pop(v) for v in plan.taken_builds]
        events: list[Event]
        if plan.act == "trail":
            self.loose.append(p)
            events = [Event("trail", seat, {"card": card_names([p])[0]})]
        elif plan.act == "capture":
            assert isinstance(action, CaptureAction)
            cards = [p, *plan.taken_loose, *(c for b in taken_builds for c in b.cards)]
            self.piles[seat].extend(cards)
            self.last_capturer = seat
            sweep = self.variant.sweeps and not self.loose and not self.builds
            if sweep:
                self.sweeps.append(seat)
            events = [
                Event(
                    "capture",
                    seat,
                    {
                        "card": card_names([p])[0],
                        "value": plan.value,
                        "sets": [card_names(s) for s in action.sets],
                        "taken": len(cards) - 1,
                        "sweep": sweep,
                    },
                )
            ]
        else:
            assert plan.new_build is not None and isinstance(action, BuildAction)
            self.builds[plan.new_build.value] = plan.new_build
            events = [
                Event(
                    "build",
                    seat,
                    {
                        "card": card_names([p])[0],
                        "value": plan.value,
                        "sets": [card_names(s) for s in action.sets],
                        "build": plan.new_build.to_json(),
                    },
                )
            ]
        events.extend(self._advance(seat))
        return events

    def _advance(self, seat: int) -> list[Event]:
        """Pass the turn (C-17); deal the next round (C-10) or end the hand (E-1)."""
        n = self.variant.players
        if any(self.hands):
            t = (seat + 1) % n
            while not self.hands[t]:
                t = (t + 1) % n
            self.turn = t
            return []
        if self._later:
            self.round += 1
            self.hands = [list(h) for h in self._later[0]]
            self._later = self._later[1:]
            self.turn = (self.dealer + 1) % n
            public: JSON = {"round": self.round, "last": not self._later}
            if public["last"]:
                public["announce"] = "son"  # the dealer announces the last deal (C-11)
            return [
                Event(
                    "deal",
                    s,
                    {**public, "cards": len(self.hands[s])},
                    {"hand": card_names(self.hands[s])},
                )
                for s in range(n)
            ]
        return self._finish()

    def _side_piles(self) -> list[list[Card]]:
        return [
            [c for s in self.variant.seats_of(side) for c in self.piles[s]]
            for side in range(self.variant.num_sides)
        ]

    def _finish(self) -> list[Event]:
        """The residue to the last capturer (E-2), then the score (E-3..E-6, R-count-out)."""
        variant = self.variant
        residue = [*self.loose, *(c for v in sorted(self.builds) for c in self.builds[v].cards)]
        to = self.last_capturer
        if to is not None:
            self.piles[to].extend(residue)
        self.residue = {"to": to, "cards": len(residue)}
        residue_event = Event("residue", to, {"cards": card_names(residue)})
        self.loose, self.builds = [], {}
        self._over = True

        before = [self.before[variant.seats_of(side)[0]] for side in range(variant.num_sides)]
        score = score_hand(variant, self._side_piles(), self.sweeps, before)
        per_seat = [variant.side_of(s) for s in range(variant.players)]
        scores = tuple(score.counted[x] for x in per_seat)
        detail: JSON = {
            "cards": [score.cards[x] for x in per_seat],
            "spades": [score.spades[x] for x in per_seat],
            "points": {k: [score.points[k][x] for x in per_seat] for k in ITEMS},
            "sweeps": list(self.sweeps),
            "residue": dict(self.residue),
        }
        if variant.counts_out:
            detail["stopped_at"] = score.stopped_at
        if variant.preset == "royal_dominican":  # R-3c, R-3d
            detail["standing_sweeps"] = variant.standing_sweeps(self.sweeps)
            detail["voided"] = [[item, variant.seats_of(side)[0]] for item, side in score.voided]
        detail["dealer"] = self.dealer
        self._result = DealResult(scores, "cards", detail, self.dealer)
        return [
            residue_event,
            Event("hand_end", None, {"scores": list(scores), "detail": detail}),
        ]


class RoyalCasinoDeal(CasinoDeal):
    """A hand of Royal Casino: the same machine; the variant carries the differences."""

    game: ClassVar[str] = "royal_casino"
