"""What the salon, the store, the bots and the command line know about a game: its
:class:`GameSpec`, declared once in the game's own package (``games/<id>/spec.py``).

Everything above ``games/`` asks the registry (:func:`kahvehane.games.get_spec`) instead
of naming a game: which seat counts exist, which options and of what type, whether
tables have an entry fee and how it is settled, which actions a seat may make off turn,
whether the engine suggests arrangements, and how a leaderboard orders players. Adding a
game touches its own package (and its web module) only.

Options are typed exactly: an integer option refuses ``2.0``, ``True`` and ``"2"``; a
boolean refuses ``0`` and ``"false"``. The spec parses and fills in the defaults; the
rules object adds only the checks that tie two options together.

>>> from kahvehane.errors import InvalidOptions
>>> deals = OptionSpec("deals", int, 5, choices=(3, 5, 7))
>>> deals.parse(7, "demo")
7
>>> deals.parse(5.0, "demo")
Traceback (most recent call last):
...
kahvehane.errors.InvalidOptions: option 'deals' of demo must be an integer: 3, 5 or 7, not 5.0
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from kahvehane.errors import InvalidOptions, Message
from kahvehane.games.results import MatchSummary

__all__ = [
    "BOT_LEVEL",
    "TABLE_OPTIONS",
    "EntryRule",
    "GameSpec",
    "OptionSpec",
    "Settlement",
    "Transfer",
    "split_table_options",
]

OptionType = type[bool] | type[int] | type[str]

_TYPE_NAMES: dict[type, str] = {bool: "boolean", int: "integer", str: "string"}

BAD_TYPE = {
    bool: Message("options.not_boolean",
                  "option '{option}' of {game} must be true or false, not {value}",
                  "{game} seçeneği '{option}' true ya da false olmalı, {value} değil"),
    int: Message("options.not_integer",
                 "option '{option}' of {game} must be an integer, not {value}",
                 "{game} seçeneği '{option}' bir tam sayı olmalı, {value} değil"),
    str: Message("options.not_string",
                 "option '{option}' of {game} must be a string, not {value}",
                 "{game} seçeneği '{option}' bir metin olmalı, {value} değil"),
}
BAD_TYPE_CHOICE = Message(
    "options.bad_type_choice",
    "option '{option}' of {game} must be an integer: {choices}, not {value}",
    "{game} seçeneği '{option}' bir tam sayı olmalı: {choices}; {value} değil",
)
BAD_CHOICE = Message(
    "options.bad_choice",
    "option '{option}' of {game} must be {choices}, not {value}",
    "{game} seçeneği '{option}' {choices} olmalı, {value} değil",
)
OUT_OF_RANGE = Message(
    "options.out_of_range",
    "option '{option}' of {game} must be {range}, not {value}",
    "{game} seçeneği '{option}' {range} olmalı, {value} değil",
)
REQUIRED = Message(
    "options.required",
    "{game} needs the option '{option}'",
    "{game} için '{option}' seçeneği gerekli",
)
UNKNOWN = Message(
    "options.unknown",
    "unknown option(s) for {game}: {unknown} (the options are {known})",
    "{game} için bilinmeyen seçenek: {unknown} (seçenekler: {known})",
)


def _show(value: Any) -> str:
    """A value as the player wrote it (JSON-like), for error texts."""
    if value is True:
        return "true"
    if value is False:
        return "false"
    if value is None:
        return "null"
    return repr(value) if isinstance(value, str) else str(value)


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One table option: its name, exact type, default and allowed values or range.

    ``required`` options have no default (Casino's ``players``). ``label`` and ``note``
    are what a form shows (both languages). ``choices`` lists every allowed value in the
    order a form offers them; otherwise ``min`` / ``max`` bound an integer. A
    ``nullable`` option also takes ``None`` (JSON ``null``), which means "none chosen"
    (Royal Casino's ``preset``); its default is then usually ``None``.
    ``choice_labels``, one per choice, are the words a form shows for values that are
    names rather than numbers (Koz Maça's ``kasa_rule``).
    """

    name: str
    type: OptionType
    default: Any = None
    choices: tuple[Any, ...] | None = None
    min: int | None = None
    max: int | None = None
    required: bool = False
    nullable: bool = False
    label: Message | None = None
    note: Message | None = None
    choice_labels: tuple[Message, ...] | None = None

    def __post_init__(self) -> None:
        if self.choice_labels is not None and (
                self.choices is None or len(self.choice_labels) != len(self.choices)):
            raise ValueError(f"option {self.name!r}: one choice label per choice")

    def _range(self) -> str:
        if self.min is not None and self.max is not None:
            return f"from {self.min} to {self.max}"
        if self.min is not None:
            return f"at least {self.min}"
        return f"at most {self.max}"

    def parse(self, value: Any, game: str) -> Any:
        """``value`` checked exactly against this option, or :class:`InvalidOptions`
        naming the option, the game and what was wrong."""
        if value is None and self.nullable:
            return None
        ok = isinstance(value, self.type) and (self.type is bool or not isinstance(value, bool))
        shown = [_show(c) for c in self.choices or ()]
        if not ok:
            if self.choices is not None and self.type is int:
                raise InvalidOptions(BAD_TYPE_CHOICE, option=self.name, game=game,
                                     choices=shown, value=_show(value))
            raise InvalidOptions(BAD_TYPE[self.type], option=self.name, game=game,
                                 value=_show(value))
        if self.choices is not None and value not in self.choices:
            raise InvalidOptions(BAD_CHOICE, option=self.name, game=game, choices=shown,
                                 value=_show(value))
        if (self.min is not None and value < self.min) or (
                self.max is not None and value > self.max):
            raise InvalidOptions(OUT_OF_RANGE, option=self.name, game=game,
                                 range=self._range(), value=_show(value))
        return value

    def from_text(self, text: str, game: str) -> Any:
        """The value as written on a command line (``--option deals=3``): an integer in
        decimal digits, a boolean as ``true`` or ``false``, a string as it is; then
        checked as :meth:`parse` checks it (``deals=2.0`` is refused, not rounded).

        >>> OptionSpec("deals", int, 5, choices=(3, 5)).from_text("3", "demo")
        3
        """
        word = text.strip()
        value: Any = text
        if self.type is int and re.fullmatch(r"[+-]?[0-9]+", word):
            value = int(word)
        elif self.type is bool and word.lower() in ("true", "false"):
            value = word.lower() == "true"
        return self.parse(value, game)

    def to_json(self) -> dict[str, Any]:
        """What ``GET /api/games`` says of the option (the lobby's form reads it)."""
        out: dict[str, Any] = {"type": _TYPE_NAMES[self.type], "default": self.default}
        if self.choices is not None:
            out["choices"] = list(self.choices)
        if self.min is not None:
            out["min"] = self.min
        if self.max is not None:
            out["max"] = self.max
        if self.required:
            out["required"] = True
        if self.nullable:
            out["nullable"] = True
        if self.label is not None:
            out["label"] = self.label.to_json()
        if self.note is not None:
            out["note"] = self.note.to_json()
        if self.choice_labels is not None:
            out["choice_labels"] = [m.to_json() for m in self.choice_labels]
        return out


