"""Shared helpers for the Casino tests: positions, fixed deals, action keys and snapshots."""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from kahvehane.cards import Card, card_name, parse_card
from kahvehane.games.base import Action, Event
from kahvehane.games.casino import (
    CASINO,
    ROYAL_CASINO,
    Build,
    BuildAction,
    CaptureAction,
    CasinoDeal,
    CasinoRules,
    TrailAction,
)
from kahvehane.games.casino.actions import CasinoAction
from kahvehane.games.casino.builds import MULTIPLE, SINGLE
from kahvehane.games.casino.fixed import fixed_setup
from kahvehane.match import Match


def cards(text: str) -> list[Card]:
    """``"6S 6C 10D"`` → card codes (the test notation: space separated)."""
    return [parse_card(x) for x in text.split()]


def c(name: str) -> Card:
    return parse_card(name)


def rules_of(game: str) -> CasinoRules:
    return ROYAL_CASINO if game == "royal_casino" else CASINO


def position(
    hands: Sequence[str],
    loose: str = "",
    builds: Iterable[tuple[int, str, int, str]] = (),
    *,
    game: str = "casino",
    turn: int = 0,
    last_capturer: int | None = None,
    before: Sequence[int] | None = None,
    **options: Any,
) -> CasinoDeal:
    """A position in the last round: ``hands`` per seat, loose cards, builds.

    ``builds`` are ``(value, "single"|"multiple", owner, "2C 3D")``.
    """
    rules = rules_of(game)
    opts = rules.parse_options({"players": len(hands), **options})
    rs = rules.variant(opts)
    made = [Build(v, kind, owner, tuple(cards(cs))) for v, kind, owner, cs in builds]
    return rules.deal_class.from_position(
        rs,
        [cards(h) for h in hands],
        cards(loose),
        made,
        turn=turn,
        last_capturer=last_capturer,
        before=before,
    )


def deal(
    players: int = 2,
    *,
    game: str = "casino",
    dealer: int = 0,
    table: Sequence[str] = (),
    rounds: Sequence[Mapping[int, Sequence[str]]] = (),
    **options: Any,
) -> CasinoDeal:
    """A real first-round deal from the fixed-hand dealer (the rest filled canonically)."""
    rules = rules_of(game)
    opts = rules.parse_options({"players": players, **options})
    setup = fixed_setup(players, dealer=dealer, table=table, rounds=rounds)
    return rules.new_deal(opts, setup, [])


def trail(seat: int, card: str) -> TrailAction:
    return TrailAction(seat, c(card))


def capture(seat: int, card: str, *sets: str, value: int | None = None) -> CaptureAction:
    return CaptureAction(seat, c(card), tuple(tuple(cards(s)) for s in sets), value)


def build(seat: int, card: str, value: int, *sets: str) -> BuildAction:
    return BuildAction(seat, c(card), tuple(tuple(cards(s)) for s in sets), value)


def key(action: Action) -> tuple[Any, ...]:
    """An action up to the order of its sets and of the cards within them."""
    if isinstance(action, TrailAction):
        return ("trail", action.card)
    assert isinstance(action, CaptureAction | BuildAction)
    sets = frozenset(frozenset(s) for s in action.sets)
    return (action.act, action.card, sets, action.value)


def outcome(action: Action) -> tuple[Any, ...]:
    """What a move does, whatever its grouping: the cards it moves, the kind, the value."""
    if isinstance(action, TrailAction):
        return ("trail", action.card)
    assert isinstance(action, CaptureAction | BuildAction)
    moved = frozenset(x for s in action.sets for x in s)
    if isinstance(action, BuildAction):
        kind = SINGLE if len(action.sets) == 1 else MULTIPLE
        return ("build", action.card, moved, action.value, kind)
    return ("capture", action.card, moved, action.value)


def playing(state: CasinoDeal, card: str, seat: int = 0) -> list[CasinoAction]:
    """The listed moves of ``seat`` that play ``card``."""
    out: list[CasinoAction] = []
    for a in state.legal_actions(seat):
        assert isinstance(a, TrailAction | CaptureAction | BuildAction)
        if a.card == c(card):
            out.append(a)
    return out


def legal_keys(state: CasinoDeal, seat: int | None = None) -> set[tuple[Any, ...]]:
    s = state.to_act[0] if seat is None else seat
    return {key(a) for a in state.legal_actions(s)}


