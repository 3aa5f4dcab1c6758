"""Accounts: people, guests, passwords (argon2id) and sign-in sessions.

A session token is 256 random bits given to the browser in a cookie; the database keeps
only its SHA-256, so reading the database does not let anyone sign in. A new account's
starting chips are granted once, through the ledger, in the same transaction that
creates the account.
"""

from __future__ import annotations

import hashlib
import re
import secrets
import unicodedata
from dataclasses import dataclass

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError
from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from kahvehane.errors import KahvehaneError, Message
from kahvehane.store.ledger import balance, grant, new_account, now_ms, user_account
from kahvehane.store.models import LoginSession, User
from kahvehane.store.names import name_skeleton
from kahvehane.users import UserInfo as UserInfo  # (its home before: still found here)

NAME_RE = re.compile(r"^[\w .\-]{2,24}$")
_hasher = PasswordHasher()  # argon2id with the library's (RFC 9106 low-memory) defaults

NAME_NOT_STRING = Message("auth.name_not_string", "a name is a string",
                          "ad bir metin olmalı")
BAD_NAME = Message(
    "auth.bad_name",
    "a name has 2–24 letters, digits, spaces or _ . -, at least one visible letter,"
    " and does not start with 'bot'",
    "ad 2–24 harf, rakam, boşluk ya da _ . - içerir, en az bir görünür harfi vardır ve"
    " 'bot' ile başlamaz")
BAD_PASSWORD = Message("auth.bad_password",
                       "a password has 8 to 200 characters, not only spaces or control"
                       " characters",
                       "şifre 8 ile 200 karakter arasında olmalı ve yalnızca boşluk ya da"
                       " denetim karakterinden oluşmamalı")
NAME_TAKEN = Message("auth.name_taken", "the name {name} is taken", "{name} adı alınmış")
NAME_LOOKS_TAKEN = Message("auth.name_looks_taken",
                           "the name {name} looks like a name that is taken",
                           "{name} adı alınmış bir ada benziyor")


class AccountError(KahvehaneError):
    """A sign-up or sign-in that cannot be done (its ``code`` says which: ``auth.*``)."""

    default_code = "auth.refused"


def name_key(name: str) -> str:
    """The name as typed, told apart only by case (unique: ``users.name_key``); the
    look-alike key is :func:`kahvehane.store.names.name_skeleton`."""
    return unicodedata.normalize("NFKC", name).casefold()


def _taken(session: Session, name: str) -> Message | None:
    """Why ``name`` cannot be a new account's: it is someone's (case aside), or a
    look-alike of someone's (the same skeleton); ``None`` if it is free."""
    if session.scalar(select(User.id).where(User.name_key == name_key(name))) is not None:
        return NAME_TAKEN
    if session.scalar(select(User.id).where(User.name_skeleton == name_skeleton(name))
                      ) is not None:
        return NAME_LOOKS_TAKEN
    return None


def _visible_letter(ch: str) -> bool:
    """A letter that shows: Hangul fillers (U+3164, U+FFA0, ...) are "letters" to
    Unicode and ``\\w`` but print nothing."""
    return ch.isalpha() and not unicodedata.name(ch, "").endswith("FILLER")


def check_name(name: object) -> str:
    """A name as stored (NFKC), or ``AccountError``: 2–24 letters, digits, spaces or
    ``_ . -``, at least one visible letter, not starting with "bot"."""
    if not isinstance(name, str):
        raise AccountError(NAME_NOT_STRING)
    name = unicodedata.normalize("NFKC", name).strip()
    if not NAME_RE.fullmatch(name) or name.lower().startswith("bot") \
            or not any(_visible_letter(ch) for ch in name) \
            or any(not _visible_letter(ch) and ch.isalpha() for ch in name):
        raise AccountError(BAD_NAME)
    return name


def check_password(password: object) -> str:
    """A password of 8–200 characters, not all of them whitespace or control characters
    (eight spaces or eight NULs are refused)."""
    if not isinstance(password, str) or not 8 <= len(password) <= 200 \
            or all(ch.isspace() or unicodedata.category(ch).startswith("C")
                   for ch in password):
        raise AccountError(BAD_PASSWORD)
    return password


