"""Friends and blocks (issue 30): who may ask whom, who is whose friend.

A friendship is one row a pair (:class:`~kahvehane.store.models.Friendship`): a request
until the other accepts. Only signed-up accounts have friends (a guest is gone when its
session ends). A block (:class:`~kahvehane.store.models.Block`) ends the pair's
friendship or request and refuses, from the blocked person, requests, invitations and
messages — the refusal says only that the person cannot be reached, so that a blocked
person does not learn they are blocked from its wording.

Each function is one step of one transaction (the caller's ``Store.write``); a refusal
raises :class:`SocialRefused` before anything is written.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import delete, or_, select
from sqlalchemy.orm import Session

from kahvehane.errors import KahvehaneError, Message
from kahvehane.store.accounts import find_user
from kahvehane.store.ledger import now_ms
from kahvehane.store.models import Block, Friendship, User

__all__ = [
    "BLOCKED",
    "GUESTS_NO_FRIENDS",
    "NOT_FRIENDS",
    "NO_REQUEST",
    "NO_SUCH_PERSON",
    "SELF",
    "Person",
    "SocialRefused",
    "answer_request",
    "block",
    "blocked_ids",
    "blocks_between",
    "friend_ids",
    "friends_of",
    "person_named",
    "remove_friend",
    "request_friend",
    "unblock",
]

GUESTS_NO_FRIENDS = Message("social.guest",
                            "friends, invitations and messages are for signed-up accounts",
                            "arkadaşlar, davetler ve mesajlar üye hesaplar içindir")
NO_SUCH_PERSON = Message("social.no_person", "no account is named {name}",
                         "{name} adında bir hesap yok")
SELF = Message("social.self", "that is you", "bu sizsiniz")
BLOCKED = Message("social.unreachable", "{name} cannot be reached",
                  "{name} kişisine ulaşılamıyor")
ALREADY_FRIENDS = Message("social.already_friends", "{name} is already your friend",
                          "{name} zaten arkadaşınız")
ALREADY_ASKED = Message("social.already_asked", "your request to {name} is waiting",
                        "{name} kişisine isteğiniz bekliyor")
NO_REQUEST = Message("social.no_request", "no friend request from that person",
                     "bu kişiden bir arkadaşlık isteği yok")
NOT_FRIENDS = Message("social.not_friends", "{name} is not your friend",
                      "{name} arkadaşınız değil")

# refusals of the routes (kahvehane.server.routes.social), kept here with the others
NO_SUCH_TABLE = Message("social.no_table", "no open table {table}",
                        "{table} adında açık bir masa yok")
BAD_IDS = Message("social.bad_ids", "ids is a list of notification ids",
                  "bildirim numaraları bir liste olmalı")
TOO_MANY = Message("social.rate_limited",
                   "at most {limit} of these in {minutes} minutes; wait {seconds} s",
                   "{minutes} dakikada en fazla {limit}; {seconds} sn bekleyin")


class SocialRefused(KahvehaneError):
    """A friend, block, invitation or message step refused: nothing was written."""

    default_code = NO_SUCH_PERSON.code


@dataclass(frozen=True, slots=True)
class Person:
    """A signed-up account as the social screens show it."""

    id: int
    name: str


def _pair(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


def member(session: Session, user_id: int) -> User:
    """The signed-up account ``user_id``; a guest is refused (:data:`GUESTS_NO_FRIENDS`)."""
    user = session.get(User, user_id)
    if user is None or user.guest:
        raise SocialRefused(GUESTS_NO_FRIENDS)
    return user


def person_named(session: Session, me: int, name: object) -> Person:
    """The signed-up account called ``name`` (as sign-in finds it), not ``me``."""
    found = find_user(session, name) if isinstance(name, str) and 0 < len(name) <= 100 \
        and name.isprintable() else None
    if found is None:
        raise SocialRefused(NO_SUCH_PERSON, name=str(name)[:40])
    if found.id == me:
        raise SocialRefused(SELF)
    if found.guest:
        raise SocialRefused(GUESTS_NO_FRIENDS)
    return Person(found.id, found.name)


def person(session: Session, user_id: int) -> Person:
    """The account ``user_id`` (refused as no such person if there is none)."""
    user = session.get(User, user_id)
    if user is None:
        raise SocialRefused(NO_SUCH_PERSON, name=str(user_id))
    return Person(user.id, user.name)


def blocks_between(session: Session, a: int, b: int) -> bool:
    """Whether either of ``a`` and ``b`` blocked the other."""
    return session.scalars(select(Block.blocker).where(or_(
        (Block.blocker == a) & (Block.blocked == b),
        (Block.blocker == b) & (Block.blocked == a)))).first() is not None


def reachable(session: Session, sender: int, to: Person) -> None:
    """Refuse (:data:`BLOCKED`) when ``sender`` and ``to`` block one another."""
    if blocks_between(session, sender, to.id):
        raise SocialRefused(BLOCKED, name=to.name)


def request_friend(session: Session, me: int, name: object) -> tuple[Person, bool]:
    """``me`` asks ``name`` to be friends: ``(them, True)`` if that made them friends
    (they had asked ``me`` already), ``(them, False)`` for a new request."""
    member(session, me)
    them = person_named(session, me, name)
    reachable(session, me, them)
    low, high = _pair(me, them.id)
    row = session.get(Friendship, (low, high), with_for_update=True)
    now = now_ms()
    if row is None:
        session.add(Friendship(low=low, high=high, requester=me, created_at=now))
        session.flush()
        return them, False
    if row.accepted_at is not None:
        raise SocialRefused(ALREADY_FRIENDS, name=them.name)
    if row.requester == me:
        raise SocialRefused(ALREADY_ASKED, name=them.name)
    row.accepted_at = now
    session.flush()
    return them, True


def answer_request(session: Session, me: int, other: int, accept: bool) -> Person:
    """``me`` accepts (or declines: the request is deleted) ``other``'s request."""
    member(session, me)
    low, high = _pair(me, other)
    row = session.get(Friendship, (low, high), with_for_update=True)
    if row is None or row.accepted_at is not None or row.requester != other:
        raise SocialRefused(NO_REQUEST)
    them = person(session, other)
    if accept:
        row.accepted_at = now_ms()
    else:
        session.delete(row)
    session.flush()
    return them


