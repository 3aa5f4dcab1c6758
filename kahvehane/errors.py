"""The one error family of kahvehane, and the message catalogue behind it.

Each error says *what* was wrong and *where*, in words a player or a record author can
act on. They are distinct types so that callers (the CLI, the server) can tell a bad
move from a broken record from a typo in a tile name::

    KahvehaneError
    ├── NotationError        a tile or card name that does not parse (also a ValueError)
    ├── ActionError          an action refused; the state is left exactly as it was
    │   ├── IllegalAction    well-formed, but the rules do not allow it now
    │   └── MalformedAction  not a well-formed action at all
    ├── RecordError          input that is not a possible record, deal or option set
    │   ├── MalformedRecord
    │   ├── MalformedSetup
    │   └── InvalidOptions
    └── ... the layers above add their own (match, bots, store, server)

**Codes, not only English.** An error made from a :class:`Message` carries the
message's ``code`` and the ``params`` it was filled with, beside the English text: the
server sends all three, so a client can show the refusal in Turkish or English (every
message has both). The English text is the message's template filled with the params,
so the two can never disagree. A list param reads as alternatives ("3, 5 or 7"); a
:class:`Phrase` or an error given as a param is itself translated.

>>> NOT_YOURS = Message("example.not_yours", "it is seat {turn}'s turn, not seat {seat}'s",
...                     "sıra {turn}. koltukta, {seat}. koltukta değil")
>>> exc = IllegalAction(NOT_YOURS, "rule 9", turn=0, seat=3)
>>> str(exc)
"it is seat 0's turn, not seat 3's (rule 9)"
>>> exc.code, exc.params, exc.reason, exc.rule
('example.not_yours', {'turn': 0, 'seat': 3}, "it is seat 0's turn, not seat 3's", 'rule 9')
>>> exc.render("tr")
'sıra 0. koltukta, 3. koltukta değil (kural 9)'
"""

from __future__ import annotations

import re
import string
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

__all__ = [
    "CATALOGUE",
    "LANGUAGES",
    "ActionError",
    "IllegalAction",
    "InvalidOptions",
    "KahvehaneError",
    "MalformedAction",
    "MalformedRecord",
    "MalformedSetup",
    "Message",
    "NotationError",
    "Phrase",
    "RecordError",
    "alternatives",
    "render_rule",
]

#: The languages every message is written in.
LANGUAGES = ("en", "tr")

#: Every :class:`Message` ever made, by code: the catalogue the server serves to clients
#: (``GET /api/messages``). A message registers itself when its module is imported.
CATALOGUE: dict[str, Message] = {}

_FIELDS = string.Formatter()


def _placeholders(template: str) -> frozenset[str]:
    return frozenset(name for _, name, _, _ in _FIELDS.parse(template) if name)


@dataclass(frozen=True, slots=True)
class Message:
    """One thing the program can say, in every language, with named ``{params}``.

    ``code`` is stable (clients and tests key on it): a dotted lower-case name whose first
    part is the layer or game that says it (``okey.not_your_turn``, ``server.not_seated``).
    Both texts must name the same params. Making a message registers it in
    :data:`CATALOGUE`; making another message with the same code and other texts is an
    error (one code, one meaning).
    """

    code: str
    en: str
    tr: str

    def __post_init__(self) -> None:
        if not re.fullmatch(r"[a-z][a-z0-9_]*(\.[a-z0-9_]+)+", self.code):
            raise ValueError(f"message code {self.code!r} is not a dotted lower-case name")
        if _placeholders(self.en) != _placeholders(self.tr):
            raise ValueError(
                f"message {self.code!r}: the English and Turkish texts name different params"
                f" ({sorted(_placeholders(self.en))} vs {sorted(_placeholders(self.tr))})"
            )
        known = CATALOGUE.get(self.code)
        if known is not None and (known.en, known.tr) != (self.en, self.tr):
            raise ValueError(f"message code {self.code!r} is already used for other texts")
        CATALOGUE[self.code] = self

    @property
    def params(self) -> frozenset[str]:
        """The names the texts expect."""
        return _placeholders(self.en)

    def text(self, lang: str, params: Mapping[str, Any]) -> str:
        """The message in ``lang`` (``"en"`` or ``"tr"``) filled with ``params``; a list
        param reads as alternatives in that language ("3, 5 or 7", "3, 5 ya da 7")."""
        template = self.tr if lang == "tr" else self.en
        return template.format_map({k: _in(lang, v) for k, v in params.items()})

    def to_json(self) -> dict[str, str]:
        return {"en": self.en, "tr": self.tr}


@dataclass(frozen=True, slots=True, init=False)
class Phrase:
    """A message with its params, to be said inside another one (a param that is itself
    translated: "missing R5" inside "the setup is not exactly the 106 tiles: …").
    A :class:`KahvehaneError` given as a param reads the same way."""

    message: Message
    params: Mapping[str, Any]

    def __init__(self, message: Message, /, **params: Any) -> None:
        object.__setattr__(self, "message", message)
        object.__setattr__(self, "params", params)

    def text(self, lang: str) -> str:
        return self.message.text(lang, self.params)

    def __str__(self) -> str:
        return self.text("en")

    def to_json(self) -> dict[str, Any]:
        return {"code": self.message.code, "params": _jsonable(self.params)}


