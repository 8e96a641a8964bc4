"""Deposits: a member asks (manual bank transfer with its reference, or a sandbox-gateway order); ops decide
a bank transfer, the gateway's signed callback decides an order. Crediting is one idempotent ledger movement
from the deposits clearing account, in the same transaction as the deposit's state and its event."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from portal_events import WalletDepositCreditedV1Data, WalletDepositFailedV1Data
from portal_kit.audit import actor_name
from portal_kit.db import Database
from portal_kit.envelope import PageRead
from portal_kit.paging import Page, page_of
from portal_kit.sessions import Principal
from wallet_service import events
from wallet_service.deposits import domain, repository
from wallet_service.deposits.domain import BANK_TRANSFER, PENDING, SANDBOX, DepositOrder, DepositState, seal_order
from wallet_service.deposits.models import Deposit
from wallet_service.deposits.schemas import DepositChannelRead, DepositRead, GatewayAnswerRead
from wallet_service.ledger.domain import DEPOSITS, MoneyError, checked_amount
from wallet_service.ledger.service import main_wallet, move_against_house
from wallet_service.merchants.service import brand_rules, rules_of
from wallet_service.oversight import service as oversight
from wallet_service.oversight.domain import refuse_same_person


def view(deposit: Deposit, *, with_account: bool = False) -> DepositRead:
    return DepositRead(
        depositId=deposit.id,
        channel=deposit.channel,
        amount=deposit.amount,
        currency=deposit.currency,
        reference=deposit.reference,
        status=deposit.status,
        reason=deposit.reason,
        createdAt=events.stamp(deposit.created_at),
        decidedAt=events.stamp(deposit.decided_at) if deposit.decided_at else None,
        accountId=deposit.account_id if with_account else None,
        firstApprovedBy=deposit.first_approved_by if with_account else None,
    )


async def channels(db: Database, merchant: str) -> list[DepositChannelRead]:
    rules = await brand_rules(db, merchant)
    low, high = rules.deposit_min, rules.deposit_max
    return [
        DepositChannelRead(channel=BANK_TRANSFER, kind="manual", min=low, max=high, bank=rules.bank),
        DepositChannelRead(channel=SANDBOX, kind="gateway", min=low, max=high),
    ]


async def request(
    db: Database, member: Principal, channel: str, amount: Any, request_id: str, reference: str | None, secret: str
) -> DepositRead:
    """Open a deposit, once per ``request_id``; a sandbox order answers the gateway's checkout address."""
    assert member.account_id is not None
    amount = checked_amount(amount)
    if channel not in (BANK_TRANSFER, SANDBOX):
        raise MoneyError("channel.unknown")
    if channel == BANK_TRANSFER and not reference:
        raise MoneyError("reference.required")
    async with db.transaction() as session:
        wallet = await main_wallet(session, member.merchant, member.account_id)
        (await rules_of(session, member.merchant)).check_deposit(amount)
        deposit, new = await repository.insert_once(
            session,
            {"id": str(uuid.uuid4()), "merchant": member.merchant, "account_id": member.account_id,
             "request_id": request_id, "channel": channel, "amount": amount, "currency": wallet.currency,
             "reference": reference if channel == BANK_TRANSFER else None, "status": PENDING},
        )  # fmt: skip
        if not new and (deposit.channel, deposit.amount) != (channel, amount):
            raise MoneyError("idempotency.mismatch")
        answer = view(deposit)
    if channel == SANDBOX:
        order = {"orderId": deposit.id, "merchant": deposit.merchant, "amount": deposit.amount,
                 "currency": deposit.currency, "returnUrl": "/member/depositv2?deposit=" + deposit.id}  # fmt: skip
        answer.checkoutUrl = "/wps/payment/sandbox/checkout?order=" + seal_order(secret, order)
    return answer


async def _locked(session: AsyncSession, merchant: str, deposit_id: str) -> Deposit:
    deposit = await repository.locked(session, merchant, deposit_id)
    if deposit is None:
        raise MoneyError("deposit.not_found")
    return deposit


async def _decide(session: AsyncSession, deposit: Deposit, action: str, decided_by: str, reason: str = "") -> None:
    """Move the deposit as its transition table says: a credit from the deposits clearing account and
    ``wallet.deposit.credited.v1``, or ``wallet.deposit.failed.v1``."""
    move = domain.transition(deposit.status, deposit.channel, action)
    now = datetime.now(UTC)
    deposit.status, deposit.decided_at, deposit.decided_by = move.target, now, decided_by
    if move.credits:
        wallet = await main_wallet(session, deposit.merchant, deposit.account_id)
        await move_against_house(session, wallet, DEPOSITS, deposit.amount, f"deposit:{deposit.id}", "deposit")
        # Counted after the credit took the wallet's row lock: a deposit credited at the same moment has committed
        # (and is counted) or waits, so two never both count as the member's first.
        number = await repository.credited_count(session, deposit.merchant, deposit.account_id)
        events.deposit_credited(session, deposit.merchant, WalletDepositCreditedV1Data(
            depositId=deposit.id, accountId=deposit.account_id, channel=deposit.channel,
            amount=deposit.amount, currency=deposit.currency, creditedAt=now, depositNumber=number,
        ))  # fmt: skip
        return
    deposit.reason = reason
    events.deposit_failed(session, deposit.merchant, WalletDepositFailedV1Data(
        depositId=deposit.id, accountId=deposit.account_id, channel=deposit.channel,
        amount=deposit.amount, currency=deposit.currency, reason=reason, failedAt=now,
    ))  # fmt: skip


