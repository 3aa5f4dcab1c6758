"""The chip ledger: double entry, one transaction per settlement (docs/server.md,
"Chips").

Chips move only as :func:`post`\\ ed transfers between accounts. Each transfer writes two
entries, ``-amount`` on the source and ``+amount`` on the target, so every transaction
sums to zero and so does the whole ledger. Grants (a new account's starting chips) come
from the single ``issuer`` account, whose balance is therefore minus every chip ever
granted: the sum of all people's balances, all Kasas, all pots and the house is exactly
the sum of the grants, which :func:`audit` checks.

The ``house`` account stakes the entries of bots (a bot has no chips of its own) and
receives what bots win. People's accounts, Kasas and pots can never go below zero: a
transfer that would overdraw one raises :class:`InsufficientChips` and, since the caller
runs one settlement in one database transaction, nothing of it is kept.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from sqlalchemy import func, select, update
from sqlalchemy.orm import Session

from kahvehane.errors import KahvehaneError, Message
from kahvehane.games.spec import Transfer
from kahvehane.store.models import Account, LedgerEntry, LedgerTxn

#: Account kinds that may go negative: the issuer (minus all grants) and the house.
SYSTEM_KINDS = ("issuer", "house")

FEWER_CHIPS = Message("ledger.insufficient_chips",
                      "account {account} has fewer than {needed} chips",
                      "{account} numaralı hesapta {needed} çipten az var")


class InsufficientChips(KahvehaneError):
    """An account would go below zero (``user_id``: its owner, if a person's)."""

    default_code = FEWER_CHIPS.code

    def __init__(self, account_id: int, user_id: int | None, needed: int) -> None:
        self.account_id = account_id
        self.user_id = user_id
        self.needed = needed
        super().__init__(FEWER_CHIPS, account=account_id, needed=needed)


@dataclass(frozen=True, slots=True)
class Move:
    """``amount`` chips from account ``source`` to account ``target`` (ids)."""

    source: int
    target: int
    amount: int


def now_ms() -> int:
    return int(time.time() * 1000)


def system_account(session: Session, kind: str) -> Account:
    """The one ``issuer`` or ``house`` account (created on first use)."""
    if kind not in SYSTEM_KINDS:
        raise ValueError(f"not a system account kind: {kind!r}")
    acct = session.scalars(select(Account).where(Account.kind == kind)).first()
    if acct is None:
        acct = Account(kind=kind, balance=0)
        session.add(acct)
        session.flush()
    return acct


def user_account(session: Session, user_id: int) -> Account:
    acct = session.scalars(select(Account).where(Account.user_id == user_id)).one()
    return acct


def new_account(session: Session, kind: str, *, user_id: int | None = None,
                table_id: str | None = None) -> Account:
    acct = Account(kind=kind, user_id=user_id, table_id=table_id, balance=0)
    session.add(acct)
    session.flush()
    return acct


def post(session: Session, kind: str, moves: Sequence[Move], *, memo: str = "",
         match_id: int | None = None) -> LedgerTxn:
    """Record ``moves`` as one ledger transaction (in the caller's database transaction).

    Raises :class:`InsufficientChips` if a person's account, a Kasa or a pot would go
    below zero; the caller's transaction must then be rolled back.
    """
    if not moves:
        raise ValueError("a ledger transaction moves something")
    delta: dict[int, int] = {}
    for m in moves:
        if isinstance(m.amount, bool) or not isinstance(m.amount, int) or m.amount <= 0:
            raise ValueError(f"a transfer moves a positive whole number of chips, not {m.amount!r}")
        if m.source == m.target:
            raise ValueError("a transfer needs two different accounts")
        delta[m.source] = delta.get(m.source, 0) - m.amount
        delta[m.target] = delta.get(m.target, 0) + m.amount
    kinds = {
        acct_id: kind
        for acct_id, kind in session.execute(
            select(Account.id, Account.kind).where(Account.id.in_(delta))
        )
    }
    missing = set(delta) - set(kinds)
    if missing:
        raise ValueError(f"no such account(s): {sorted(missing)}")
    txn = LedgerTxn(kind=kind, memo=memo, match_id=match_id, created_at=now_ms())
    session.add(txn)
    session.flush()
    # Debits first, each guarded so that a balance never goes below zero.
    for acct_id, d in sorted(delta.items(), key=lambda kv: kv[1]):
        stmt = update(Account).where(Account.id == acct_id)
        if d < 0 and kinds[acct_id] not in SYSTEM_KINDS:
            stmt = stmt.where(Account.balance >= -d)
        res = session.execute(
            stmt.values(balance=Account.balance + d).execution_options(synchronize_session=False)
        )
        if res.rowcount != 1:  # type: ignore[attr-defined]
            owner = session.scalar(select(Account.user_id).where(Account.id == acct_id))
            raise InsufficientChips(acct_id, owner, -d)
    session.add_all(
        [LedgerEntry(txn_id=txn.id, account_id=m.source, amount=-m.amount) for m in moves]
        + [LedgerEntry(txn_id=txn.id, account_id=m.target, amount=m.amount) for m in moves]
    )
    session.flush()
    session.expire_all()  # cached Account objects must re-read their balances
    return txn


def grant(session: Session, account_id: int, amount: int, memo: str) -> LedgerTxn:
    """Create ``amount`` chips for an account: the only way chips come into being."""
    issuer = system_account(session, "issuer")
    return post(session, "grant", [Move(issuer.id, account_id, amount)], memo=memo)


def balance(session: Session, account_id: int) -> int:
    value = session.scalar(select(Account.balance).where(Account.id == account_id))
    return int(value or 0)


# ----------------------------------------------------------------- a table's transfers
def table_accounts(payers: Sequence[int], pot: int, kasa: int) -> dict[str, int]:
    """The ledger accounts behind a table's account names (:class:`Transfer`):
    ``seat:s`` is ``payers[s]`` (a person's account, or the house for a bot), then the
    table's ``pot`` and ``kasa``."""
    return {"pot": pot, "kasa": kasa, **{f"seat:{s}": a for s, a in enumerate(payers)}}


def transfer_moves(transfers: Iterable[Transfer], accounts: Mapping[str, int]) -> list[Move]:
    """A game's transfers (its :class:`~kahvehane.games.spec.EntryRule`'s, by account
    name) as moves between ledger accounts; transfers of nothing are left out."""
    out: list[Move] = []
    for t in transfers:
        if t.amount == 0:
            continue
        try:
            out.append(Move(accounts[t.source], accounts[t.target], t.amount))
        except KeyError as exc:
            raise ValueError(f"a transfer names the account {exc.args[0]!r}, which the"
                             f" table does not have ({', '.join(accounts)})") from None
    return out


# ----------------------------------------------------------------- audit
@dataclass(frozen=True)
class LedgerTotals:
    by_kind: dict[str, int]
    granted: int  # minus the issuer's balance
    people: int  # users' balances

    @property
    def held(self) -> int:
        """All chips anywhere but the issuer: people, Kasas, pots and the house."""
        return sum(v for k, v in self.by_kind.items() if k != "issuer")


def totals(session: Session) -> LedgerTotals:
    rows = session.execute(
        select(Account.kind, func.coalesce(func.sum(Account.balance), 0)).group_by(Account.kind)
    )
    by_kind = {k: int(v) for k, v in rows}
    return LedgerTotals(by_kind, -by_kind.get("issuer", 0), by_kind.get("user", 0))


def audit(session: Session) -> list[str]:
    """Everything that would be wrong with the ledger (an empty list: all is well).

    Every transaction sums to zero; every balance is the sum of its entries; the sum of
    all balances is zero; no person, Kasa or pot is below zero.
    """
    problems: list[str] = []
    bad_txns: Iterable[tuple[int, int]] = session.execute(
        select(LedgerEntry.txn_id, func.sum(LedgerEntry.amount))
        .group_by(LedgerEntry.txn_id)
        .having(func.sum(LedgerEntry.amount) != 0)
    )
    problems += [f"transaction {t} sums to {s}, not 0" for t, s in bad_txns]
    sums = {
        acct_id: total
        for acct_id, total in session.execute(
            select(LedgerEntry.account_id, func.sum(LedgerEntry.amount)).group_by(
                LedgerEntry.account_id
            )
        )
    }
    for acct in session.scalars(select(Account)):
        expected = int(sums.get(acct.id, 0))
        if acct.balance != expected:
            problems.append(f"account {acct.id} holds {acct.balance}, its entries say {expected}")
        if acct.kind not in SYSTEM_KINDS and acct.balance < 0:
            problems.append(f"account {acct.id} ({acct.kind}) is below zero: {acct.balance}")
    total = int(session.scalar(select(func.coalesce(func.sum(Account.balance), 0))) or 0)
    if total != 0:
        problems.append(f"the balances sum to {total}, not 0")
    return problems


def statement(session: Session, user_id: int, limit: int) -> dict[str, object]:
    """A person's balance and their last ``limit`` ledger entries, newest first
    (``GET /api/me/ledger``): each ``{"at", "amount", "kind", "memo", "match"}``."""
    acct = user_account(session, user_id)
    rows = session.execute(
        select(LedgerEntry.amount, LedgerTxn.created_at, LedgerTxn.kind, LedgerTxn.memo,
               LedgerTxn.match_id)
        .join(LedgerTxn, LedgerTxn.id == LedgerEntry.txn_id)
        .where(LedgerEntry.account_id == acct.id)
        .order_by(LedgerEntry.id.desc()).limit(limit))
    return {"balance": acct.balance, "entries": [
        {"at": at, "amount": amount, "kind": kind, "memo": memo, "match": match}
        for amount, at, kind, memo, match in rows]}
