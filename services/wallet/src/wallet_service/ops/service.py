"""Ops work on a member's money: balance adjustments with a reason (above the brand's dual-control amount, by
themselves or with what their maker moved alone for the member today, a request that a second ops person
approves), each audited (``oversight``)."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime

from sqlalchemy.ext.asyncio import AsyncSession

from portal_kit.audit import actor_name
from portal_kit.db import Database
from portal_kit.envelope import PageRead
from portal_kit.paging import Page, page_of
from portal_kit.sessions import Principal
from wallet_service import events
from wallet_service.ledger.domain import ADJUSTMENTS, MAX_AMOUNT, MoneyError
from wallet_service.ledger.models import LedgerAccount
from wallet_service.ledger.service import claimed, main_wallet, move_against_house
from wallet_service.merchants.service import rules_of
from wallet_service.ops import repository
from wallet_service.ops.domain import APPROVED, PENDING, REJECTED, AdjustmentRequestOrder
from wallet_service.ops.models import AdjustmentRequest
from wallet_service.ops.schemas import AdjustmentRead, AdjustmentRequestRead
from wallet_service.oversight import service as oversight
from wallet_service.oversight.domain import refuse_same_person


async def adjust(
    db: Database, merchant: str, account_id: str, actor: Principal, amount: int, reason: str, request_id: str
) -> AdjustmentRead:
    """Credit (positive) or debit (negative) a member's main wallet against the adjustments account, once
    per ``request_id``; a debit never takes more than is spendable. When the amount, or what the maker already
    moved alone for the member today with it, is above the brand's dual-control amount, nothing moves yet: a
    pending request waits for a second person. Audited once, not per replay; a replay counts nothing again."""
    if amount == 0 or abs(amount) > MAX_AMOUNT:
        raise MoneyError("amount.invalid")
    async with db.transaction() as session:
        wallet = await main_wallet(session, merchant, account_id)
        day = await oversight.member_day(session, merchant, actor, account_id)  # the maker's actions take turns
        earlier = await repository.of_request_id(session, merchant, request_id)
        key = _key(account_id, request_id)
        if earlier is not None or (
            not await claimed(session, merchant, key)
            and day.needs_second_person(amount, (await rules_of(session, merchant)).dual_control_above)
        ):
            request = await _requested(session, merchant, account_id, actor, amount, reason, request_id)
            status = "pending" if request.status == PENDING else "done" if request.status == APPROVED else REJECTED
            return AdjustmentRead(accountId=account_id, balance=wallet.balance,
                                  currency=wallet.currency, status=status, adjustmentId=request.id)  # fmt: skip
        balance, moved = await _move(session, merchant, wallet, actor, amount, reason, request_id)
        if moved:
            await oversight.count_alone(session, day, amount, credit=amount > 0)
    return AdjustmentRead(accountId=account_id, balance=balance, currency=wallet.currency, status="done")


def _key(account_id: str, request_id: str) -> str:
    return f"adjust:{account_id}:{request_id}"


async def _move(
    session: AsyncSession,
    merchant: str,
    wallet: LedgerAccount,
    actor: Principal,
    amount: int,
    reason: str,
    request_id: str,
    **detail: str,
) -> tuple[int, bool]:
    balance, moved = await move_against_house(
        session, wallet, ADJUSTMENTS, amount, _key(wallet.owner_id, request_id), "adjustment"
    )
    if moved:
        oversight.record(session, merchant, actor, "balance.adjust", wallet.owner_id, reason,
                         after={"amount": amount, "balanceBefore": balance - amount, "balanceAfter": balance,
                                **detail})  # fmt: skip
    return balance, moved


async def _requested(
    session: AsyncSession, merchant: str, account_id: str, actor: Principal, amount: int, reason: str, request_id: str
) -> AdjustmentRequest:
    """The request for ``request_id``, written now or by an earlier call (then it must ask for the same)."""
    new_id = str(uuid.uuid4())
    request = await repository.request_once(
        session,
        {"id": new_id, "merchant": merchant, "account_id": account_id, "request_id": request_id, "amount": amount,
         "reason": reason, "status": PENDING, "requested_by": actor_name(actor)},
    )  # fmt: skip
    if request.account_id != account_id or request.amount != amount:
        raise MoneyError("idempotency.mismatch")
    if request.id == new_id:
        oversight.record(session, merchant, actor, "balance.adjust.request", account_id, reason,
                         after={"amount": amount, "adjustmentId": new_id, "statusAfter": PENDING})  # fmt: skip
    return request


async def decide_adjustment(
    db: Database, merchant: str, adjustment_id: str, actor: Principal, approve: bool, reason: str | None
) -> AdjustmentRequestRead:
    """A second ops person approves (the money moves) or rejects a pending request; its maker may not."""
    async with db.transaction() as session:
        request = await repository.locked(session, merchant, adjustment_id)
        if request is None:
            raise MoneyError("adjustment.not_found")
        if request.status != PENDING:
            raise MoneyError("adjustment.already_decided")
        refuse_same_person(request.requested_by, actor)
        request.status, request.decided_by = (APPROVED if approve else REJECTED), actor_name(actor)
        request.decision_reason, request.decided_at = reason, datetime.now(UTC)
        if approve:
            wallet = await main_wallet(session, merchant, request.account_id)
            await _move(session, merchant, wallet, actor, request.amount, request.reason, request.request_id,
                        adjustmentId=request.id, requestedBy=request.requested_by)  # fmt: skip
        else:
            oversight.record(session, merchant, actor, "balance.adjust.reject", request.account_id, reason,
                             after={"amount": request.amount, "adjustmentId": request.id, "statusBefore": PENDING,
                                    "statusAfter": REJECTED})  # fmt: skip
        return _request_view(request)


async def adjustment_requests(
    db: Database, merchant: str, page: Page, *, status: str | None, account_id: str | None, requested_by: str | None,
    order: AdjustmentRequestOrder,
) -> PageRead[AdjustmentRequestRead]:  # fmt: skip
    """A page of the brand's adjustment requests, filtered and in ``order`` (the newest first by default)."""
    async with db.reader() as session:
        rows, total = await repository.requests_page(
            session, merchant, page, status=status, account_id=account_id, requested_by=requested_by, order=order
        )
    return page_of(page, [_request_view(request) for request in rows], total)


def _request_view(request: AdjustmentRequest) -> AdjustmentRequestRead:
    return AdjustmentRequestRead(
        adjustmentId=request.id,
        accountId=request.account_id,
        amount=request.amount,
        reason=request.reason,
        status=request.status,
        requestedBy=request.requested_by,
        decidedBy=request.decided_by,
        createdAt=events.stamp(request.created_at),
    )
