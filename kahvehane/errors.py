"""Exception types shared by every layer.

Each error says *what* was wrong and *where*, in words a player or a record author can
act on. They are distinct types so that callers (the CLI, the server) can tell a bad
move from a broken record from a typo in a tile name.
"""

from __future__ import annotations


class KahvehaneError(Exception):
    """Base class of every error this package raises on purpose."""


class NotationError(KahvehaneError, ValueError):
    """A tile or card name that does not parse, e.g. ``'R14' is not a tile``."""


class IllegalAction(KahvehaneError):
    """An action the rules do not allow now; the state is left exactly as it was.

    ``rule`` names the rule that forbids it (e.g. ``"rule 10"`` or ``"KM-9"``) so that a
    replay error or a server message can cite it.
    """

    def __init__(self, message: str, rule: str | None = None) -> None:
        self.rule = rule
        super().__init__(f"{message} ({rule})" if rule else message)


class MalformedAction(IllegalAction):
    """An action that is not even well-formed: unknown ``act``, a missing field, ..."""


class MalformedSetup(KahvehaneError):
    """An explicit deal (a record's ``setup``) that is not a possible deal of the game."""


class MalformedRecord(KahvehaneError):
    """A game record that cannot be read: bad JSON, unknown game or option, wrong rotation."""


class InvalidOptions(MalformedRecord):
    """Table options that the game does not accept."""
