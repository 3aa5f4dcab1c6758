"""The engine interface every game implements (docs/engine.md).

Two objects per game:

* a :class:`DealState` — one deal as a pure state machine: ``to_act``,
  ``legal_actions(seat)``, ``apply(action)`` (mutates in place, python-chess style, and
  returns the events everyone saw; on an illegal action it raises :class:`IllegalAction`
  and changes nothing), ``view(seat)`` / ``view(None)``, ``result()`` and ``copy()``;
* a :class:`GameRules` — what lies around the deals: options, the deal from a shuffled
  order (the chance step), the setup check, the dealer/starter rotation and when the
  match is over. ``kahvehane.match.Match`` drives any game through these two alone.

Chance is explicit: a deal is created from a ``setup`` (the explicit deal of a record),
and a seeded deal is just a setup derived from the project's SHA-256 shuffle. Nothing
inside a game draws random numbers.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple, Self

from kahvehane.errors import ActionError, MalformedAction, Message, NotationError
from kahvehane.games.results import JSON, DealResult, MatchSummary
from kahvehane.games.spec import GameSpec

__all__ = [
    "JSON",
    "Action",
    "DealResult",
    "DealState",
    "Event",
    "GameRules",
    "HiddenPlaces",
    "MatchSummary",
    "make_event",
]


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every game's actions: who acts. Subclasses add the move's fields.

    ``act`` is the record's name of the action (docs/records.md, "Actions"); ``to_json``
    gives the record form and each game's ``parse_action`` reads it back.
    """

    act: ClassVar[str] = ""
    seat: int

    def to_json(self) -> JSON:
        return {"seat": self.seat, "act": self.act}


class _EventFields(NamedTuple):
    kind: str
    seat: int | None
    public: JSON
    private: JSON | None


_MISSING: Any = object()
_new_tuple = tuple.__new__


class Event(_EventFields):
    """Something that happened, as the players saw it.

    ``public`` is what every seat and spectator sees; ``private`` is added for ``seat``
    alone (e.g. the tile a player drew from the pile). The server sends
    ``for_seat(s)`` to each seat and ``for_seat(None)`` to spectators.

    Made like a frozen dataclass — ``Event(kind, seat, public={}, private=None)``, the
    fields by name, equal only to an ``Event`` with equal fields, read-only — but it is
    a tuple underneath: engines emit one on every trick of every random game, and a
    tuple is made with one call (:func:`make_event`) where a frozen dataclass sets each
    field through ``object.__setattr__``.
    """

    __slots__ = ()

    def __new__(
        cls, kind: str, seat: int | None, public: JSON = _MISSING, private: JSON | None = None
    ) -> Self:
        return _new_tuple(cls, (kind, seat, {} if public is _MISSING else public, private))

    # Equal to an Event only, as a dataclass is (a plain tuple would otherwise compare
    # its items and find itself equal).
    def __eq__(self, other: object) -> bool:
        if type(other) is type(self):
            return tuple.__eq__(self, other)
        return False if isinstance(other, tuple) else NotImplemented

    def __ne__(self, other: object) -> bool:
        if type(other) is type(self):
            return tuple.__ne__(self, other)
        return True if isinstance(other, tuple) else NotImplemented

    __hash__ = tuple.__hash__

    def for_seat(self, viewer: int | None) -> JSON:
        out: JSON = {"kind": self.kind, "seat": self.seat, **self.public}
        if self.private and viewer is not None and viewer == self.seat:
            out.update(self.private)
        return out


def make_event(kind: str, seat: int | None, public: JSON, private: JSON | None = None) -> Event:
    """The same :class:`Event` as ``Event(kind, seat, public, private)``, made with one
    call and no ``__new__`` in Python (about a third less work): for engines that emit an
    event on every trick of every random game.

    >>> make_event("trick", 2, {"number": 1}) == Event("trick", 2, {"number": 1})
    True
    """
    return _new_tuple(Event, (kind, seat, public, private))