def remove_friend(session: Session, me: int, other: int) -> Person:
    """End the friendship of ``me`` and ``other`` (or withdraw ``me``'s request)."""
    low, high = _pair(me, other)
    row = session.get(Friendship, (low, high))
    them = person(session, other)
    if row is None:
        raise SocialRefused(NOT_FRIENDS, name=them.name)
    session.delete(row)
    session.flush()
    return them


def are_friends(session: Session, a: int, b: int) -> bool:
    row = session.get(Friendship, _pair(a, b))
    return row is not None and row.accepted_at is not None


def block(session: Session, me: int, name: object) -> Person:
    """``me`` blocks ``name``: their friendship or request ends too."""
    member(session, me)
    them = person_named(session, me, name)
    if session.get(Block, (me, them.id)) is None:
        session.add(Block(blocker=me, blocked=them.id, created_at=now_ms()))
    low, high = _pair(me, them.id)
    session.execute(delete(Friendship).where(Friendship.low == low,
                                             Friendship.high == high))
    session.flush()
    return them


def unblock(session: Session, me: int, other: int) -> None:
    session.execute(delete(Block).where(Block.blocker == me, Block.blocked == other))


def blocked_ids(session: Session, me: int) -> list[Person]:
    """Whom ``me`` blocked, by name."""
    rows = session.execute(select(User.id, User.name).join(Block, Block.blocked == User.id)
                           .where(Block.blocker == me).order_by(User.name)).all()
    return [Person(i, n) for i, n in rows]


def friend_ids(session: Session, me: int) -> list[int]:
    """The ids of ``me``'s friends (accepted)."""
    rows = session.execute(select(Friendship.low, Friendship.high).where(
        or_(Friendship.low == me, Friendship.high == me),
        Friendship.accepted_at.is_not(None))).all()
    return [high if low == me else low for low, high in rows]


@dataclass(frozen=True, slots=True)
class Friends:
    """``me``'s friends, the requests to ``me`` and from ``me``, and whom ``me``
    blocked, each by name."""

    friends: list[Person]
    incoming: list[Person]
    outgoing: list[Person]
    blocked: list[Person]


def friends_of(session: Session, me: int) -> Friends:
    rows = session.execute(select(Friendship).where(
        or_(Friendship.low == me, Friendship.high == me))).scalars().all()
    other = {(r.high if r.low == me else r.low): r for r in rows}
    names = dict(session.execute(select(User.id, User.name).where(
        User.id.in_(list(other)))).all()) if other else {}
    friends, incoming, outgoing = [], [], []
    for uid, row in other.items():
        p = Person(uid, names.get(uid, "?"))
        if row.accepted_at is not None:
            friends.append(p)
        elif row.requester == me:
            outgoing.append(p)
        else:
            incoming.append(p)
    by_name = lambda p: p.name.casefold()  # noqa: E731
    return Friends(sorted(friends, key=by_name), sorted(incoming, key=by_name),
                   sorted(outgoing, key=by_name), blocked_ids(session, me))
