"""Who may watch and who may sit at a table: a friends' table (issue 21) is not in the
lobby, and only those who came by its invitation link — its unguessable code — may take
a seat there, and, when the manager chose so, watch. Pure: the actor asks before it
attaches or seats anyone.

>>> from kahvehane.users import UserInfo
>>> from kahvehane.server.table.ports import Viewer
>>> ayse, can = UserInfo(1, "Ayşe", False), UserInfo(2, "Can", False)
>>> a = Access(private=True, invite="k" * 22, invited_watch=True)
>>> v = Viewer("g", 1, can)
>>> a.may_watch(v, invite=None, manager=ayse, seated=False)
False
>>> a.may_watch(v, invite="k" * 22, manager=ayse, seated=False), a.may_sit(v, ayse)
(True, True)
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field

from kahvehane.server.table.ports import Viewer
from kahvehane.users import UserInfo

__all__ = ["Access", "new_invite"]


def new_invite() -> str:
    """A fresh invitation code: 128 random bits (``secrets``), URL-safe, 22 characters."""
    return secrets.token_urlsafe(16)


@dataclass
class Access:
    """A table's privacy and talk settings, and who came in by its invitation."""

    private: bool = False
    invite: str | None = None  # the code of a private table's link
    invited_watch: bool = False  # a private table watched only by invitation
    watcher_chat: bool = True  # watchers may talk (the manager may turn it off)
    users: set[int] = field(default_factory=set)  # signed-in people who used the link
    viewers: set[Viewer] = field(default_factory=set)  # anonymous watchers who did

    def admitted(self, viewer: Viewer, manager: UserInfo) -> bool:
        """Whether ``viewer`` came by the link (or is the manager)."""
        user = viewer.user
        if user is not None and (user.id == manager.id or user.id in self.users):
            return True
        return viewer in self.viewers

    def may_watch(self, viewer: Viewer, *, invite: object, manager: UserInfo,
                  seated: bool) -> bool:
        """Whether ``viewer`` may attach, joining with ``invite`` (admitted if it is
        the code): always at a public table or a private one anyone may watch."""
        if self.private and self.invite is not None and invite == self.invite:
            if viewer.user is not None:
                self.users.add(viewer.user.id)
            else:
                self.viewers.add(viewer)
        if not (self.private and self.invited_watch):
            return True
        return seated or self.admitted(viewer, manager)

    def may_sit(self, viewer: Viewer, manager: UserInfo) -> bool:
        return not self.private or self.admitted(viewer, manager)

    def gone(self, viewer: Viewer) -> None:
        """An anonymous watcher's connection left: its admission goes with it."""
        self.viewers.discard(viewer)