def snapshot(state: CasinoDeal) -> Any:
    """Everything observable and hidden, to show that a rejected action changed nothing."""
    seats: list[int | None] = [None, *range(state.num_seats)]
    return (
        [state.view(s) for s in seats],
        [[key(a) for a in state.legal_actions(s)] for s in range(state.num_seats)],
        [list(h) for h in state.hands],
        list(state.loose),
        dict(state.builds),
        [list(p) for p in state.piles],
        list(state.sweeps),
        state.last_capturer,
        state.turn,
        state.result(),
    )


def random_hand(state: CasinoDeal, rng: random.Random) -> list[Action]:
    """Play the hand out with random legal moves; the moves played, in order."""
    played: list[Action] = []
    while not state.is_over:
        seat = state.to_act[0]
        action = rng.choice(state.legal_actions(seat))
        state.apply(action)
        played.append(action)
    return played


def card_strings(obj: Any) -> set[str]:
    """Every string in a JSON-ready object that names a card."""
    names = {card_name(x) for x in range(52)}
    found: set[str] = set()

    def walk(x: Any) -> None:
        if isinstance(x, str):
            if x in names:
                found.add(x)
        elif isinstance(x, dict):
            for v in x.values():
                walk(v)
        elif isinstance(x, list | tuple):
            for v in x:
                walk(v)

    walk(obj)
    return found


def hidden_from(state: CasinoDeal, viewer: int | None) -> set[str]:
    """Cards ``viewer`` may not see: other hands and every undealt round."""
    hidden = {card_name(x) for s, h in enumerate(state.hands) if s != viewer for x in h}
    for rnd in state.stock:
        hidden |= {card_name(x) for h in rnd for x in h}
    return hidden


def assert_no_leak(state: CasinoDeal, events: Sequence[Event] = ()) -> None:
    for viewer in (None, *range(state.num_seats)):
        secret = hidden_from(state, viewer)
        assert not card_strings(state.view(viewer)) & secret
        for e in events:
            assert not card_strings(e.for_seat(viewer)) & secret


CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("casino", {"players": 2}),
    ("casino", {"players": 3, "sweeps": True}),
    ("casino", {"players": 4, "partners": True}),
    ("royal_casino", {"players": 2}),
    ("royal_casino", {"players": 3, "nordic_specials": True}),
    ("royal_casino", {"players": 4, "partners": True, "preset": "royal_dominican"}),
]
"""A spread of tables for the tests that walk through random play."""


def random_positions(game: str, options: Mapping[str, Any], seed: int) -> Iterator[CasinoDeal]:
    """Every position of one hand of random legal play, the live state each time (a
    caller that changes it must copy it first)."""
    rng = random.Random(seed)
    m = Match(game, dict(options), seed=seed)
    state = m.deal()
    assert isinstance(state, CasinoDeal)
    while not state.is_over:
        yield state
        m.apply(rng.choice(state.legal_actions(state.to_act[0])))
    yield state


def stated_move(state: CasinoDeal, rng: random.Random) -> CasinoAction:
    """A random move as a player might state it, legal or (mostly) not: a card from the
    hand (now and then any card), sets of table and hand cards (now and then a build
    whole, the played card, an empty set or a card twice), any declared value, now and
    then another seat."""
    seat = state.to_act[0] if state.to_act else 0
    if rng.random() < 0.05:
        seat = rng.randrange(-1, state.num_seats + 1)
    hand = state.hands[seat] if 0 <= seat < state.num_seats else []
    card = rng.choice(hand) if hand and rng.random() < 0.95 else rng.randrange(52)
    pool = [*state.loose, *(x for b in state.builds.values() for x in b.cards), *hand]
    used: set[Card] = set()
    sets: list[tuple[Card, ...]] = []
    for _ in range(rng.randint(0 if rng.random() < 0.05 else 1, 3)):
        if state.builds and rng.random() < 0.3:
            group = list(rng.choice(list(state.builds.values())).cards)
        else:
            free = [x for x in pool if x not in used and x != card] if rng.random() < 0.95 else pool
            size = rng.randint(0 if rng.random() < 0.03 else 1, 3)
            group = rng.sample(free, min(len(free), size))
        if rng.random() < 0.3:
            group.append(card)
        used.update(group)
        sets.append(tuple(group))
    value = rng.choice([None, rng.randint(-1, 17)])
    kind = rng.randrange(3)
    if kind == 0:
        return TrailAction(seat, card)
    if kind == 1:
        return CaptureAction(seat, card, tuple(sets), value)
    return BuildAction(seat, card, tuple(sets), value if value is not None else rng.randint(1, 16))