#: The bots' level for a table's empty seats (issues 19, 36): kolay, orta, zor or
#: egitilmis (the trained RL policy where a game has one). Which bot
#: kind a level means in each game is :mod:`kahvehane.bots.levels`' (a layer above).
BOT_LEVEL = OptionSpec(
    "bot_level", str, "orta", choices=("kolay", "orta", "zor", "egitilmis"),
    label=Message("table.option.bot_level", "Bots", "Botlar"),
    note=Message("table.option.bot_level.note", "how well the bots of empty seats play",
                 "boş koltuklardaki botların gücü"),
    choice_labels=(Message("table.option.bot_level.kolay", "easy", "kolay"),
                   Message("table.option.bot_level.orta", "medium", "orta"),
                   Message("table.option.bot_level.zor", "hard", "zor"),
                   Message("table.option.bot_level.egitilmis", "trained (Okey)",
                           "eğitilmiş (Okey)")))

#: Options every game's tables have beside the game's own: the salon reads them, the
#: rules never see them (they are not in a match record's ``options``). ``GET
#: /api/games`` serves them among each game's options and names them in
#: ``table_options``.
TABLE_OPTIONS: tuple[OptionSpec, ...] = (BOT_LEVEL,)


def split_table_options(
    raw: Mapping[str, Any], game: str,
) -> tuple[dict[str, Any], dict[str, Any]]:
    """``raw`` options as ``(game's, table's)``: the table options (:data:`TABLE_OPTIONS`)
    checked exactly like a game's (:meth:`OptionSpec.parse`) with their defaults filled
    in; the rest left for the rules to read.

    >>> split_table_options({"deals": 3, "bot_level": "zor"}, "demo")
    ({'deals': 3}, {'bot_level': 'zor'})
    >>> split_table_options({}, "demo")[1]
    {'bot_level': 'orta'}
    """
    names = {o.name for o in TABLE_OPTIONS}
    table = {o.name: o.parse(raw[o.name], game) if o.name in raw else o.default
             for o in TABLE_OPTIONS}
    return {k: v for k, v in raw.items() if k not in names}, table


@dataclass(frozen=True, slots=True)
class Transfer:
    """``amount`` chips move from account ``source`` to account ``target``.

    Accounts are named for the table: ``"seat:0"`` … (the seat's payer), ``"pot"`` (the
    entries of one match) and ``"kasa"`` (a pot that outlives matches). The ledger maps
    these names to its accounts.
    """

    source: str
    target: str
    amount: int


@dataclass(frozen=True, slots=True)
class Settlement:
    """Every chip movement of one match with an entry fee, start to end.

    ``at_start`` are the transfers made when the match starts (before its first deal);
    ``at_end`` those made when it is settled; ``kasa_before`` / ``kasa_after`` the table's
    Kasa around the match, and ``net[s]`` seat ``s``'s change over the whole match.
    """

    entry: int
    kasa_before: int
    kasa_after: int
    net: tuple[int, ...]
    at_start: tuple[Transfer, ...]
    at_end: tuple[Transfer, ...]


