"""The ledger's queries, in the caller's transaction: money transactions claimed by their idempotency key, the
conditional updates that post, hold and release (never a read of a balance to decide), journal lines, accounts, the
reconciliation's checks, and the balance read of ``GET /wps/v2/wallets/balance`` (one prepared statement, no ORM).
The brand condition is explicit in every statement here: these are the ledger's own rows, keyed by ``merchant``.

Each update that moves a member's money (a leg, a hold, a release) notes the member in its session
(``MOVED``), and ``when_committed`` hands the members of each committed transaction to whoever asked (the balance
pushes, ``wallet_service.pushes``): every movement made through a session is told, wherever it was made."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from sqlalchemy import event, select, text
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Session, SessionTransaction

from portal_kit.db import Database
from wallet_service.ledger.domain import HOUSE, MAIN, Leg
from wallet_service.ledger.models import JournalEntry, LedgerAccount, MoneyTransaction

# Each returns, beside what it changed, whose account it is (the member told once the transaction commits).
_SPEND = text(
    "UPDATE ledger_account SET balance = balance + :amount "
    "WHERE id = :id AND (allow_negative OR balance - held + :amount >= 0) RETURNING balance, merchant, owner_id"
)
_SETTLE_HELD = text(
    "UPDATE ledger_account SET balance = balance + :amount, held = held + :amount "
    "WHERE id = :id AND held + :amount >= 0 RETURNING balance, merchant, owner_id"
)
_HOLD = text(
    "UPDATE ledger_account SET held = held + :amount WHERE id = :id AND balance - held - :amount >= 0 "
    "RETURNING held, merchant, owner_id"
)
_RELEASE = text(
    "UPDATE ledger_account SET held = held - :amount WHERE id = :id AND held >= :amount "
    "RETURNING held, merchant, owner_id"
)
# The member a rollback gave money back to (its journal lines, claimed under ``rollback:<id>``, migration 0008).
ROLLED_BACK_TO = (
    "SELECT DISTINCT a.owner_id FROM money_transaction t "
    "JOIN journal_entry e ON e.transaction_id = t.id JOIN ledger_account a ON a.id = e.account_id "
    "WHERE t.merchant = %s AND t.idempotency_key = 'rollback:' || %s AND a.owner_id <> 'house'"
)
# The session's members whose money moved in its transaction: ``{(merchant, owner_id)}``.
MOVED = "wallet.moved"
Members = set[tuple[str, str]]


def _moved(session: AsyncSession, merchant: str, owner_id: str) -> None:
    if owner_id != HOUSE:
        session.info.setdefault(MOVED, set()).add((merchant, owner_id))


def when_committed(tell: Callable[[Members], None]) -> Callable[[], None]:
    """Call ``tell`` with the members whose money each transaction moved, once it committed (a rolled back one tells
    nothing); ``tell`` runs in the committing task and must not block. Returns the way to stop."""

    def committed(session: Session) -> None:
        moved: Members | None = session.info.get(MOVED)
        if moved:
            tell(set(moved))

    def ended(session: Session, transaction: SessionTransaction) -> None:
        if transaction.parent is None:  # the transaction itself, not a savepoint: committed or rolled back
            session.info.pop(MOVED, None)

    event.listen(Session, "after_commit", committed)
    event.listen(Session, "after_transaction_end", ended)

    def stop() -> None:
        event.remove(Session, "after_commit", committed)
        event.remove(Session, "after_transaction_end", ended)

    return stop


async def rolled_back_to(db: Database, merchant: str, transaction_id: str) -> list[str]:
    """The members a rollback of ``transaction_id`` moved money of (none when it reversed nothing)."""
    return [str(row[0]) for row in await db.read_rows(ROLLED_BACK_TO, (merchant, transaction_id))]


# A hot read: one prepared statement, no ORM (the same rows Scoped(LedgerAccount) would give).
WALLETS = (
    "SELECT kind, balance - held, held, currency FROM ledger_account WHERE merchant = %s AND owner_id = %s ORDER BY id"
)

# Reconciliation: a balance that differs from its journal, a brand's currency that does not sum to zero, a
# transaction whose lines do not sum to zero.
_BALANCES = text(
    "SELECT a.id, a.merchant, a.currency, a.owner_id, a.kind, a.balance, COALESCE(SUM(e.amount), 0) AS journal "
    "FROM ledger_account a LEFT JOIN journal_entry e ON e.account_id = a.id "
    "GROUP BY a.id HAVING a.balance <> COALESCE(SUM(e.amount), 0)"
)
_TOTALS = text(
    "SELECT merchant, currency, SUM(balance) AS total FROM ledger_account GROUP BY merchant, currency HAVING SUM(balance) <> 0"
)
_UNBALANCED = text(
    "SELECT transaction_id, SUM(amount) AS total FROM journal_entry GROUP BY transaction_id HAVING SUM(amount) <> 0"
)


def member_wallets(db: Database, merchant: str, owner_id: str | None) -> Awaitable[list[tuple[Any, ...]]]:
    """``(kind, spendable, held, currency)`` of each of an account's wallets, oldest first. The balance read's hot
    path (P2): it hands back the kit's read itself for the caller to await, so moving the statement here added no
    coroutine to the request."""
    return db.read_rows(WALLETS, (merchant, owner_id))


async def claim_key(
    session: AsyncSession, merchant: str, key: str, kind: str, fingerprint: str
) -> tuple[MoneyTransaction, bool]:
    """The transaction row of ``key`` and whether this call wrote it (``pending``, no answer yet). A concurrent twin
    waits on the unique index until the first commits, then reads its row."""
    new_id = await session.scalar(
        insert(MoneyTransaction)
        .values(merchant=merchant, idempotency_key=key, kind=kind, fingerprint=fingerprint, status="pending", result={})
        .on_conflict_do_nothing()
        .returning(MoneyTransaction.id)
    )
    if new_id is not None:
        row = await session.get(MoneyTransaction, new_id)
        assert row is not None
        return row, True
    existing = await session.scalar(
        select(MoneyTransaction).where(MoneyTransaction.merchant == merchant, MoneyTransaction.idempotency_key == key)
    )
    assert existing is not None
    return existing, False


async def transaction_of(session: AsyncSession, merchant: str, key: str) -> MoneyTransaction | None:
    """The money transaction of ``key``, when one was claimed."""
    return await session.scalar(
        select(MoneyTransaction).where(MoneyTransaction.merchant == merchant, MoneyTransaction.idempotency_key == key)
    )


async def post_leg(session: AsyncSession, transaction_id: int, leg: Leg) -> int | None:
    """Move one leg by a conditional update and stage its journal line; the balance after, or ``None`` when the
    account cannot give that much (nothing changed)."""
    statement = _SETTLE_HELD if leg.settles_hold else _SPEND
    moved = (await session.execute(statement, {"amount": leg.amount, "id": leg.account_id})).first()
    if moved is None:
        return None
    balance, merchant, owner_id = moved
    _moved(session, merchant, owner_id)
    session.add(
        JournalEntry(transaction_id=transaction_id, account_id=leg.account_id, amount=leg.amount, balance_after=balance)
    )
    return int(balance)


async def write_lines(session: AsyncSession) -> None:
    """Write the staged journal lines now (inside the posting's savepoint)."""
    await session.flush()


async def hold(session: AsyncSession, account_id: int, amount: int) -> bool:
    """Set ``amount`` aside if it can be spent; whether it was."""
    return _held(session, (await session.execute(_HOLD, {"amount": amount, "id": account_id})).first())


async def release(session: AsyncSession, account_id: int, amount: int) -> bool:
    """Give ``amount`` of held funds back if the account holds that much; whether it did."""
    return _held(session, (await session.execute(_RELEASE, {"amount": amount, "id": account_id})).first())


def _held(session: AsyncSession, changed: Any) -> bool:
    """Whether a hold or release changed its account (then its member's spendable balance moved)."""
    if changed is None:
        return False
    _moved(session, changed[1], changed[2])
    return True


async def account(session: AsyncSession, merchant: str, owner_id: str, kind: str) -> LedgerAccount | None:
    return await session.scalar(
        select(LedgerAccount).where(
            LedgerAccount.merchant == merchant, LedgerAccount.owner_id == owner_id, LedgerAccount.kind == kind
        )
    )


async def main_wallet(session: AsyncSession, merchant: str, owner_id: str, *, lock: bool) -> LedgerAccount | None:
    """An account's main wallet, locked until the transaction ends when ``lock``."""
    query = select(LedgerAccount).where(
        LedgerAccount.merchant == merchant, LedgerAccount.owner_id == owner_id, LedgerAccount.kind == MAIN
    )
    return await session.scalar(query.with_for_update() if lock else query)


async def account_by_id(session: AsyncSession, account_id: int) -> LedgerAccount | None:
    return await session.get(LedgerAccount, account_id)


async def opened(
    session: AsyncSession, merchant: str, currency: str, owner_id: str, kind: str, *, trial: bool
) -> LedgerAccount:
    """The account, written first if it is not there yet (house accounts may go negative, member accounts never)."""
    await session.execute(
        insert(LedgerAccount)
        .values(
            merchant=merchant,
            currency=currency,
            owner_id=owner_id,
            kind=kind,
            trial=trial,
            allow_negative=owner_id == HOUSE,
            balance=0,
            held=0,
        )
        .on_conflict_do_nothing()
    )
    account = await session.scalar(
        select(LedgerAccount).where(
            LedgerAccount.merchant == merchant,
            LedgerAccount.currency == currency,
            LedgerAccount.owner_id == owner_id,
            LedgerAccount.kind == kind,
        )
    )
    assert account is not None
    return account


async def differences(session: AsyncSession) -> list[dict[str, Any]]:
    """Every way the ledger does not add up, each with the rows that show it."""
    found: list[dict[str, Any]] = []
    for row in (await session.execute(_BALANCES)).mappings():
        found.append({"problem": "balance differs from journal", **dict(row)})
    for row in (await session.execute(_TOTALS)).mappings():
        found.append({"problem": "currency does not sum to zero", **dict(row)})
    for row in (await session.execute(_UNBALANCED)).mappings():
        found.append({"problem": "transaction entries do not sum to zero", **dict(row)})
    return found