class DealState(ABC):
    """One deal of one game. Mutable; ``copy()`` is cheap enough for search bots."""

    game: ClassVar[str]

    @property
    @abstractmethod
    def num_seats(self) -> int: ...

    @property
    @abstractmethod
    def to_act(self) -> tuple[int, ...]:
        """Seats whose turn it is (empty once the deal is over)."""

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def legal_actions(self, seat: int) -> list[Action]:
        """Every legal action of ``seat`` now, in a stable order (empty if none)."""

    @abstractmethod
    def apply(self, action: Action) -> list[Event]:
        """Play ``action``; raise :class:`IllegalAction` (state untouched) if not allowed."""

    def is_legal(self, action: Action) -> bool:
        """Whether :meth:`apply` would accept ``action`` now. A query: it changes nothing
        (not even a remembered legal set). Games override it with a direct check; this
        default tries the action on a copy."""
        try:
            self.copy().apply(action)
        except ActionError:
            return False
        return True

    def free_actions(self, seat: int) -> tuple[str, ...]:
        """The record ``act`` names ``seat`` may make now whether or not it is its turn
        (Okey's ``arrange``): such an action neither ends nor needs a turn, so the salon's
        clock ignores it. Most games have none."""
        return ()

    def suggested_arrangements(self, seat: int) -> Sequence[Action]:
        """The arrangements the engine suggests to ``seat`` (Okey: seri diz, then çift
        diz), each a free action; empty for a game whose spec has no ``suggestions``."""
        return ()

    def view(self, seat: int | None) -> JSON:
        """What ``seat`` may see (``None``: a spectator), as JSON-ready data: the
        :meth:`public_view`, ``"seat"``, and (for a seat) its :meth:`own_view`.

        A game defines the two parts, not this: the salon sends every seat a view after
        every move and builds and encodes the public part once per move for all of
        them, so the parts must add up to exactly this view.
        """
        out = self.public_view()
        out["seat"] = seat
        if seat is not None:
            out.update(self.own_view(seat))
        return out

    @abstractmethod
    def public_view(self) -> JSON:
        """What everyone at the table sees alike, spectators too (a new dict each call;
        no ``"seat"`` key)."""

    @abstractmethod
    def own_view(self, seat: int) -> JSON:
        """What only ``seat`` sees beside the public view (its hand or rack, say); its
        keys are not the public view's, nor ``"seat"``."""

    def revealed(self) -> list[JSON]:
        """Each seat's hidden cards or tiles, as a finished match's record reveals them
        (its setup deals every card): what a replay of a past match shows of every seat.
        By default each seat's :meth:`own_view`; a game whose own views hide something
        from their owner (Balayı Kingi's locked hand and face-down piles) adds it."""
        return [self.own_view(s) for s in range(self.num_seats)]

    @abstractmethod
    def result(self) -> DealResult | None:
        """The deal's result once it is over, else ``None``."""

    @abstractmethod
    def partial_detail(self) -> JSON:
        """The ``detail`` known so far, for an unfinished deal in a replay."""

    @abstractmethod
    def copy(self) -> Self: ...

    @classmethod
    @abstractmethod
    def parse_action(cls, obj: Mapping[str, Any]) -> Action:
        """Read a record action; raise :class:`MalformedAction` saying what is wrong."""


@dataclass(frozen=True, slots=True)
class HiddenPlaces:
    """What a view does not show. ``unseen`` are the item codes (cards or tiles) the
    seat cannot see, each once per physical copy; ``sizes`` maps each hidden place
    (``"hand:2"``, ``"pile"``, ``"down"``, …; the game documents its names) to how many of
    them it holds. The sizes add up to ``len(unseen)``."""

    unseen: tuple[int, ...]
    sizes: Mapping[str, int]


