"""What ``GET /api/games`` says about each game: seats, options, defaults, choices.

Defaults are read from the engines themselves (``parse_options``), so this page cannot
disagree with the rules.
"""

from __future__ import annotations

from typing import Any

from kahvehane.games import get_game
from kahvehane.games.koz_maca import KASA_RULES

GAMES = ("duz_okey", "kdv_okey", "koz_maca", "balayi_kingi", "casino", "royal_casino")


def _okey(name: str) -> dict[str, Any]:
    d = get_game(name).parse_options({})
    return {"game": name, "seats": [4], "entry": False, "options": {
        "deals": {"default": d["deals"], "choices": [3, 5, 7, 9, 11]},
        "pairs": {"default": d["pairs"], "choices": [False, True]},
    }}


def _casino(name: str) -> dict[str, Any]:
    d = get_game(name).parse_options({"players": 2})
    opts: dict[str, Any] = {
        "players": {"default": None, "choices": [2, 3, 4], "required": True},
        "partners": {"default": d["partners"], "choices": [False, True],
                     "note": "2 v 2: needs players 4"},
        "sweeps": {"default": d["sweeps"], "choices": [False, True]},
        "target": {"default": d["target"], "min": 1},
    }
    if "nordic_specials" in d:
        opts["nordic_specials"] = {"default": d["nordic_specials"], "choices": [False, True]}
    return {"game": name, "seats": [2, 3, 4], "entry": False, "options": opts}


def games_info() -> list[dict[str, Any]]:
    """One entry per game, in the salon's order."""
    km = get_game("koz_maca").parse_options({})
    return [
        _okey("duz_okey"),
        _okey("kdv_okey"),
        {"game": "koz_maca", "seats": [4], "entry": True, "options": {
            "finish_score": {"default": km["finish_score"], "min": 1},
            "kasa_rule": {"default": km["kasa_rule"], "choices": list(KASA_RULES)},
        }},
        {"game": "balayi_kingi", "seats": [2], "entry": False, "options": {}},
        _casino("casino"),
        _casino("royal_casino"),
    ]
