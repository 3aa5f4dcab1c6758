"""The salon's tables (SQLAlchemy 2 ORM). The schema is created by the Alembic
migrations in :mod:`kahvehane.store.migrations`, never by ``create_all``.

Times are integers in milliseconds since the Unix epoch, so that SQLite and PostgreSQL
store and compare them the same way. Chip amounts are integers.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Text,
    UniqueConstraint,
    false,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)


class User(Base):
    """A person: an account with a password, or a guest (no password)."""

    __tablename__ = "users"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(40))
    name_key: Mapped[str] = mapped_column(String(40), unique=True)  # casefolded name
    # the look-alike key (kahvehane.store.names): NFKC, Turkish case folding, the UTS #39
    # skeleton; NULL only for an account older than migration 0003 whose key an older
    # account already held (it keeps its name and signs in by it)
    name_skeleton: Mapped[str | None] = mapped_column(String(200), unique=True, nullable=True)
    password_hash: Mapped[str | None] = mapped_column(String(200), nullable=True)
    guest: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[int] = mapped_column(BigInteger)


class LoginSession(Base):
    """A sign-in: only the SHA-256 of the cookie's token is stored."""

    __tablename__ = "sessions"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    created_at: Mapped[int] = mapped_column(BigInteger)
    expires_at: Mapped[int] = mapped_column(BigInteger)


class Account(Base):
    """A ledger account. ``kind``: ``user`` (a person's chips), ``kasa`` and ``pot`` (a
    table's), ``issuer`` (the one account grants come from; its balance is minus every
    chip ever granted) and ``house`` (stakes the bots' entries)."""

    __tablename__ = "accounts"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(10))
    user_id: Mapped[int | None] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), nullable=True, unique=True
    )
    table_id: Mapped[str | None] = mapped_column(String(16), nullable=True, index=True)
    balance: Mapped[int] = mapped_column(BigInteger, default=0)


class LedgerTxn(Base):
    """One ledger transaction: its entries sum to zero."""

    __tablename__ = "ledger_txns"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(20))  # grant, entry, settle
    memo: Mapped[str] = mapped_column(Text, default="")
    match_id: Mapped[int | None] = mapped_column(Integer, nullable=True, index=True)
    created_at: Mapped[int] = mapped_column(BigInteger)


class LedgerEntry(Base):
    """One side of a transaction: ``amount`` is added to the account (negative: taken)."""

    __tablename__ = "ledger_entries"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    txn_id: Mapped[int] = mapped_column(ForeignKey("ledger_txns.id"), index=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), index=True)
    amount: Mapped[int] = mapped_column(BigInteger)


class SalonTable(Base):
    """A table of the salon (masa), open until it is closed."""

    __tablename__ = "salon_tables"

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    game: Mapped[str] = mapped_column(String(20))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    entry: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    clock: Mapped[int] = mapped_column(Integer)
    manager_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    seats: Mapped[list[Any]] = mapped_column(JSON)  # user id or null per seat (between matches)
    kasa_account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"))
    pot_account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"))
    matches_played: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[int] = mapped_column(BigInteger)
    closed_at: Mapped[int | None] = mapped_column(BigInteger, nullable=True, index=True)
    # the node that owns the table in a cluster, and the epoch of that ownership: every
    # write of the table's state by a node compares it (kahvehane.store.fence)
    owner: Mapped[str | None] = mapped_column(String(64), nullable=True)
    incarnation: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    # a friends' table: not in the lobby; its invite code (in the link) lets one sit, and
    # with ``invited_watch`` also watch (migration 0004)
    private: Mapped[bool] = mapped_column(Boolean, default=False)
    invite: Mapped[str | None] = mapped_column(String(40), nullable=True, unique=True,
                                               index=True)
    invited_watch: Mapped[bool] = mapped_column(Boolean, default=False)
    watcher_chat: Mapped[bool] = mapped_column(Boolean, default=True)
    # opened by "Hemen oyna": quick players are seated at it (migration 0006)
    quick: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())