class GameRules(ABC):
    """Everything about a game that lies outside one deal."""

    name: str  # the game id, e.g. "koz_maca" (an instance attribute: variants share a class)
    deck_kind: ClassVar[str]  # "tiles" or "cards": what the shuffle orders

    @abstractmethod
    def parse_options(self, raw: Mapping[str, Any] | None) -> JSON:
        """Options with defaults filled in; :class:`InvalidOptions` on a bad value."""

    @abstractmethod
    def num_seats(self, options: JSON) -> int: ...

    @abstractmethod
    def canonical_deck(self) -> list[int]:
        """The deck in canonical order (docs/records.md, "Seeded deals"), the start of every
        shuffle."""

    @abstractmethod
    def setup_from_order(
        self, options: JSON, order: list[int], first_seat: int, history: Sequence[DealResult]
    ) -> JSON:
        """Deal a shuffled order (tiles or card codes) into a record ``setup``."""

    @abstractmethod
    def new_deal(
        self, options: JSON, setup: Mapping[str, Any], history: Sequence[DealResult]
    ) -> DealState:
        """Build a deal from a setup; :class:`MalformedSetup` if it is not a possible deal."""

    @abstractmethod
    def setup_first_seat(self, setup: Mapping[str, Any]) -> int:
        """The starter / dealer named by a setup."""

    @abstractmethod
    def next_first_seat(self, options: JSON, history: Sequence[DealResult]) -> int | None:
        """The starter / dealer the rotation requires next (``None`` before deal 0)."""

    @abstractmethod
    def summary(self, options: JSON, history: Sequence[DealResult]) -> MatchSummary:
        """Totals, whether the match is over, the winner and top-level extras."""

    # -- sampling (resampling from an information state, as OpenSpiel's
    # ``resample_from_infostate``): what a seat cannot see, and a deal built from a view
    # with those places filled. Search bots deal the hidden cards at random (with what
    # the public history implies) and build states with these, never from an engine's
    # private fields.

    def hidden_places(self, options: JSON, view: Mapping[str, Any]) -> HiddenPlaces:
        """What ``view`` (a seat's view of a deal in progress) does not show: the cards or
        tiles it cannot see and the places they lie in, with how many each holds."""
        raise NotImplementedError(f"{self.name} does not deal from a view")

    def deal_from_view(
        self, options: JSON, view: Mapping[str, Any], assignment: Mapping[str, Sequence[int]]
    ) -> DealState:
        """A deal state in which the viewing seat sees exactly ``view`` and each hidden
        place of :meth:`hidden_places` holds ``assignment[place]`` (in order, where the
        order matters: a pile's top first). :class:`MalformedSetup` if the assignment
        does not fill the places with the unseen items."""
        raise NotImplementedError(f"{self.name} does not deal from a view")

    @property
    def spec(self) -> GameSpec:
        """The game's :class:`~kahvehane.games.spec.GameSpec` (options, capabilities)."""
        from kahvehane.games import get_spec

        return get_spec(self.name)

    def describe_item(self, code: int) -> str:
        """Notation of one tile or card code of this game."""
        from kahvehane.cards import card_name
        from kahvehane.tiles import tile_name

        return tile_name(code) if self.deck_kind == "tiles" else card_name(code)


NO_FIELD = Message("action.no_field", "the action has no {key} field",
                   "hamlede {key} alanı yok")
NOT_AN_INTEGER = Message("action.not_an_integer", "{key} must be an integer, not {value}",
                         "{key} bir tam sayı olmalı, {value} değil")
WRONG_TYPE = Message("action.wrong_type", "{key} must be of type {expected}, not {value}",
                     "{key} {expected} türünde olmalı, {value} değil")
NOT_A_CARD_NAME = Message("action.not_a_card_name",
                          "{where} must be a card name like 7D, not {value}",
                          "{where} 7D gibi bir kart adı olmalı, {value} değil")
NOT_A_TILE_NAME = Message("action.not_a_tile_name",
                          "{where} must be a tile name like R7, not {value}",
                          "{where} R7 gibi bir taş adı olmalı, {value} değil")
BAD_NAME = Message("action.bad_name", "{where}: {error}", "{where}: {error}")
NO_SUCH_SEAT = Message("action.no_such_seat", "seat {seat} does not exist: seats are 0..{last}",
                       "{seat}. koltuk yok: koltuklar 0..{last}")


def require(obj: Mapping[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    """Fetch a required field of a record action, with a clear error if missing or wrong."""
    if key not in obj:
        raise MalformedAction(NO_FIELD, key=repr(key))
    value = obj[key]
    if isinstance(value, bool) and kind is int:
        raise MalformedAction(NOT_AN_INTEGER, key=repr(key), value=repr(value))
    if not isinstance(value, kind):
        expected = kind.__name__ if isinstance(kind, type) else "/".join(k.__name__ for k in kind)
        raise MalformedAction(WRONG_TYPE, key=repr(key), expected=expected, value=repr(value))
    return value


def card_value(value: Any, where: str) -> int:
    """A card named in a record action (``"7D"``), or :class:`MalformedAction` saying where."""
    from kahvehane.cards import parse_card

    return _named(value, where, parse_card, NOT_A_CARD_NAME)


def tile_value(value: Any, where: str) -> int:
    """A tile named in a record action (``"R7"``), or :class:`MalformedAction` saying where."""
    from kahvehane.tiles import parse_tile

    return _named(value, where, parse_tile, NOT_A_TILE_NAME)


def _named(value: Any, where: str, parse: Callable[[str], int], wrong: Message) -> int:
    if not isinstance(value, str):
        raise MalformedAction(wrong, where=where, value=repr(value))
    try:
        return parse(value)
    except NotationError as exc:
        raise MalformedAction(BAD_NAME, where=where, error=exc) from None


def parse_seat(obj: Mapping[str, Any], num_seats: int) -> int:
    seat = require(obj, "seat", int)
    if not 0 <= seat < num_seats:
        raise MalformedAction(NO_SUCH_SEAT, seat=seat, last=num_seats - 1)
    return int(seat)
