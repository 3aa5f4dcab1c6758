"""Daily chips: a bonus a signed-up account may claim once a salon day, and a top-up
for an account left below the floor (the lowest entry), also once a day.

Every chip comes through the ledger (one ``grant`` from the issuer per claim, so the
audit keeps holding). *Once a day* is the database's to decide, not the server's
memory: a claim is one transaction that inserts its :class:`DailyClaim` row — unique
per (person, kind, day) — and the grant together. Two claims at once, on one node or on
two, after a restart or not: the second insert is refused by the unique key, its
transaction is rolled back with its grant, and the claim answers "already taken".

The salon day is the calendar day in Europe/Istanbul (:data:`SALON_ZONE`).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from kahvehane.errors import KahvehaneError, Message
from kahvehane.store.ledger import grant, now_ms, user_account
from kahvehane.store.models import DailyClaim, User

__all__ = ["ALREADY_CLAIMED", "KINDS", "NOT_BELOW_FLOOR", "SALON_ZONE", "ClaimRefused",
           "DailyAmounts", "claim", "claim_state", "salon_day"]

#: The salon's days begin at midnight in İstanbul.
SALON_ZONE = ZoneInfo("Europe/Istanbul")
#: The daily grants: the bonus, and the floor's top-up.
KINDS = ("bonus", "floor")

ALREADY_CLAIMED = Message("daily.already_claimed",
                          "already taken today; come back tomorrow",
                          "bugünkü zaten alındı; yarın yine gel")
NOT_BELOW_FLOOR = Message("daily.not_below_floor",
                          "the top-up is for an account below {floor} chips",
                          "destek {floor} çipin altına düşen hesaplar için")
GUESTS_NO_DAILY = Message("daily.guest",
                          "daily chips are for signed-up accounts",
                          "günlük çip üye hesaplar için")
NO_DAILY = Message("daily.off", "this salon gives no such chips",
                   "bu salon bu çipi vermiyor")


class ClaimRefused(KahvehaneError):
    """A daily claim that grants nothing (taken today, not below the floor, a guest):
    nothing was written."""

    default_code = ALREADY_CLAIMED.code


@dataclass(frozen=True, slots=True)
class DailyAmounts:
    """The server's options: the daily ``bonus`` (0: none) and the ``floor`` an
    account is topped up to once a day when below it (0: none)."""

    bonus: int
    floor: int


def salon_day(ms: int) -> str:
    """The salon day (``YYYY-MM-DD``, Europe/Istanbul) holding ``ms``.

    >>> salon_day(1764968400000), salon_day(1764968399999)  # 6 Dec 2025 00:00 TRT
    ('2025-12-06', '2025-12-05')
    """
    return datetime.fromtimestamp(ms / 1000, UTC).astimezone(SALON_ZONE).date().isoformat()


def next_day_at(ms: int) -> int:
    """When the salon day after the one holding ``ms`` begins (ms)."""
    local = datetime.fromtimestamp(ms / 1000, UTC).astimezone(SALON_ZONE)
    nxt = datetime.combine(local.date() + timedelta(days=1), datetime.min.time(),
                           SALON_ZONE)
    return int(nxt.timestamp() * 1000)


def _amount(session: Session, user_id: int, kind: str, amounts: DailyAmounts) -> int:
    """What ``kind`` would grant now (raises :class:`ClaimRefused` if nothing)."""
    if kind == "bonus":
        if amounts.bonus <= 0:
            raise ClaimRefused(NO_DAILY)
        return amounts.bonus
    if amounts.floor <= 0:
        raise ClaimRefused(NO_DAILY)
    held = int(user_account(session, user_id).balance)
    if held >= amounts.floor:
        raise ClaimRefused(NOT_BELOW_FLOOR, floor=amounts.floor)
    return amounts.floor - held


def claim(session: Session, user_id: int, kind: str, amounts: DailyAmounts,
          at: int | None = None) -> int:
    """Grant today's ``kind`` to ``user_id`` in the caller's transaction: the chips
    granted. The claim's row goes in first, in a savepoint: if the day's row exists
    (here or committed by another node meanwhile), :class:`ClaimRefused`."""
    if kind not in KINDS:
        raise ValueError(f"no daily kind {kind!r}")
    user = session.get(User, user_id)
    if user is None or user.guest:
        raise ClaimRefused(GUESTS_NO_DAILY)
    when = now_ms() if at is None else at
    day = salon_day(when)
    if session.scalar(select(DailyClaim.id).where(
            DailyClaim.user_id == user_id, DailyClaim.kind == kind, DailyClaim.day == day)):
        raise ClaimRefused(ALREADY_CLAIMED)
    amount = _amount(session, user_id, kind, amounts)
    txn = grant(session, user_account(session, user_id).id, amount,
                memo=f"daily {kind} of {day}")
    txn.kind = f"daily_{kind}"
    try:
        with session.begin_nested():
            session.add(DailyClaim(user_id=user_id, kind=kind, day=day, amount=amount,
                                   txn_id=txn.id, created_at=when))
    except IntegrityError:
        raise ClaimRefused(ALREADY_CLAIMED) from None
    return amount


def claim_state(session: Session, user_id: int, amounts: DailyAmounts,
                at: int | None = None) -> dict[str, Any]:
    """What ``/api/me`` says of the daily chips: per kind whether it can be claimed now
    and how much it would grant, and when the next salon day begins."""
    when = now_ms() if at is None else at
    day = salon_day(when)
    user = session.get(User, user_id)
    taken = set(session.scalars(select(DailyClaim.kind).where(
        DailyClaim.user_id == user_id, DailyClaim.day == day)))
    out: dict[str, Any] = {"day": day, "next_at": next_day_at(when)}
    for kind in KINDS:
        try:
            if user is None or user.guest:
                raise ClaimRefused(GUESTS_NO_DAILY)
            amount = _amount(session, user_id, kind, amounts)
        except ClaimRefused:
            amount = 0
        out[kind] = {"claimed": kind in taken,
                     "available": kind not in taken and amount > 0, "amount": amount}
    out["floor"]["floor"] = amounts.floor
    return out