@dataclass(frozen=True, slots=True)
class EntryRule:
    """Tables of this game have an entry fee in chips (docs/rules/table.md, P-4).

    ``start(entry, seats)`` are the transfers made when a match starts; ``settle(entry,
    kasa_before, summary)`` the whole :class:`Settlement` of a finished match (its
    ``at_start`` must equal ``start``'s). ``kasa``: the table keeps a Kasa across matches.
    """

    start: Callable[[int, int], Sequence[Transfer]]
    settle: Callable[[int, int, MatchSummary], Settlement]
    kasa: bool = False
    min_entry: int = 1
    max_entry: int = 10**9


Ranking = Literal["points", "wins"]


@dataclass(frozen=True)
class GameSpec:
    """Everything outside the rules engine that needs to know about one game.

    ``rules`` names the game's :class:`~kahvehane.games.base.GameRules` object as
    ``"module:attribute"``; :func:`kahvehane.games.get_game` imports it on first use, so
    reading a spec costs no engine import. ``family`` groups variants that share an
    engine and so bots and renderers (``"okey"`` for Düz and KDV). ``seats`` lists the
    possible seat counts; ``seats_option`` names the option that chooses among them
    (Casino's ``players``).

    Capabilities:

    * ``entry`` — an :class:`EntryRule`, or ``None`` for tables without chips;
    * ``free_actions`` — record ``act`` names a seat may send off turn (Okey's
      ``arrange``): they do not end a turn, and the salon's clock ignores them;
    * ``suggestions`` — the engine offers arrangements
      (``DealState.suggested_arrangements(seat)``: seri diz / çift diz);
    * ``ranking`` — how a leaderboard orders players: ``"points"`` (ranking points, then
      wins) or ``"wins"`` (wins, then draws);
    * ``lower_totals_win`` — the score table counts penalties: the lowest total wins
      (Okey). Score tables and summaries say so.

    ``position`` orders the games in the salon's lists.
    """

    id: str
    name: Message
    family: str
    seats: tuple[int, ...]
    rules: str
    options: tuple[OptionSpec, ...] = ()
    seats_option: str | None = None
    entry: EntryRule | None = None
    free_actions: tuple[str, ...] = ()
    suggestions: bool = False
    ranking: Ranking = "wins"
    lower_totals_win: bool = False
    description: Message | None = None
    position: int = 100

    def option(self, name: str) -> OptionSpec:
        for opt in self.options:
            if opt.name == name:
                return opt
        raise KeyError(name)

    def parse_options(self, raw: Mapping[str, Any] | None) -> dict[str, Any]:
        """The options with exact types checked and defaults filled in, in the spec's
        order; :class:`InvalidOptions` for an unknown option, a missing required one or
        a value of the wrong type, choice or range. Checks that tie two options together
        are the rules object's (``GameRules.parse_options`` calls this first)."""
        raw = dict(raw or {})
        known = [o.name for o in self.options]
        unknown = sorted(set(raw) - set(known))
        if unknown:
            raise InvalidOptions(UNKNOWN, game=self.id,
                                 unknown=", ".join(repr(u) for u in unknown),
                                 known=", ".join(known) if known else "none")
        out: dict[str, Any] = {}
        for opt in self.options:
            if opt.name in raw:
                out[opt.name] = opt.parse(raw[opt.name], self.id)
            elif opt.required:
                raise InvalidOptions(REQUIRED, game=self.id, option=opt.name)
            else:
                out[opt.name] = opt.default
        return out

    def options_from_text(self, pairs: Iterable[tuple[str, str]]) -> dict[str, Any]:
        """Options written as ``(name, text)`` pairs (the command line's ``--option
        name=value``), each read as its option's type (:meth:`OptionSpec.from_text`). A
        name the spec does not declare keeps its text: the rules' ``parse_options``
        decides on it (and refuses an unknown one)."""
        declared = {o.name: o for o in self.options}
        out: dict[str, Any] = {}
        for name, text in pairs:
            opt = declared.get(name)
            out[name] = text if opt is None else opt.from_text(text, self.id)
        return out

    def to_json(self) -> dict[str, Any]:
        """The game as ``GET /api/games`` serves it."""
        out: dict[str, Any] = {
            "game": self.id,
            "name": self.name.to_json(),
            "family": self.family,
            "seats": list(self.seats),
            "entry": self.entry is not None,
            "options": {o.name: o.to_json() for o in (*self.options, *TABLE_OPTIONS)},
            "table_options": [o.name for o in TABLE_OPTIONS],
            "free_actions": list(self.free_actions),
            "suggestions": self.suggestions,
            "ranking": self.ranking,
            "lower_totals_win": self.lower_totals_win,
        }
        if self.entry is not None:
            out["entry_range"] = [self.entry.min_entry, self.entry.max_entry]
        if self.seats_option is not None:
            out["seats_option"] = self.seats_option
        if self.description is not None:
            out["description"] = self.description.to_json()
        return out