async def decide_by_ops(
    db: Database, merchant: str, deposit_id: str, actor: Principal, approve: bool, reason: str | None
) -> DepositRead:
    """Ops approve (credit) or reject a pending bank transfer; a decided deposit is refused. When the amount, or
    what the approver already moved alone for the member today with it, is above the brand's dual-control amount,
    the first approval only records its maker: the credit waits for someone else's. Once it waits, it waits, even
    if the amount is lowered (a second approval is a check and counts toward nobody's running total)."""
    async with db.transaction() as session:
        deposit = await _locked(session, merchant, deposit_id)
        before = deposit.status
        if approve:
            domain.transition(deposit.status, deposit.channel, "approve")  # a decided deposit is refused first
            if deposit.first_approved_by is not None:
                refuse_same_person(deposit.first_approved_by, actor)
            else:
                day = await oversight.member_day(session, merchant, actor, deposit.account_id)
                if day.needs_second_person(deposit.amount, (await rules_of(session, merchant)).dual_control_above):
                    deposit.first_approved_by = actor_name(actor)
                    oversight.record(session, merchant, actor, "deposit.approve.first", deposit.id, reason,
                                     after={"amount": deposit.amount, "accountId": deposit.account_id})  # fmt: skip
                    return view(deposit, with_account=True)
                await oversight.count_alone(session, day, deposit.amount, credit=True)
        await _decide(session, deposit, "approve" if approve else "reject", actor_name(actor), reason or "")
        oversight.record(session, merchant, actor, "deposit.approve" if approve else "deposit.reject", deposit.id,
                         reason, after={"amount": deposit.amount, "accountId": deposit.account_id,
                                        "statusBefore": before, "statusAfter": deposit.status})  # fmt: skip
        return view(deposit, with_account=True)


async def gateway_callback(db: Database, callback: dict[str, Any]) -> GatewayAnswerRead:
    """The sandbox gateway's (signature already checked) word on an order. A duplicate changes nothing and
    answers the same; an order whose amount or currency differ from the deposit is refused."""
    status = callback.get("status")
    if status not in ("SUCCESS", "FAILED"):
        raise MoneyError("request.invalid", field="status")
    async with db.transaction() as session:
        deposit = await _locked(session, str(callback.get("merchant", "")), str(callback.get("orderId", "")))
        amount = callback.get("amount")
        if (
            deposit.channel != SANDBOX
            or type(amount) is not int  # 1500.0 is not 1500 minor units: no rounding, ever
            or (amount, callback.get("currency")) != (deposit.amount, deposit.currency)
        ):
            raise MoneyError("callback.mismatch")
        action = "gateway_success" if status == "SUCCESS" else "gateway_failure"
        if deposit.status == PENDING:
            deposit.gateway_txn_id = str(callback.get("gatewayTxnId", ""))[:100] or None
            await _decide(session, deposit, action, "gateway", str(callback.get("reason") or "declined")[:500])
        elif deposit.status != domain.TRANSITIONS[action].target:  # a repeat of the same word changes nothing
            raise MoneyError("deposit.already_decided")
        return GatewayAnswerRead(orderId=deposit.id, status=deposit.status)


async def of_member(db: Database, member: Principal, deposit_id: str) -> DepositRead:
    async with db.reader() as session:
        deposit = await repository.of_member(session, member.merchant, member.account_id, deposit_id)
    if deposit is None:
        raise MoneyError("deposit.not_found")  # another member's deposit is as unknown as a missing one
    return view(deposit)


async def listed(
    db: Database, merchant: str, *, account_id: str | None = None, status: str | None = None, limit: int = 50
) -> list[DepositRead]:
    async with db.reader() as session:
        rows = await repository.newest(session, merchant, account_id=account_id, status=status, limit=limit)
    return [view(row, with_account=True) for row in rows]


async def queue(
    db: Database, merchant: str, page: Page, *, account_id: str | None, status: DepositState | None,
    order: DepositOrder = DepositOrder.QUEUE,
) -> PageRead[DepositRead]:  # fmt: skip
    """The ops queue: one page of the brand's deposits of a state (pending oldest first) or of a member."""
    async with db.reader() as session:
        rows, total = await repository.queue_page(
            session, merchant, page, account_id=account_id, status=status, order=order
        )
    return page_of(page, [view(row, with_account=True) for row in rows], total)