def hash_password(password: str) -> str:
    """Slow on purpose (argon2id): call it off the event loop."""
    return _hasher.hash(password)


def verify_password(stored: str, password: str) -> bool:
    try:
        return _hasher.verify(stored, password)
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False


def create_user(session: Session, name: str, password_hash: str | None, *, guest: bool,
                chips: int) -> UserInfo:
    """A new person (or guest) with a ledger account and, if ``chips``, the one grant."""
    taken = _taken(session, name)
    if taken is not None:
        raise AccountError(taken, name=repr(name))
    user = User(name=name, name_key=name_key(name), name_skeleton=name_skeleton(name),
                password_hash=password_hash, guest=guest, created_at=now_ms())
    session.add(user)
    try:
        session.flush()
    except IntegrityError:
        raise AccountError(NAME_TAKEN, name=repr(name)) from None
    acct = new_account(session, "user", user_id=user.id)
    if chips > 0:
        grant(session, acct.id, chips, memo=f"starting chips of {name}")
    return UserInfo(user.id, user.name, user.guest)


def guest_name(session: Session, wanted: str | None) -> str:
    """A free guest name: the wanted one (if valid and free) or ``Misafir-XXXX``."""
    if wanted:
        base = check_name(wanted)
        if _taken(session, base) is None:
            return base
    while True:
        name = f"Misafir-{secrets.token_hex(3)}"
        if _taken(session, name) is None:
            return name


def find_user(session: Session, name: str) -> User | None:
    """The account of ``name``: the one of that name (case aside), else the one whose
    name it looks like (``ALİ`` finds ``Ali``)."""
    user = session.scalars(select(User).where(User.name_key == name_key(name))).first()
    if user is None:
        user = session.scalars(
            select(User).where(User.name_skeleton == name_skeleton(name))).first()
    return user


def user_info(session: Session, user_id: int) -> UserInfo | None:
    user = session.get(User, user_id)
    return None if user is None else UserInfo(user.id, user.name, user.guest)


def chips_of(session: Session, user_id: int) -> int:
    return balance(session, user_account(session, user_id).id)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_session(session: Session, user_id: int, days: float) -> str:
    """Create a sign-in session; return the token for the cookie (stored only hashed)."""
    token = secrets.token_urlsafe(32)
    now = now_ms()
    session.add(LoginSession(token_hash=token_hash(token), user_id=user_id, created_at=now,
                           expires_at=now + int(days * 86_400_000)))
    return token


@dataclass(frozen=True, slots=True)
class SignIn:
    """A live sign-in session: whose, which (the token's hash) and until when (ms)."""

    user: UserInfo
    token_hash: str
    expires_at: int


def sign_in(session: Session, token: str) -> SignIn | None:
    """The sign-in session of a cookie token, or ``None`` (unknown or expired)."""
    hashed = token_hash(token)
    row = session.get(LoginSession, hashed)
    if row is None or row.expires_at < now_ms():
        return None
    user = user_info(session, row.user_id)
    return None if user is None else SignIn(user, hashed, row.expires_at)


def session_user(session: Session, token: str) -> UserInfo | None:
    """The signed-in user of a cookie token, or ``None`` (unknown or expired)."""
    found = sign_in(session, token)
    return None if found is None else found.user


def change_password(session: Session, user_id: int, password_hash: str,
                    keep: str) -> list[str]:
    """Set the account's password hash and end its sign-in sessions but the one whose
    token hash is ``keep`` (the one that changed it): the hashes of those ended."""
    user = session.get(User, user_id)
    if user is None or user.password_hash is None:
        raise LookupError(f"no account {user_id} with a password")
    user.password_hash = password_hash
    ended = list(session.scalars(select(LoginSession.token_hash).where(
        LoginSession.user_id == user_id, LoginSession.token_hash != keep)))
    if ended:
        session.execute(delete(LoginSession).where(LoginSession.token_hash.in_(ended)))
    return ended


def end_session(session: Session, token: str) -> None:
    session.execute(delete(LoginSession).where(LoginSession.token_hash == token_hash(token)))
