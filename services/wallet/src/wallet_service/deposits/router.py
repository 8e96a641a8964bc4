"""Deposit calls of members, the sandbox gateway's callback, and the ops decisions on bank transfers."""

from __future__ import annotations

import json
from typing import Annotated

from fastapi import APIRouter, Depends, Query, Request

from portal_kit.envelope import Envelope, PageRead, ok
from portal_kit.paging import Page, page_params
from portal_kit.sessions import OpsMaker, OpsViewer
from portal_kit.throttle import throttle
from wallet_service.deposits import service
from wallet_service.deposits.domain import SIGNATURE_HEADER, DepositOrder, DepositState, signature_valid
from wallet_service.deposits.schemas import DepositChannelRead, DepositRead, DepositRequest, GatewayAnswerRead
from wallet_service.deps import Db, Member, Settings, Valkey
from wallet_service.ledger.domain import MoneyError
from wallet_service.oversight.schemas import Decision

router = APIRouter(tags=["wallet deposits"])
ops = APIRouter(prefix="/wps/ops/wallet/merchants/{code}/deposits", tags=["wallet ops"])


@router.get(
    "/wps/v2/wallets/deposit/channels",
    operation_id="depositChannels",
    response_model=Envelope[list[DepositChannelRead]],
)
async def deposit_channels(db: Db, member: Member) -> Envelope[list[DepositChannelRead]]:
    return ok(await service.channels(db, member.merchant))


@router.post("/wps/v2/wallets/deposits", operation_id="requestDeposit", response_model=Envelope[DepositRead])
async def request_deposit(
    db: Db, valkey: Valkey, member: Member, settings: Settings, body: DepositRequest
) -> Envelope[DepositRead]:
    """A bank transfer waits for ops; a sandbox order answers ``checkoutUrl``, the gateway's payment page.
    At most 30 requests an hour per member, so nobody floods ops with pending deposits."""
    await throttle(valkey, f"wallet:deposit-requests:{member.merchant}:{member.account_id}", 30, 3600)
    return ok(
        await service.request(
            db, member, body.channel, body.amount, body.requestId, body.reference or None, settings.sandbox_secret
        )
    )


@router.get("/wps/v2/wallets/deposits", operation_id="myDeposits", response_model=Envelope[list[DepositRead]])
async def my_deposits(db: Db, member: Member) -> Envelope[list[DepositRead]]:
    return ok(await service.listed(db, member.merchant, account_id=member.account_id))


@router.get("/wps/v2/wallets/deposits/{deposit_id}", operation_id="myDeposit", response_model=Envelope[DepositRead])
async def my_deposit(deposit_id: str, db: Db, member: Member) -> Envelope[DepositRead]:
    return ok(await service.of_member(db, member, deposit_id))


@router.post(
    "/wps/payment/sandbox/callback", operation_id="sandboxGatewayCallback", response_model=Envelope[GatewayAnswerRead]
)
async def sandbox_callback(request: Request, db: Db, settings: Settings) -> Envelope[GatewayAnswerRead]:
    """The gateway's asynchronous word on an order, signed with the shared secret over the raw body."""
    raw = await request.body()
    if not settings.sandbox_enabled or not signature_valid(
        settings.sandbox_secret, raw, request.headers.get(SIGNATURE_HEADER)
    ):
        raise MoneyError("callback.signature_invalid")
    try:
        callback = json.loads(raw)
    except ValueError:
        raise MoneyError("request.invalid") from None
    if not isinstance(callback, dict):
        raise MoneyError("request.invalid")
    return ok(await service.gateway_callback(db, callback))


@ops.get("", operation_id="opsDeposits", response_model=Envelope[PageRead[DepositRead]])
async def ops_deposits(
    code: str,
    db: Db,
    actor: OpsViewer,
    page: Annotated[Page, Depends(page_params(default_size=20, max_size=100))],
    status: Annotated[DepositState | None, Query()] = None,
    account_id: Annotated[str | None, Query(alias="accountId", max_length=64)] = None,
    sort: Annotated[DepositOrder, Query()] = DepositOrder.QUEUE,
) -> Envelope[PageRead[DepositRead]]:
    """The queue, paged: of a state, of a member, or all; ``queue`` order (the default): pending oldest first,
    anything else newest first; or ``newest`` / ``oldest`` first."""
    return ok(await service.queue(db, code, page, account_id=account_id, status=status, order=sort))


@ops.post("/{deposit_id}/approve", operation_id="opsApproveDeposit", response_model=Envelope[DepositRead])
async def approve(
    code: str, deposit_id: str, db: Db, actor: OpsMaker, body: Decision | None = None
) -> Envelope[DepositRead]:
    return ok(await service.decide_by_ops(db, code, deposit_id, actor, True, body.reason if body else None))


@ops.post("/{deposit_id}/reject", operation_id="opsRejectDeposit", response_model=Envelope[DepositRead])
async def reject(code: str, deposit_id: str, db: Db, actor: OpsMaker, body: Decision) -> Envelope[DepositRead]:
    if not body.reason:
        raise MoneyError("reason.required")
    return ok(await service.decide_by_ops(db, code, deposit_id, actor, False, body.reason))