def _in(lang: str, value: Any) -> Any:
    """A param as it reads in ``lang``."""
    if isinstance(value, list | tuple):
        return alternatives([_in(lang, v) for v in value], lang)
    if isinstance(value, Phrase):
        return value.text(lang)
    if isinstance(value, KahvehaneError):
        return value.render(lang)
    return value


def alternatives(items: Sequence[Any], lang: str) -> str:
    """``["3", "5", "7"]`` as ``"3, 5 or 7"`` (``"3, 5 ya da 7"`` in Turkish).

    >>> alternatives([3, 5, 7], "en"), alternatives(["a"], "tr"), alternatives([], "en")
    ('3, 5 or 7', 'a', '')
    """
    words = [str(x) for x in items]
    if len(words) < 2:
        return "".join(words)
    return ", ".join(words[:-1]) + (" ya da " if lang == "tr" else " or ") + words[-1]


def render_rule(rule: str, lang: str) -> str:
    """A rule reference in ``lang``: ``"rule 9"`` is ``"kural 9"`` in Turkish; a game's
    own rule names (``KM-9``, ``T12``) read the same in both."""
    if lang == "tr" and rule.startswith("rule "):
        return "kural " + rule[5:]
    return rule


_GENERIC = Message("error.text", "{text}", "{text}")


class KahvehaneError(Exception):
    """Base class of every error this package raises on purpose.

    Made either from a :class:`Message` and its params (the form every refusal a player
    can see must take: it has a code and a Turkish text) or from a plain English string
    (for errors only a developer or record author sees; its code is the class's
    ``default_code``).
    """

    #: The code of an error made from a plain string.
    default_code: ClassVar[str] = "error.text"

    def __init__(self, reason: str | Message = "", /, **params: Any) -> None:
        if isinstance(reason, Message):
            missing = reason.params - set(params)
            if missing:
                raise TypeError(f"message {reason.code!r} needs the params {sorted(missing)}")
            self.message: Message = reason
            self.code: str = reason.code
            self.params: dict[str, Any] = dict(params)
            self.reason: str = reason.text("en", params)
        else:
            if params:
                raise TypeError("params need a Message, not a plain string")
            self.message = _GENERIC
            self.code = self.default_code
            self.params = {"text": reason}
            self.reason = reason
        super().__init__(self._full("en"))

    def _full(self, lang: str) -> str:
        return self.reason if lang == "en" else self.message.text(lang, self.params)

    def __reduce__(self) -> tuple[Any, ...]:
        # Errors cross processes (simulate --jobs): keep every field, whatever the
        # subclass's constructor takes.
        return (_restore, (type(self), self.args, self.__dict__))

    def render(self, lang: str) -> str:
        """The whole error in ``lang``, as ``str(exc)`` is in English."""
        return self._full(lang)

    def to_json(self) -> dict[str, Any]:
        """What a client needs to show it in any language: the code, its params and the
        English text."""
        return {"code": self.code, "params": _jsonable(self.params), "message": str(self)}


def _restore(cls: type[KahvehaneError], args: tuple[Any, ...],
             state: dict[str, Any]) -> KahvehaneError:
    exc = cls.__new__(cls)
    exc.args = args
    exc.__dict__.update(state)
    return exc


def _jsonable(params: Mapping[str, Any]) -> dict[str, Any]:
    """Params as JSON: plain values as they are, lists as lists, a nested phrase or error
    as ``{"code", "params"}`` (a client translates it the same way)."""
    return {key: _json_value(value) for key, value in params.items()}


def _json_value(value: Any) -> Any:
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, list | tuple):
        return [_json_value(v) for v in value]
    if isinstance(value, Phrase):
        return value.to_json()
    if isinstance(value, KahvehaneError):
        return {"code": value.code, "params": _jsonable(value.params)}
    return str(value)


class NotationError(KahvehaneError, ValueError):
    """A tile or card name that does not parse, e.g. ``'R14' is not a tile``."""

    default_code = "notation.invalid"


class ActionError(KahvehaneError):
    """An action that was refused; the state is left exactly as it was.

    ``rule`` names the rule that forbids it (e.g. ``"rule 10"`` or ``"KM-9"``), or is
    ``None``; ``reason`` is the English text without it, so that a replay error or a
    server message can cite the two apart. ``str(exc)`` is ``"reason (rule)"``.
    """

    default_code = "action.refused"

    def __init__(self, reason: str | Message, rule: str | None = None, /,
                 **params: Any) -> None:
        self.rule = rule
        super().__init__(reason, **params)

    def _full(self, lang: str) -> str:
        text = super()._full(lang)
        return f"{text} ({render_rule(self.rule, lang)})" if self.rule else text

    def to_json(self) -> dict[str, Any]:
        out = super().to_json()
        out["rule"] = self.rule
        return out


class IllegalAction(ActionError):
    """A well-formed action the rules do not allow now."""

    default_code = "action.illegal"


class MalformedAction(ActionError):
    """An action that is not even well-formed: unknown ``act``, a missing field, ..."""

    default_code = "action.malformed"


class RecordError(KahvehaneError):
    """Input that is not a possible record, deal or set of options."""

    default_code = "record.invalid"


class MalformedSetup(RecordError):
    """An explicit deal (a record's ``setup``) that is not a possible deal of the game."""

    default_code = "record.bad_setup"


class MalformedRecord(RecordError):
    """A game record that cannot be read: bad JSON, unknown game or option, wrong rotation."""

    default_code = "record.malformed"


class InvalidOptions(RecordError):
    """Table options that the game does not accept."""

    default_code = "options.invalid"
