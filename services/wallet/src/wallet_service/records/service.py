"""The member's account record (``ODSFE2_MemTransDet``) and consolidated funds, read from the journal."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import func, select

from portal_kit.db import Database
from portal_kit.envelope import PageRead
from portal_kit.paging import Page, page_of
from portal_kit.repository import Scoped
from wallet_service import events
from wallet_service.deposits.models import Deposit
from wallet_service.ledger.models import JournalEntry, LedgerAccount, MoneyTransaction
from wallet_service.ledger.service import main_wallet
from wallet_service.records.domain import TYPE_OF_KIND
from wallet_service.schemas import ConsolidatedRead, RecordRead, WalletRead
from wallet_service.withdrawals import domain as withdrawal_states
from wallet_service.withdrawals.models import Withdrawal


async def journal(
    db: Database,
    merchant: str,
    owner_id: str,
    page: Page,
    kinds: tuple[str, ...] | None = None,
    start: datetime | None = None,
    end: datetime | None = None,
) -> PageRead[RecordRead]:
    """The journal lines of one account's wallets, newest first, paged."""
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
        query = query.where(MoneyTransaction.kind.in_(kinds))
    if start is not None:
        query = query.where(JournalEntry.created_at >= start)
    if end is not None:
        query = query.where(JournalEntry.created_at < end)
    async with db.reader() as session:
        total = int(await session.scalar(select(func.count()).select_from(query.subquery())) or 0)
        rows = (
            await session.execute(query.order_by(JournalEntry.id.desc()).offset(page.offset).limit(page.size))
        ).all()
    lines = [
        RecordRead(
            id=row.id,
            time=events.stamp(row.created_at),
            type=TYPE_OF_KIND.get(row.kind, row.kind),
            wallet=row.wallet,
            amount=row.amount,
            balanceAfter=row.balance_after,
            currency=row.currency,
            reference=row.idempotency_key.split(":", 1)[-1],
        )
        for row in rows
    ]
    return page_of(page, lines, total)


async def consolidated(db: Database, merchant: str, owner_id: str) -> ConsolidatedRead:
    """One view of a member's money: wallets, funds held by pending withdrawals, deposits and withdrawals
    waiting, and what came in and went out in total."""
    async with db.reader() as session:
        main = await main_wallet(session, merchant, owner_id)
        wallets = (await session.scalars(Scoped(LedgerAccount).query(merchant, owner_id=owner_id))).all()
        deposits = dict(
            (
                await session.execute(
                    select(Deposit.status, func.sum(Deposit.amount))
                    .where(*Scoped(Deposit).where(merchant, account_id=owner_id))
                    .group_by(Deposit.status)
                )
            ).all()
        )
        pending_withdrawals = await session.scalar(
            select(func.coalesce(func.sum(Withdrawal.amount), 0)).where(
                *Scoped(Withdrawal).where(
                    merchant,
                    Withdrawal.status.in_((withdrawal_states.PENDING, withdrawal_states.APPROVED)),
                    account_id=owner_id,
                )
            )
        )
        # Totals from the journal itself: a refunded withdrawal counts only for what finally left.
        moved = dict(
            (
                await session.execute(
                    select(MoneyTransaction.kind, func.sum(JournalEntry.amount))
                    .join(MoneyTransaction, MoneyTransaction.id == JournalEntry.transaction_id)
                    .where(
                        JournalEntry.account_id == main.id,
                        MoneyTransaction.kind.in_(("deposit", "withdrawal", "withdrawal_refund")),
                    )
                    .group_by(MoneyTransaction.kind)
                )
            ).all()
        )
    return ConsolidatedRead(
        currency=main.currency,
        balance=sum(w.balance - w.held for w in wallets),
        held=sum(w.held for w in wallets),
        wallets=[WalletRead(wallet=w.kind, available=w.balance - w.held, held=w.held) for w in wallets],
        pendingDeposits=int(deposits.get("pending") or 0),
        pendingWithdrawals=int(pending_withdrawals or 0),
        totalDeposited=int(moved.get("deposit") or 0),
        totalWithdrawn=-int((moved.get("withdrawal") or 0) + (moved.get("withdrawal_refund") or 0)),
    )
