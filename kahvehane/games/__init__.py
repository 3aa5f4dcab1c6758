"""The rules engines, one per game, behind one interface (:mod:`kahvehane.games.base`),
and the one registry of games (:mod:`kahvehane.games.spec`).

Each game package declares its games in its own ``spec.py`` (``SPECS``, a tuple of
:class:`~kahvehane.games.spec.GameSpec`); the registry finds them by looking at the
packages here, so adding a game touches that game's package only. A package may also
declare ``UNLISTED`` specs: games whose engine and records work (``get_spec``,
``get_game``, replay) but which the salon does not list yet (``all_specs``,
``GAME_NAMES``) because their bots, web module or RL codec are still to come.

>>> from kahvehane.games import GAME_NAMES
>>> sorted(GAME_NAMES)
['balayi_kingi', 'casino', 'duz_okey', 'kdv_okey', 'koz_maca', 'okey_101', 'royal_casino']
>>> [s.id for s in all_specs()][:2], get_spec("casino").seats
(['duz_okey', 'kdv_okey'], (2, 3, 4))
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

from kahvehane.errors import MalformedRecord, Message
from kahvehane.games.base import GameRules
from kahvehane.games.spec import GameSpec

__all__ = ["GAME_NAMES", "all_specs", "get_game", "get_spec"]

UNKNOWN_GAME = Message("game.unknown", "unknown game {game}: games are {games}",
                       "bilinmeyen oyun {game}: oyunlar {games}")


@cache
def _specs() -> dict[str, GameSpec]:
    return _registry()[0]


@cache
def _registry() -> tuple[dict[str, GameSpec], dict[str, GameSpec]]:
    """(listed specs, listed and unlisted specs), each by id in the salon's order."""
    found: list[GameSpec] = []
    unlisted: list[GameSpec] = []
    for info in pkgutil.iter_modules(__path__):
        if not info.ispkg:
            continue
        try:
            module = importlib.import_module(f"{__name__}.{info.name}.spec")
        except ModuleNotFoundError as exc:
            if exc.name != f"{__name__}.{info.name}.spec":
                raise
            continue  # a package of shared parts, not a game
        found.extend(module.SPECS)
        unlisted.extend(getattr(module, "UNLISTED", ()))
    found.sort(key=lambda s: (s.position, s.id))
    out: dict[str, GameSpec] = {}
    for spec in (*found, *unlisted):
        if spec.id in out:
            raise RuntimeError(f"two game specs declare the id {spec.id!r}")
        out[spec.id] = spec
    return {s.id: s for s in found}, out


def all_specs() -> tuple[GameSpec, ...]:
    """Every game, in the salon's order."""
    return tuple(_specs().values())


def get_spec(name: str) -> GameSpec:
    """The :class:`GameSpec` of a game id; :class:`MalformedRecord` for an unknown one."""
    try:
        return _registry()[1][name]
    except (KeyError, TypeError):
        raise MalformedRecord(UNKNOWN_GAME, game=repr(name),
                              games=", ".join(sorted(_specs()))) from None


def get_game(name: str) -> GameRules:
    """The rules object of a game id, e.g. ``get_game("duz_okey")``: the object the
    spec's ``rules`` names (``"module:attribute"``), imported on first use."""
    return _rules(get_spec(name).rules)


@cache
def _rules(ref: str) -> GameRules:
    module, _, attr = ref.partition(":")
    rules: GameRules = getattr(importlib.import_module(module), attr)
    return rules


def __getattr__(name: str) -> frozenset[str]:
    # GAME_NAMES is read on first use: the specs import their engines, which import
    # this package's modules, so nothing is looked up while this package loads.
    if name == "GAME_NAMES":
        return frozenset(_specs())
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
