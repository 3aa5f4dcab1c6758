"""Bots: players that see only ``view(seat)`` and the legal actions (issue 6).

Every game has a ``random`` bot and a ``heuristic`` bot; Koz Maça, Balayı Kingi and
Casino (and Royal Casino) also have a ``search`` bot (determinized information-set Monte
Carlo tree search). :func:`make_bot` builds one by name::

    >>> import random
    >>> bot = make_bot("koz_maca", "heuristic", seat=0, rng=random.Random(1))
    >>> bot.label
    'bot:heuristic'
    >>> sorted(bot_kinds("koz_maca"))
    ['heuristic', 'random', 'search']

A bot spec may carry options after a colon, e.g. ``search:iterations=400`` or
``search:time=0.2`` (seconds per decision); see docs/bots.md.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from kahvehane.bots.base import Bot
from kahvehane.errors import KahvehaneError

__all__ = ["Bot", "BotSpecError", "bot_kinds", "make_bot", "parse_bot_spec"]


class BotSpecError(KahvehaneError, ValueError):
    """An unknown bot kind for a game, or a bad bot option."""


Factory = Callable[[str, int, random.Random, Mapping[str, Any], Mapping[str, Any]], Bot]


def _random(game: str, seat: int, rng: random.Random, options: Mapping[str, Any],
            params: Mapping[str, Any]) -> Bot:
    from kahvehane.bots.random_bot import RandomBot

    return RandomBot(game, seat, rng)


def _heuristic(game: str, seat: int, rng: random.Random, options: Mapping[str, Any],
               params: Mapping[str, Any]) -> Bot:
    if game in ("duz_okey", "kdv_okey"):
        from kahvehane.bots.okey import OkeyHeuristicBot

        return OkeyHeuristicBot(game, seat, rng)
    if game == "koz_maca":
        from kahvehane.bots.koz_maca import KozMacaHeuristicBot

        return KozMacaHeuristicBot(game, seat, rng)
    if game == "balayi_kingi":
        from kahvehane.bots.balayi_kingi import BalayiHeuristicBot

        return BalayiHeuristicBot(game, seat, rng)
    from kahvehane.bots.casino import CasinoHeuristicBot

    return CasinoHeuristicBot(game, seat, rng, options)


def _search(game: str, seat: int, rng: random.Random, options: Mapping[str, Any],
            params: Mapping[str, Any]) -> Bot:
    from kahvehane.bots.search import SearchBot

    iterations = params.get("iterations")
    seconds = params.get("time")
    return SearchBot(
        game, seat, rng, options,
        iterations=None if iterations is None else int(iterations),
        time_limit=None if seconds is None else float(seconds),
    )


_ALL = ("duz_okey", "kdv_okey", "koz_maca", "balayi_kingi", "casino", "royal_casino")
_SEARCH = ("koz_maca", "balayi_kingi", "casino", "royal_casino")
_FACTORIES: dict[str, tuple[Factory, tuple[str, ...]]] = {
    "random": (_random, _ALL),
    "heuristic": (_heuristic, _ALL),
    "search": (_search, _SEARCH),
}
_PARAMS: dict[str, frozenset[str]] = {
    "random": frozenset(),
    "heuristic": frozenset(),
    "search": frozenset({"iterations", "time"}),
}


def bot_kinds(game: str) -> list[str]:
    """The bot kinds a game has."""
    return [kind for kind, (_, games) in _FACTORIES.items() if game in games]


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
            raise BotSpecError(f"bot parameter {part!r} must be written key=value")
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
    kind, params = parse_bot_spec(spec)
    entry = _FACTORIES.get(kind)
    if entry is None or game not in entry[1]:
        raise BotSpecError(
            f"no {kind!r} bot for {game}: bots are {', '.join(bot_kinds(game))}"
        )
    unknown = sorted(set(params) - _PARAMS[kind])
    if unknown:
        raise BotSpecError(f"the {kind} bot has no parameter {unknown[0]!r}")
    try:
        return entry[0](game, seat, rng if rng is not None else random.Random(), options or {},
                        params)
    except ValueError as exc:
        raise BotSpecError(f"bad parameter for the {kind} bot: {exc}") from None
