"""Who a person is, as every part above the games passes it around: a signed-in user's
id, the name shown and whether it is a guest account.

A value, below the store and the server alike: the store makes it from a row
(:mod:`kahvehane.store.accounts`), the server carries it in every
:class:`~kahvehane.server.table.ports.Viewer` and seats it at tables. Neither has to
import the other to name a person.

>>> ayse = UserInfo(1, "Ayşe", False)
>>> ayse.public()
{'id': 1, 'name': 'Ayşe'}
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["UserInfo"]


@dataclass(frozen=True, slots=True)
class UserInfo:
    """A person (or a guest): ``id`` is the account's, ``name`` the one shown."""

    id: int
    name: str
    guest: bool

    def public(self) -> dict[str, object]:
        """What others are shown of the person (never the guest flag)."""
        return {"id": self.id, "name": self.name}
