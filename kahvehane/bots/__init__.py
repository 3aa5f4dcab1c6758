"""Bots: players that see only ``view(seat)`` and the legal actions (issue 6).

Every game has a ``random`` bot; the others come from the bot module of the game's
family (:attr:`GameSpec.family <kahvehane.games.spec.GameSpec>`):
``kahvehane/bots/<family>.py`` declares ``FAMILY`` and ``KINDS``, a tuple of
:class:`BotKind` (the ``heuristic`` bot, and a ``search`` bot made with
:func:`search_kind`). A family with a ``heuristic`` also gets ``tempered``, the
heuristic with random slips (:mod:`kahvehane.bots.tempered`, the level kolay of
:mod:`kahvehane.bots.levels`). Nothing here names a game: a new game's bots are its family's
module. :func:`make_bot` builds one by name::

    >>> import random
    >>> bot = make_bot("koz_maca", "heuristic", seat=0, rng=random.Random(1))
    >>> bot.label
    'bot:heuristic'
    >>> bot_kinds("koz_maca")
    ['random', 'heuristic', 'search', 'tempered']

A bot spec may carry options after a colon, e.g. ``search:iterations=400`` or
``search:time=0.2`` (seconds per decision); see docs/bots.md.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from kahvehane.bots.base import Bot
from kahvehane.errors import KahvehaneError, Message
from kahvehane.games import get_spec

__all__ = ["Bot", "BotKind", "BotRequest", "BotSpecError", "bot_kinds", "make_bot",
           "parse_bot_spec", "search_kind", "tempered_kind"]

NO_SUCH_BOT = Message("bots.unknown_kind", "no {kind} bot for {game}: bots are {kinds}",
                      "{game} için {kind} botu yok: botlar {kinds}")
NO_SUCH_PARAM = Message("bots.unknown_param", "the {kind} bot has no parameter {param}",
                        "{kind} botunun {param} diye bir ayarı yok")
BAD_PARAM = Message("bots.bad_param", "bad parameter for the {kind} bot: {why}",
                    "{kind} botu için geçersiz ayar: {why}")
NOT_KEY_VALUE = Message("bots.not_key_value", "bot parameter {part} must be written key=value",
                        "bot ayarı {part} anahtar=değer biçiminde yazılmalı")


class BotSpecError(KahvehaneError, ValueError):
    """An unknown bot kind for a game, or a bad bot option."""


@dataclass(frozen=True, slots=True)
class BotRequest:
    """What a bot is built from: the game and seat, its random generator, the table's
    (public) options and the parameters of the bot spec (``iterations=400``)."""

    game: str
    seat: int
    rng: random.Random
    options: Mapping[str, Any]
    params: Mapping[str, str]


@dataclass(frozen=True, slots=True)
class BotKind:
    """One kind of bot (``heuristic``, ``search``) of a game family: its name, how to
    build it, and the parameters its spec may carry. ``build`` may raise
    :class:`ValueError` for a bad parameter value."""

    name: str
    build: Callable[[BotRequest], Bot]
    params: frozenset[str] = field(default_factory=frozenset)


def _random(req: BotRequest) -> Bot:
    from kahvehane.bots.random_bot import RandomBot

    return RandomBot(req.game, req.seat, req.rng)


#: The kinds every game has, whatever its family.
EVERY_GAME = (BotKind("random", _random),)


def search_kind(plan: str, extra: frozenset[str] = frozenset()) -> BotKind:
    """The ``search`` kind of a family: :class:`~kahvehane.bots.search.SearchBot` with the
    :class:`~kahvehane.bots.search.SearchPlan` named ``"module:Class"``. It is named,
    not imported, because a plan imports its family's heuristic bot, whose module
    declares this kind. Parameters: ``iterations`` and ``time`` (CPU seconds per
    decision), and those the plan names in ``extra`` (handed to it as
    ``SearchBot.params``: the Okey plan's ``read``).
    """
    module, _, attr = plan.partition(":")

    def build(req: BotRequest) -> Bot:
        from kahvehane.bots.search import SearchBot

        iterations = req.params.get("iterations")
        seconds = req.params.get("time")
        return SearchBot(
            req.game, req.seat, req.rng, req.options,
            plan=getattr(importlib.import_module(module), attr),
            iterations=None if iterations is None else int(iterations),
            time_limit=None if seconds is None else float(seconds),
            params={k: v for k, v in req.params.items() if k in extra},
        )

    return BotKind("search", build, frozenset({"iterations", "time", *extra}))


@cache
def _family_kinds(family: str) -> dict[str, BotKind]:
    kinds = {k.name: k for k in EVERY_GAME}
    name = f"{__name__}.{family}"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
        return kinds  # a family without bots of its own plays with the random bot
    if getattr(module, "FAMILY", None) != family:
        raise RuntimeError(f"{name} must declare FAMILY = {family!r}")
    for kind in module.KINDS:
        kinds[kind.name] = kind
    heuristic = kinds.get("heuristic")
    if heuristic is not None and "tempered" not in kinds:
        kinds["tempered"] = tempered_kind(heuristic)
    return kinds


def tempered_kind(heuristic: BotKind) -> BotKind:
    """The ``tempered`` kind made of a family's ``heuristic`` kind
    (:class:`~kahvehane.bots.tempered.TemperedBot`): its parameter ``p`` is how often a
    random legal action replaces the heuristic's."""

    def build(req: BotRequest) -> Bot:
        from kahvehane.bots.tempered import DEFAULT_P, TemperedBot

        p = req.params.get("p")
        inner = heuristic.build(BotRequest(req.game, req.seat, req.rng, req.options, {}))
        return TemperedBot(inner, DEFAULT_P if p is None else float(p))

    return BotKind("tempered", build, frozenset({"p"}))


def _kinds(game: str) -> dict[str, BotKind]:
    return _family_kinds(get_spec(game).family)


def bot_kinds(game: str) -> list[str]:
    """The bot kinds a game has (``random`` first)."""
    return list(_kinds(game))


def parse_bot_spec(spec: str) -> tuple[str, dict[str, str]]:
    """``"search:iterations=200,time=0.1"`` → ``("search", {...})``; parameters after a
    colon, separated by ``;`` or ``+`` (a comma separates bots on the command line).

    >>> parse_bot_spec("search:iterations=50")
    ('search', {'iterations': '50'})
    """
    kind, _, rest = spec.strip().partition(":")
    params: dict[str, str] = {}
    for part in rest.replace("+", ";").split(";"):
        if not part:
            continue
        key, eq, value = part.partition("=")
        if not eq:
            raise BotSpecError(NOT_KEY_VALUE, part=repr(part))
        params[key.strip()] = value.strip()
    return kind.strip(), params


def make_bot(
    game: str,
    spec: str,
    seat: int,
    rng: random.Random | None = None,
    options: Mapping[str, Any] | None = None,
) -> Bot:
    """A bot of kind ``spec`` (``random``, ``heuristic``, ``search``, maybe with
    parameters) for ``seat`` of ``game``. ``options`` are the table's (public) options."""
    name, params = parse_bot_spec(spec)
    kinds = _kinds(game)
    kind = kinds.get(name)
    if kind is None:
        raise BotSpecError(NO_SUCH_BOT, kind=repr(name), game=game, kinds=", ".join(kinds))
    unknown = sorted(set(params) - kind.params)
    if unknown:
        raise BotSpecError(NO_SUCH_PARAM, kind=name, param=repr(unknown[0]))
    request = BotRequest(game, seat, rng if rng is not None else random.Random(),
                         options or {}, params)
    try:
        return kind.build(request)
    except ValueError as exc:
        raise BotSpecError(BAD_PARAM, kind=name, why=str(exc)) from None
