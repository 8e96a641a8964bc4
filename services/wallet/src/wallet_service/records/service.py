"""The member's account record (``ODSFE2_MemTransDet``) and consolidated funds, read from the journal."""

from __future__ import annotations

from datetime import datetime

from portal_kit.db import Database
from portal_kit.envelope import PageRead
from portal_kit.paging import Page, page_of
from wallet_service import events
from wallet_service.ledger.schemas import WalletRead
from wallet_service.ledger.service import main_wallet
from wallet_service.records import repository
from wallet_service.records.domain import TYPE_OF_KIND
from wallet_service.records.schemas import ConsolidatedRead, RecordRead
from wallet_service.withdrawals import domain as withdrawal_states


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
    async with db.reader() as session:
        rows, total = await repository.journal_page(session, merchant, owner_id, page, kinds, start, end)
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
        wallets = await repository.wallets(session, merchant, owner_id)
        deposits = await repository.deposits_by_status(session, merchant, owner_id)
        waiting = (withdrawal_states.PENDING, withdrawal_states.APPROVED)
        pending_withdrawals = await repository.withdrawals_waiting(session, merchant, owner_id, waiting)
        # Totals from the journal itself: a refunded withdrawal counts only for what finally left.
        moved = await repository.moved_by_kind(session, main.id, ("deposit", "withdrawal", "withdrawal_refund"))
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