class MatchRow(Base):
    """A match at a table. Its record is its deals and actions, written as play goes."""

    __tablename__ = "matches"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("salon_tables.id"), index=True)
    game: Mapped[str] = mapped_column(String(20))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    players: Mapped[list[Any]] = mapped_column(JSON)  # display names
    seat_users: Mapped[list[Any]] = mapped_column(JSON)  # user id or null (bot) per seat
    bots: Mapped[list[Any]] = mapped_column(JSON)  # bot kind or null per seat
    entry: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    kasa_before: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    status: Mapped[str] = mapped_column(String(10), index=True)  # playing, finished
    started_at: Mapped[int] = mapped_column(BigInteger)
    finished_at: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    record: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    # who took a seat over during the match (a bot for a person who left, and back):
    # the record's ``seat_changes`` (docs/records.md)
    seat_changes: Mapped[list[Any] | None] = mapped_column(JSON, nullable=True)
    # per seat while it plays: "" (its person plays), "away" (a bot plays for them until
    # they are back) or "left" (gave the seat up); saved so a restart keeps them
    seat_flags: Mapped[list[Any] | None] = mapped_column(JSON, nullable=True)
    # why the match was ended without a result (status "aborted"): a message code
    aborted: Mapped[str | None] = mapped_column(String(60), nullable=True)


class DealRow(Base):
    """A deal of a match: the secret seed (revealed when the deal is over) and its
    published commitment."""

    __tablename__ = "deals"
    __table_args__ = (UniqueConstraint("match_id", "k"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id"))
    k: Mapped[int] = mapped_column(Integer)
    seed: Mapped[str] = mapped_column(String(64))
    commitment: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[int] = mapped_column(BigInteger)


class ActionRow(Base):
    """An accepted action, in order: (deal ``k``, index ``i``)."""

    __tablename__ = "actions"
    __table_args__ = (UniqueConstraint("match_id", "k", "i"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id"))
    k: Mapped[int] = mapped_column(Integer)
    i: Mapped[int] = mapped_column(Integer)
    action: Mapped[dict[str, Any]] = mapped_column(JSON)
    # made by the server for its seat (a bot's seat, or a bot playing for an away person
    # or one who left), not decided by the seat's person (migration 0006): what
    # :func:`kahvehane.store.standings.play_rule` counts
    auto: Mapped[bool] = mapped_column(Boolean, default=False, server_default="0")


class MatchPlayer(Base):
    """A seat's outcome of a finished match: what standings and histories are made of."""

    __tablename__ = "match_players"
    __table_args__ = (
        UniqueConstraint("match_id", "seat"),
        Index("ix_match_players_user_game", "user_id", "game"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id"))
    game: Mapped[str] = mapped_column(String(20))
    seat: Mapped[int] = mapped_column(Integer)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), nullable=True)
    name: Mapped[str] = mapped_column(String(40))
    result: Mapped[str] = mapped_column(String(5))  # win, loss, draw
    total: Mapped[int] = mapped_column(BigInteger)
    points_x12: Mapped[int] = mapped_column(BigInteger)  # ranking points × 12 (exact)
    chips_net: Mapped[int] = mapped_column(BigInteger)
    finished_at: Mapped[int] = mapped_column(BigInteger)
    # whether the match counts in the person's standings and rating: they made at least
    # half of their own decisions, or they left it (a counted loss); False for a bot's
    # seat (migration 0006; older rows count, as they did)
    counted: Mapped[bool] = mapped_column(Boolean, default=True, server_default="1")
    # they left the match before its end ("terk"): a loss, last place
    left: Mapped[bool] = mapped_column(Boolean, default=False, server_default="0")


class ChatLine(Base):
    """A line said at a table (table talk): kept with the table and the match it was
    said during, never in the game record. ``seat`` is ``None`` for a watcher; a line
    is either ``text`` or a quick ``phrase`` (its message code)."""

    __tablename__ = "chat_lines"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("salon_tables.id"), index=True)
    match_id: Mapped[int | None] = mapped_column(Integer, nullable=True, index=True)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), nullable=True)
    name: Mapped[str] = mapped_column(String(40))
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    text: Mapped[str | None] = mapped_column(Text, nullable=True)
    phrase: Mapped[str | None] = mapped_column(String(40), nullable=True)
    created_at: Mapped[int] = mapped_column(BigInteger)


class ThrottleRow(Base):
    """A limiter's count for one key (``guest:ADDR``, ``signin:NAME|ADDR``, ...): how
    many hits since ``first_at`` and the last one. In the database so that a restart
    does not forget who was being slowed down (``kahvehane.server.limits``)."""

    __tablename__ = "throttle"

    key: Mapped[str] = mapped_column(String(200), primary_key=True)
    count: Mapped[int] = mapped_column(Integer)
    first_at: Mapped[int] = mapped_column(BigInteger)
    last_at: Mapped[int] = mapped_column(BigInteger)


class Rating(Base):
    """A person's rating in one game (OpenSkill Plackett–Luce: ``mu`` and its
    uncertainty ``sigma``), after ``matches`` rated matches (kahvehane.store.ratings)."""

    __tablename__ = "ratings"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"),
                                         primary_key=True)
    game: Mapped[str] = mapped_column(String(20), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    matches: Mapped[int] = mapped_column(Integer, default=0)
    last_match: Mapped[int] = mapped_column(Integer)  # the last match rated
    updated_at: Mapped[int] = mapped_column(BigInteger)


class DailyClaim(Base):
    """A daily chip grant taken (``kind``: ``bonus`` or ``floor``) on one salon day
    (``day``: ``YYYY-MM-DD``, Europe/Istanbul). The unique key is what makes a claim
    happen once a day whatever runs at once, restarts or serves on another node: the
    database refuses the second row (kahvehane.store.daily)."""

    __tablename__ = "daily_claims"
    __table_args__ = (UniqueConstraint("user_id", "kind", "day"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    kind: Mapped[str] = mapped_column(String(10))
    day: Mapped[str] = mapped_column(String(10))
    amount: Mapped[int] = mapped_column(BigInteger)
    txn_id: Mapped[int] = mapped_column(ForeignKey("ledger_txns.id"))
    created_at: Mapped[int] = mapped_column(BigInteger)


class Friendship(Base):
    """Two people's friendship, one row a pair (``low`` < ``high`` by user id, so the
    pair has one key whoever asked): a request while ``accepted_at`` is ``NULL``
    (``requester`` asked), friends once it is set (kahvehane.store.social)."""

    __tablename__ = "friendships"

    low: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"),
                                     primary_key=True)
    high: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"),
                                      primary_key=True, index=True)
    requester: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[int] = mapped_column(BigInteger)
    accepted_at: Mapped[int | None] = mapped_column(BigInteger, nullable=True)


class Block(Base):
    """``blocker`` blocked ``blocked``: no requests, invitations or messages from them,
    and their table talk hidden from ``blocker``."""

    __tablename__ = "blocks"

    blocker: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"),
                                         primary_key=True)
    blocked: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"),
                                         primary_key=True, index=True)
    created_at: Mapped[int] = mapped_column(BigInteger)


