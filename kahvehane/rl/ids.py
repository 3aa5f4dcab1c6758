"""The environments' versioned ids and their defaults (``kahvehane/casino-v0``).

An id names a game *and* the version of its encoding: the observation vector, the action
space and the rewards. The version is bumped whenever one of them changes meaning (a
block added or moved, a token renumbered, a reward rescaled), so a policy trained on
``kahvehane/kdv_okey-v0`` is never silently fed another encoding; a run can pin its id
(``env("kahvehane/kdv_okey-v0")`` refuses a different version). ``docs/rl.md`` lists
the ids with the history of each version.

Every game works with no options: each option takes the game's spec default
(``docs/rules/<game>.md``), and where the spec has none — Casino's and Royal Casino's
``players`` — the environment supplies the classic game's (two players).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from kahvehane.games import get_game
from kahvehane.games.base import JSON

#: The encoding version of each game (``docs/rl.md``, "Ids and versions").
VERSIONS: dict[str, int] = {
    "duz_okey": 0,
    "kdv_okey": 0,
    "koz_maca": 0,
    "balayi_kingi": 0,
    "casino": 0,
    "royal_casino": 0,
}
#: Defaults the environments add where the game's spec has none (a required option).
RL_DEFAULTS: dict[str, dict[str, Any]] = {
    "casino": {"players": 2},
    "royal_casino": {"players": 2},
}
_ID = re.compile(r"^kahvehane/(?P<game>[a-z_]+)-v(?P<version>\d+)$")


def env_id(game: str) -> str:
    """The versioned id of ``game``'s environment: ``kahvehane/koz_maca-v0``."""
    if game not in VERSIONS:
        raise ValueError(f"no environment for game {game!r}; the games are"
                         f" {', '.join(VERSIONS)}")
    return f"kahvehane/{game}-v{VERSIONS[game]}"


def game_of(name: str) -> str:
    """The game a name means: a game (``casino``) or a versioned id of the current
    version (``kahvehane/casino-v0``); any other version is refused, saying which
    one this release has."""
    if "/" not in name:
        env_id(name)  # a clear error for an unknown game
        return name
    match = _ID.match(name)
    if match is None:
        raise ValueError(f"{name!r} is not an environment id (kahvehane/<game>-v<N>)")
    game, version = match["game"], int(match["version"])
    current = env_id(game)
    if version != VERSIONS[game]:
        raise ValueError(f"{name} is not available: this release has {current}"
                         " (docs/rl.md lists what changed between versions)")
    return game


def with_defaults(game: str, options: Mapping[str, Any] | None) -> dict[str, Any]:
    """``options`` with the environment's defaults for options the spec requires."""
    return {**RL_DEFAULTS.get(game, {}), **(options or {})}


def default_options(game: str) -> JSON:
    """Every table option of ``game`` with the value an environment made with no
    options plays (the spec's default, or the environment's where the spec has none)."""
    return get_game(game).parse_options(with_defaults(game, {}))


__all__ = ["RL_DEFAULTS", "VERSIONS", "default_options", "env_id", "game_of", "with_defaults"]
