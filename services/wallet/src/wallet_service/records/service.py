"""The member's account record (``ODSFE2_MemTransDet``) and consolidated funds, read from the journal."""

from __future__ import annotations

import asyncio
import logging
from datetime import datetime

from nats.aio.client import Client as NATS

from portal_events import (
    ContractInfo,
    ContractInfoReply,
    ContractInfoRequest,
    PointRecordsReply,
    PointRecordsRequest,
)
from portal_kit.db import Database
from portal_kit.envelope import PageRead
from portal_kit.errors import DomainError
from portal_kit.messaging.rpc import ask
from portal_kit.paging import Page, page_of
from portal_kit.site import BrandCache
from wallet_service import events
from wallet_service.ledger.domain import BONUS, MoneyError
from wallet_service.ledger.schemas import WalletRead
from wallet_service.ledger.service import main_wallet
from wallet_service.records import repository
from wallet_service.records.domain import JournalOrder, KindSide, type_of
from wallet_service.records.schemas import (
    ConsolidatedRead,
    MemberBalancesRead,
    MemberWalletRead,
    PointRecordRead,
    RecordRead,
)
from wallet_service.withdrawals import domain as withdrawal_states

log = logging.getLogger("wallet.records")
AGENT_POLICY_FLAG = "AGENTPOLICY3"
CONTRACT_INFO = "rpc.agent-contracts.contract_info"
POINT_RECORDS = "rpc.points.records"
DATE_REFUSALS = ("date.invalid", "date_range.invalid")


async def journal(
    db: Database,
    merchant: str,
    owner_id: str,
    page: Page,
    kinds: tuple[KindSide, ...] | None = None,
    start: datetime | None = None,
    end: datetime | None = None,
    order: JournalOrder = JournalOrder.NEWEST,
) -> PageRead[RecordRead]:
    """The journal lines of one account's wallets, newest (or oldest) first, paged."""
    async with db.reader() as session:
        rows, total = await repository.journal_page(session, merchant, owner_id, page, kinds, start, end, order)
    lines = [
        RecordRead(
            id=row.id,
            time=events.stamp(row.created_at),
            type=type_of(row.kind, row.amount),
            wallet=row.wallet,
            amount=row.amount,
            balanceAfter=row.balance_after,
            currency=row.currency,
            reference=row.idempotency_key.split(":", 1)[-1],
        )
        for row in rows
    ]
    return page_of(page, lines, total)


async def point_records(
    nc: NATS,
    merchant: str,
    owner_id: str,
    page: Page,
    start_date: str | None,
    end_date: str | None,
    timeout: float,
    language: str,
) -> PageRead[PointRecordRead]:
    """The points record (``type=points``), asked of points (``rpc.points.records``): one page of the account's point
    entries, newest first. No answer within ``timeout`` seconds, or one that is no page, is ``service_unavailable``
    (503); a refusal of the days (read by the caller already) is passed on as its code (400)."""
    request = PointRecordsRequest.model_validate({
        "merchant": merchant, "accountId": owner_id, "pageNo": page.number, "pageSize": page.size,
        "startDate": start_date or None, "endDate": end_date or None, "language": language,
    })  # fmt: skip
    reply = await ask(nc, POINT_RECORDS, request, PointRecordsReply, timeout=timeout)
    if not reply.success or reply.value is None:
        if reply.errorCode in DATE_REFUSALS:
            raise DomainError(reply.errorCode)
        log.warning("points refused the records of %s: %s", merchant, reply.errorCode)
        raise DomainError("service_unavailable", status=503)
    found = reply.value
    lines = [PointRecordRead.model_validate({**r.model_dump(), "time": events.stamp(r.time)}) for r in found.list]
    return PageRead[PointRecordRead](pageNum=found.pageNum, totalPages=found.totalPages, total=found.total, list=lines)


async def consolidated(
    db: Database, merchant: str, owner_id: str, contracts: ContractInfo | None = None
) -> ConsolidatedRead:
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
        balance=sum(w.balance - w.held for w in wallets if w.kind != BONUS),
        held=sum(w.held for w in wallets),
        wallets=[WalletRead(wallet=w.kind, available=w.balance - w.held, held=w.held) for w in wallets],
        pendingDeposits=int(deposits.get("pending") or 0),
        pendingWithdrawals=int(pending_withdrawals or 0),
        totalDeposited=int(moved.get("deposit") or 0),
        totalWithdrawn=-int((moved.get("withdrawal") or 0) + (moved.get("withdrawal_refund") or 0)),
        **(contracts.model_dump() if contracts else {}),
    )


async def member_balances(db: Database, merchant: str, owner_id: str) -> MemberBalancesRead:
    """Ops: every wallet of a member of the brand (main, vendor sub-wallets; a trial account's free-play wallet), what
    is held for withdrawals not yet paid, what waits, and the totals moved; ``account.not_found`` (404) for an
    account the wallet keeps nothing for."""
    async with db.reader() as session:
        wallets = sorted(await repository.wallets(session, merchant, owner_id), key=lambda wallet: wallet.id)
        if not wallets:
            raise MoneyError("account.not_found")
        deposits = await repository.deposits_by_status(session, merchant, owner_id)
        waiting = (withdrawal_states.PENDING, withdrawal_states.APPROVED)
        pending_withdrawals = await repository.withdrawals_waiting(session, merchant, owner_id, waiting)
        moved = await repository.moved_by_kind(session, wallets[0].id, ("deposit", "withdrawal", "withdrawal_refund"))
    return MemberBalancesRead(
        accountId=owner_id,
        currency=wallets[0].currency,
        scale=2,
        balance=sum(w.balance for w in wallets if w.kind != BONUS),  # a held bonus is listed, never summed
        available=sum(w.balance - w.held for w in wallets if w.kind != BONUS),
        held=sum(w.held for w in wallets),
        wallets=[
            MemberWalletRead(wallet=w.kind, balance=w.balance, available=w.balance - w.held, held=w.held)
            for w in wallets
        ],
        pendingDeposits=int(deposits.get("pending") or 0),
        pendingWithdrawals=int(pending_withdrawals or 0),
        totalDeposited=int(moved.get("deposit") or 0),
        totalWithdrawn=-int((moved.get("withdrawal") or 0) + (moved.get("withdrawal_refund") or 0)),
    )


async def contract_fields(
    nc: NATS, brands: BrandCache, merchant: str, owner_id: str, timeout: float
) -> ContractInfo | None:
    """The consolidated info's contract fields, asked of agent-contracts when the brand's ``AGENTPOLICY3`` is on;
    none (the fields stay null) when it is off, or when the brand or agent-contracts does not answer within
    ``timeout`` seconds: the funds are never refused for want of them."""
    try:
        async with asyncio.timeout(timeout):
            if not (await brands.brand(merchant)).flag(AGENT_POLICY_FLAG):
                return None
            reply = await ask(
                nc, CONTRACT_INFO, ContractInfoRequest(merchant=merchant, accountId=owner_id), ContractInfoReply,
                timeout=timeout,
            )  # fmt: skip
    except (TimeoutError, DomainError) as missing:
        log.warning("the consolidated info of %s goes without its contract fields: %r", merchant, missing)
        return None
    if not reply.success or reply.value is None:
        log.warning("agent-contracts refused the contract info of %s: %s", merchant, reply.errorCode)
        return None
    return reply.value
