"""The account record's reads: journal lines with their wallet and transaction, and the figures of the consolidated
funds (wallets, deposits and withdrawals waiting, what came in and went out), all by the brand and the account."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import Row, and_, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from portal_kit.paging import Page
from portal_kit.repository import Scoped
from wallet_service.deposits.models import Deposit
from wallet_service.ledger.models import JournalEntry, LedgerAccount, MoneyTransaction
from wallet_service.records.domain import JournalOrder, KindSide
from wallet_service.withdrawals.models import Withdrawal


async def journal_page(
    session: AsyncSession,
    merchant: str,
    owner_id: str,
    page: Page,
    kinds: tuple[KindSide, ...] | None,
    start: datetime | None,
    end: datetime | None,
    order: JournalOrder = JournalOrder.NEWEST,
) -> tuple[Sequence[Row[int, datetime, int, int, str, str, str, str]], int]:
    """One page of the journal lines of an account's wallets, newest (or oldest) first, and how many there are in all:
    each
    ``(id, created_at, amount, balance_after, wallet, currency, kind, idempotency_key)``."""
    query = (
        select(
            JournalEntry.id,
            JournalEntry.created_at,
            JournalEntry.amount,
            JournalEntry.balance_after,
            LedgerAccount.kind.label("wallet"),
            LedgerAccount.currency,
            MoneyTransaction.kind,
            MoneyTransaction.idempotency_key,
        )
        .join(LedgerAccount, LedgerAccount.id == JournalEntry.account_id)
        .join(MoneyTransaction, MoneyTransaction.id == JournalEntry.transaction_id)
        .where(LedgerAccount.merchant == merchant, LedgerAccount.owner_id == owner_id)
    )
    if kinds is not None:
        sides = {None: JournalEntry.amount != 0, 1: JournalEntry.amount > 0, -1: JournalEntry.amount < 0}
        query = query.where(or_(*(and_(MoneyTransaction.kind == kind, sides[side]) for kind, side in kinds)))
    if start is not None:
        query = query.where(JournalEntry.created_at >= start)
    if end is not None:
        query = query.where(JournalEntry.created_at < end)
    total = int(await session.scalar(select(func.count()).select_from(query.subquery())) or 0)
    by_id = JournalEntry.id.asc() if order is JournalOrder.OLDEST else JournalEntry.id.desc()
    rows = (await session.execute(query.order_by(by_id).offset(page.offset).limit(page.size))).all()
    return rows, total


async def wallets(session: AsyncSession, merchant: str, owner_id: str) -> Sequence[LedgerAccount]:
    return (await session.scalars(Scoped(LedgerAccount).query(merchant, owner_id=owner_id))).all()


async def deposits_by_status(session: AsyncSession, merchant: str, owner_id: str) -> dict[str, int]:
    """The sum of the account's deposits in each status."""
    query = (
        select(Deposit.status, func.sum(Deposit.amount))
        .where(*Scoped(Deposit).where(merchant, account_id=owner_id))
        .group_by(Deposit.status)
    )
    return {status: int(total) for status, total in (await session.execute(query)).all()}


async def withdrawals_waiting(session: AsyncSession, merchant: str, owner_id: str, statuses: tuple[str, ...]) -> int:
    """The sum of the account's withdrawals in ``statuses`` (0 when none)."""
    query = select(func.coalesce(func.sum(Withdrawal.amount), 0)).where(
        *Scoped(Withdrawal).where(merchant, Withdrawal.status.in_(statuses), account_id=owner_id)
    )
    return int(await session.scalar(query) or 0)


async def moved_by_kind(session: AsyncSession, account_id: int, kinds: tuple[str, ...]) -> dict[str, int]:
    """The sum of one ledger account's journal lines for each transaction kind of ``kinds``."""
    query = (
        select(MoneyTransaction.kind, func.sum(JournalEntry.amount))
        .join(MoneyTransaction, MoneyTransaction.id == JournalEntry.transaction_id)
        .where(JournalEntry.account_id == account_id, MoneyTransaction.kind.in_(kinds))
        .group_by(MoneyTransaction.kind)
    )
    return {kind: int(total) for kind, total in (await session.execute(query)).all()}
