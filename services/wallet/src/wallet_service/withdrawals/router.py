"""Withdrawal calls of members (bank accounts, requests, confirmation) and the ops decisions."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, Depends, Query

from portal_kit.app import body_limit
from portal_kit.encryption import encrypted_body
from portal_kit.envelope import Envelope, PageRead, ok
from portal_kit.paging import Page, page_params
from portal_kit.payment_password import verify_payment_password
from portal_kit.sessions import OpsViewer
from portal_kit.throttle import throttle
from wallet_service.deps import Db, Member, Nats, Valkey
from wallet_service.ledger.domain import MoneyError
from wallet_service.oversight.schemas import Decision
from wallet_service.withdrawals import service
from wallet_service.withdrawals.domain import CONFIRMATION_MAX_BODY_BYTES, WithdrawalOrder, WithdrawalState
from wallet_service.withdrawals.schemas import (
    BankAccountBinding,
    BankAccountRead,
    Confirmation,
    WithdrawalLimitsRead,
    WithdrawalRead,
    WithdrawalRequest,
)

router = APIRouter(prefix="/wps/v2/wallets", tags=["wallet withdrawals"])
ops = APIRouter(prefix="/wps/ops/wallet/merchants/{code}/withdrawals", tags=["wallet ops"])


@router.get("/bank-accounts", operation_id="bankAccounts", response_model=Envelope[list[BankAccountRead]])
async def bank_accounts(db: Db, member: Member) -> Envelope[list[BankAccountRead]]:
    return ok(await service.bank_accounts(db, member))


@router.post("/bank-accounts", operation_id="bindBankAccount", response_model=Envelope[BankAccountRead])
async def bind_bank_account(
    db: Db,
    valkey: Valkey,
    nc: Nats,
    member: Member,
    body: Annotated[BankAccountBinding, Depends(encrypted_body(BankAccountBinding))],
) -> Envelope[BankAccountRead]:
    """(E) Bind a bank account to withdraw to; the payment password is checked first."""
    await throttle(valkey, f"wallet:bank-bindings:{member.merchant}:{member.account_id}", 10, 3600)
    await verify_payment_password(nc, member.merchant, str(member.account_id), body.paymentPassword)
    return ok(await service.bind_bank_account(db, member, body.bankName, body.holderName, body.accountNumber))


@router.post("/withdrawals", operation_id="requestWithdrawal", response_model=Envelope[WithdrawalRead])
async def request_withdrawal(
    db: Db, nc: Nats, member: Member, body: Annotated[WithdrawalRequest, Depends(encrypted_body(WithdrawalRequest))]
) -> Envelope[WithdrawalRead]:
    """(E) Hold the amount for ops to pay to a bound bank account; the payment password is checked first."""
    await verify_payment_password(nc, member.merchant, str(member.account_id), body.paymentPassword)
    return ok(await service.request(db, member, body.amount, body.bankAccountId, body.requestId, body.forfeitBonus))


@router.get("/withdrawals", operation_id="myWithdrawals", response_model=Envelope[list[WithdrawalRead]])
async def my_withdrawals(db: Db, member: Member) -> Envelope[list[WithdrawalRead]]:
    return ok(await service.listed(db, member.merchant, account_id=member.account_id))


@router.get("/withdrawals/limits", operation_id="withdrawalLimits", response_model=Envelope[WithdrawalLimitsRead])
async def withdrawal_limits(db: Db, member: Member) -> Envelope[WithdrawalLimitsRead]:
    """The brand's bounds of one request, for the withdrawal page to show before the member asks."""
    return ok(await service.limits(db, member.merchant))


@router.post(
    "/withdrawals/{withdrawal_id}/confirmation",
    operation_id="confirmWithdrawal",
    response_model=Envelope[WithdrawalRead],
    openapi_extra=body_limit(CONFIRMATION_MAX_BODY_BYTES),
)
async def confirm_withdrawal(
    withdrawal_id: str, db: Db, member: Member, body: Confirmation
) -> Envelope[WithdrawalRead]:
    return ok(await service.confirm(db, member, withdrawal_id, body.result, body.remainder, body.proofs))


@ops.get("", operation_id="opsWithdrawals", response_model=Envelope[PageRead[WithdrawalRead]])
async def ops_withdrawals(
    code: str,
    db: Db,
    actor: OpsViewer,
    page: Annotated[Page, Depends(page_params(default_size=20, max_size=100))],
    status: Annotated[WithdrawalState | None, Query()] = None,
    account_id: Annotated[str | None, Query(alias="accountId", max_length=64)] = None,
    sort: Annotated[WithdrawalOrder, Query()] = WithdrawalOrder.QUEUE,
) -> Envelope[PageRead[WithdrawalRead]]:
    """The queue, paged: of a state, of a member, or all; ``queue`` order (the default): a waiting state oldest first,
    anything else newest first; or ``newest`` / ``oldest`` first."""
    return ok(await service.queue(db, code, page, account_id=account_id, status=status, order=sort))


@ops.post("/{withdrawal_id}/{action}", operation_id="opsDecideWithdrawal", response_model=Envelope[WithdrawalRead])
async def decide(
    code: str,
    withdrawal_id: str,
    action: Literal["approve", "reject", "pay", "refund", "close"],
    db: Db,
    actor: OpsViewer,
    body: Decision | None = None,
) -> Envelope[WithdrawalRead]:
    """``approve``, ``reject`` (reason required), ``pay``, and for a disputed one ``refund`` or ``close``
    (reason required)."""
    reason = body.reason if body else None
    if action in ("reject", "refund", "close") and not reason:
        raise MoneyError("reason.required")
    return ok(await service.decide(db, code, withdrawal_id, actor, action, reason))
