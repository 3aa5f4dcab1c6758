"""What the salon tells clients about itself: its games (``GET /api/games``, from the
registry) and every message it can send, in every language (``GET /api/messages``).

The catalogue is filled as modules are imported (each :class:`~kahvehane.errors.Message`
registers itself), so before it is served every game's engine is imported: a refusal
of any engine can then be rendered from it.
"""

from __future__ import annotations

from typing import Any

from kahvehane.errors import CATALOGUE
from kahvehane.games import all_specs, get_game
from kahvehane.server import errors as server_errors
from kahvehane.server.table import chat
from kahvehane.store import accounts, ledger, notices, social

__all__ = ["SERVER_MESSAGES", "games_json", "messages_json"]

#: The modules whose messages the server sends beside the engines' (imported here for
#: their entries in the catalogue).
SERVER_MESSAGES = (server_errors, chat, accounts, ledger, social, notices)


def games_json() -> dict[str, Any]:
    """``{"games": [...]}``: each game's spec in the salon's order."""
    return {"games": [spec.to_json() for spec in all_specs()]}


def messages_json() -> dict[str, Any]:
    """``{"messages": {code: {"en": ..., "tr": ...}}}``: the whole catalogue."""
    for spec in all_specs():
        get_game(spec.id)  # the engines' messages register on import
    return {"messages": {code: CATALOGUE[code].to_json() for code in sorted(CATALOGUE)}}