class Notice(Base):
    """A notification for one person (``kind``: ``invite``, ``friend_request``,
    ``friend_accepted``, ``message``, ``table_start``) and what it says (``data``);
    ``read_at`` once they saw it (kahvehane.store.notices)."""

    __tablename__ = "notices"
    __table_args__ = (Index("ix_notices_user_read", "user_id", "read_at"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    kind: Mapped[str] = mapped_column(String(20))
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[int] = mapped_column(BigInteger)
    read_at: Mapped[int | None] = mapped_column(BigInteger, nullable=True)


class PrivateMessage(Base):
    """A private message between two friends (plain text, cleaned like table talk),
    kept ``--messages-keep-days`` (kahvehane.store.notices)."""

    __tablename__ = "private_messages"
    __table_args__ = (Index("ix_private_messages_pair", "sender_id", "recipient_id", "id"),
                      Index("ix_private_messages_unread", "recipient_id", "read_at"))

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    sender_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    recipient_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    text: Mapped[str] = mapped_column(Text)
    created_at: Mapped[int] = mapped_column(BigInteger, index=True)
    read_at: Mapped[int | None] = mapped_column(BigInteger, nullable=True)


class MessageReport(Base):
    """A private message reported by its recipient: kept (with the text as it was, the
    message itself may expire) for the operators' moderation queue to come."""

    __tablename__ = "message_reports"
    __table_args__ = (UniqueConstraint("message_id", "reporter_id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    message_id: Mapped[int] = mapped_column(Integer)
    reporter_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    sender_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    text: Mapped[str] = mapped_column(Text)
    created_at: Mapped[int] = mapped_column(BigInteger)
