"""Every command a table accepts, each defined once: a frozen dataclass per kind that
reads and checks its message (a coded ``bad_message`` error otherwise) and says whether
it changes something.

Everything else is derived from these classes: the gateway's list of the messages it
routes to tables and of those before which it checks the session
(:data:`CLIENT_KINDS`, :data:`CHANGING_KINDS`), the table's dispatch (each handler is
marked with :func:`handles`, and a table refuses to exist with a command left
unhandled), and ``docs/protocol.md`` §3.2, which ``tests/server/table/test_commands.py``
holds to them. A handler is given the typed command, never the raw message.

Two kinds of commands reach a table's queue as :class:`~.ports.Command` envelopes:

* a **client command** (:class:`ClientCommand`): a message from a viewer, with its
  ``id`` (answered in ``ok`` or ``error``) and its sender;
* a table's **own command** (:class:`OwnCommand`): a timer that fired, ``resume`` after
  a restart, ``shutdown``, ``detach`` (a viewer's connection closed).

What a message says about the table itself (is this seat free, is the sender seated)
is the table's to check; a command checks only what its message alone can show.

Adding a command: a class here with :func:`command` (its fields and ``parse``), a
handler marked ``@handles(TheClass)`` in the part of the table it belongs to, and its
row in docs/protocol.md §3.2 (docs/architecture.md, "Adding a command").

>>> from kahvehane.server.table.ports import Command, Viewer
>>> v = Viewer("g", 1, None)
>>> parse(Command("sit", v, {"type": "sit", "table": "t1", "seat": 2, "id": 7}))
Sit(sender=Viewer(gateway='g', conn=1, user=None), id=7, seat=2)
>>> parse(Command("sit", v, {"type": "sit", "table": "t1", "seat": "2"}))
Traceback (most recent call last):
...
kahvehane.server.errors.ProtocolError: 'seat' has the wrong type
>>> Sit.changes, Join.changes
(True, False)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Self, TypeVar, dataclass_transform

from kahvehane.server.errors import BAD_SETTINGS, UNKNOWN_TYPE, ProtocolError
from kahvehane.server.protocol import JSONObj, message_id
from kahvehane.server.protocol import field as msg_field
from kahvehane.server.table.chat import phrase_code
from kahvehane.server.table.ports import Command, Viewer

__all__ = [
    "CHANGING_KINDS", "CLIENT_COMMANDS", "CLIENT_KINDS", "COMMANDS", "Act", "Back", "Cancel",
    "Chat", "ClientCommand", "Detach", "Join", "Leave", "OwnCommand", "Part", "QuickSeat",
    "Rematch",
    "Resume", "Settings", "Shutdown", "Sit", "Start", "Suggest", "TableCommand",
    "TimerFired", "Unseat", "command", "handled_kinds", "handles", "parse",
]

#: Every command class by its kind (client and own).
COMMANDS: dict[str, type[TableCommand]] = {}


class TableCommand:
    """What every command says of itself: its ``kind`` (the message's ``type``) and
    whether it ``changes`` something at the table (the session is checked before it:
    an expired session never changes anything, docs/protocol.md §3.1)."""

    __slots__ = ()
    kind: ClassVar[str]
    changes: ClassVar[bool] = False

    @classmethod
    def from_envelope(cls, env: Command) -> Self:
        """The command an envelope carries (each kind of command reads its own)."""
        raise NotImplementedError


@dataclass(frozen=True, slots=True, kw_only=True)
class ClientCommand(TableCommand):
    """A message a viewer sent: ``sender`` (who) and ``id`` (the client's, or ``None``)
    come with every one."""

    sender: Viewer
    id: str | int | None = None

    @classmethod
    def from_envelope(cls, env: Command) -> Self:
        if env.viewer is None:  # only a gateway sends a client's message, with its viewer
            raise ProtocolError("bad_message", UNKNOWN_TYPE, type=repr(env.kind))
        return cls.parse(env.msg, env.viewer)

    @classmethod
    def parse(cls, msg: JSONObj, sender: Viewer) -> Self:
        """The command of ``msg`` (a client's message of this kind); ``bad_message``
        saying which field is wrong. A command without fields of its own reads none."""
        return cls(sender=sender, id=message_id(msg))


@dataclass(frozen=True, slots=True, kw_only=True)
class OwnCommand(TableCommand):
    """A command a table (or its host) gives itself: never sent by a client."""

    @classmethod
    def from_envelope(cls, env: Command) -> Self:
        return cls()


C = TypeVar("C", bound=TableCommand)


@dataclass_transform(frozen_default=True, kw_only_default=True)
def command(cls: type[C]) -> type[C]:
    """Make ``cls`` a frozen dataclass (keyword fields) and register it by its kind."""
    made = dataclass(frozen=True, slots=True, kw_only=True)(cls)
    if made.kind in COMMANDS:
        raise ValueError(f"two commands of kind {made.kind!r}")
    COMMANDS[made.kind] = made
    return made


# ---------------------------------------------------------------- client commands
@command
class Join(ClientCommand):
    """Attach to the table (``last`` and ``epoch``: what the client saw; ``invite``: a
    friends' table's code). Values of another type are as good as none: the client gets
    a snapshot, and a wrong code admits nobody."""

    kind = "join"
    last: int | None = None
    epoch: str | None = None
    invite: str | None = None

    @classmethod
    def parse(cls, msg: JSONObj, sender: Viewer) -> Self:
        last, epoch, invite = msg.get("last"), msg.get("epoch"), msg.get("invite")
        return cls(sender=sender, id=message_id(msg),
                   last=last if isinstance(last, int) and not isinstance(last, bool)
                   else None,
                   epoch=epoch if isinstance(epoch, str) else None,
                   invite=invite if isinstance(invite, str) else None)


@command
class Part(ClientCommand):
    """Stop receiving the table's events (a seat stays the sender's)."""

    kind = "part"


@command
class Sit(ClientCommand):
    """Take ``seat``."""

    kind = "sit"
    changes = True
    seat: int

    @classmethod
    def parse(cls, msg: JSONObj, sender: Viewer) -> Self:
        return cls(sender=sender, id=message_id(msg), seat=msg_field(msg, "seat", int))


@command
class Leave(ClientCommand):
    """Give up one's seat (during a match a bot plays it to the end)."""

    kind = "leave"
    changes = True


@command
class Start(ClientCommand):
    """The manager starts the countdown."""

    kind = "start"
    changes = True


@command
class Cancel(ClientCommand):
    """The manager stops the countdown."""

    kind = "cancel"
    changes = True


@command
class Act(ClientCommand):
    """A move: ``action`` is a record action (its ``seat`` may be left out); the engine
    reads it against the deal."""

    kind = "act"
    changes = True
    action: Mapping[str, Any]

    @classmethod
    def parse(cls, msg: JSONObj, sender: Viewer) -> Self:
        return cls(sender=sender, id=message_id(msg),
                   action=msg_field(msg, "action", dict))


@command
class Back(ClientCommand):
    """Take one's seat back from the bot."""

    kind = "back"
    changes = True


@command
class Suggest(ClientCommand):
    """Ask for the game's suggested arrangements of one's rack."""

    kind = "suggest"


@command
class Chat(ClientCommand):
    """A line of table talk: a quick ``phrase`` (a known key) or ``text`` (a string,
    cleaned and measured by the table, whose length limit it is)."""

    kind = "chat"
    changes = True
    text: str | None = None
    phrase: str | None = None

    @classmethod
    def parse(cls, msg: JSONObj, sender: Viewer) -> Self:
        if msg.get("phrase") is not None:
            return cls(sender=sender, id=message_id(msg), phrase=phrase_code(msg["phrase"]))
        text = msg.get("text")
        # not a string: the table's cleaning refuses it as an empty line
        return cls(sender=sender, id=message_id(msg), text=text if isinstance(text, str)
                   else None)


@command
class Settings(ClientCommand):
    """The manager turns watchers' talk on or off."""

    kind = "settings"
    changes = True
    watcher_chat: bool

    @classmethod
    def parse(cls, msg: JSONObj, sender: Viewer) -> Self:
        value = msg.get("watcher_chat")
        if not isinstance(value, bool):
            raise ProtocolError("bad_message", BAD_SETTINGS, field="'watcher_chat'")
        return cls(sender=sender, id=message_id(msg), watcher_chat=value)


@command
class Unseat(ClientCommand):
    """The manager frees ``seat`` before the match."""

    kind = "unseat"
    changes = True
    seat: int

    @classmethod
    def parse(cls, msg: JSONObj, sender: Viewer) -> Self:
        return cls(sender=sender, id=message_id(msg), seat=msg_field(msg, "seat", int))


@command
class Rematch(ClientCommand):
    """A seated person agrees to a rematch."""

    kind = "rematch"
    changes = True


# ---------------------------------------------------------------- the table's own
@command
class TimerFired(OwnCommand):
    """The table's one timer fired: ``timer`` is what it was armed for, ``token`` which
    arming (:class:`~.timer.Timer`)."""

    kind = "timer"
    timer: str
    token: int

    @classmethod
    def from_envelope(cls, env: Command) -> Self:
        return cls(timer=str(env.msg.get("timer")), token=env.token)


@command
class Resume(OwnCommand):
    """After a restart: finish, deal or end what a crash left undone."""

    kind = "resume"


@command
class Shutdown(OwnCommand):
    """The salon stops, or another node owns the table now: the table stops."""

    kind = "shutdown"


@command
class Detach(OwnCommand):
    """``viewer``'s connection closed: it watches the table no more (``part`` unasked)."""

    kind = "detach"
    viewer: Viewer | None

    @classmethod
    def from_envelope(cls, env: Command) -> Self:
        return cls(viewer=env.viewer)


@command
class QuickSeat(OwnCommand):
    """"Hemen oyna" (``quick``, docs/protocol.md §3.2): the salon chose this table for
    ``viewer``, who takes a free seat here (or keeps theirs) and is answered ``quick``
    with the client's ``id``; then the match begins, at once or after ``wait`` seconds
    for other people. Given by a gateway, never a client's table message."""

    kind = "quick_seat"
    viewer: Viewer | None
    id: str | int | None = None
    wait: float = 0.0

    @classmethod
    def from_envelope(cls, env: Command) -> Self:
        wait = env.msg.get("wait")
        return cls(viewer=env.viewer, id=message_id(env.msg),
                   wait=float(wait) if isinstance(wait, int | float)
                   and not isinstance(wait, bool) else 0.0)


# ---------------------------------------------------------------- derived
#: The client commands by kind: what a gateway routes to a table.
CLIENT_COMMANDS: Mapping[str, type[ClientCommand]] = {
    kind: cls for kind, cls in COMMANDS.items() if issubclass(cls, ClientCommand)}
#: The message types a table accepts from clients.
CLIENT_KINDS = frozenset(CLIENT_COMMANDS)
#: Those that change something: the sender's session is checked before each.
CHANGING_KINDS = frozenset(k for k, c in CLIENT_COMMANDS.items() if c.changes)


def parse(env: Command) -> TableCommand:
    """The typed command of an envelope; ``bad_message`` for an unknown kind or a
    message that does not read."""
    cls = COMMANDS.get(env.kind)
    if cls is None:
        raise ProtocolError("bad_message", UNKNOWN_TYPE, type=repr(env.kind))
    return cls.from_envelope(env)


# ---------------------------------------------------------------- handlers
H = TypeVar("H", bound=Callable[..., Any])


def handles(*classes: type[TableCommand]) -> Callable[[H], H]:
    """Mark a table method as the handler of ``classes`` (see :func:`handled_kinds`)."""

    def mark(fn: H) -> H:
        fn.__dict__["handles"] = classes
        return fn

    return mark


def handled_kinds(owner: type) -> dict[type[TableCommand], Callable[..., Any]]:
    """The handlers marked with :func:`handles` on ``owner`` and its bases, by command
    class; ``TypeError`` if a command has none, or two."""
    found: dict[type[TableCommand], Callable[..., Any]] = {}
    for base in reversed(owner.__mro__):
        for fn in vars(base).values():
            for cls in getattr(fn, "handles", ()):
                if cls in found and found[cls] is not fn:
                    raise TypeError(f"{owner.__name__}: two handlers of {cls.kind!r}")
                found[cls] = fn
    missing = sorted(c.kind for c in COMMANDS.values() if c not in found)
    if missing:
        raise TypeError(f"{owner.__name__} handles no {', '.join(missing)}")
    return found
