"""``GCS_merchantWallet`` (single or transfer mode, open to visitors) and the ops calls of a brand's wallet
settings."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, Depends, Query

from portal_kit.envelope import Envelope, PageRead, ok
from portal_kit.errors import DomainError
from portal_kit.merchant import MERCHANT_PATTERN, MerchantCode
from portal_kit.paging import Page, page_params
from portal_kit.sessions import OpsAdmin, OpsViewer
from wallet_service.deps import Db
from wallet_service.ledger.domain import MoneyError
from wallet_service.merchants import service
from wallet_service.merchants.domain import DualControlRequestOrder
from wallet_service.merchants.schemas import (
    DualControlRequestRead,
    MerchantWalletRead,
    SettingsChange,
    WalletSettingsRead,
)
from wallet_service.oversight.schemas import Decision

public = APIRouter(tags=["wallet"])
ops = APIRouter(prefix="/wps/ops/wallet/merchants/{code}", tags=["wallet ops"])


@public.get("/wps/relay/GCS_merchantWallet", operation_id="merchantWallet", response_model=Envelope[MerchantWalletRead])
async def merchant_wallet(
    db: Db, merchant: MerchantCode, merchant_code: str | None = Query(None, alias="merchantCode")
) -> Envelope[MerchantWalletRead]:
    code = (merchant_code or merchant).strip().lower()
    if not MERCHANT_PATTERN.fullmatch(code):
        raise DomainError("merchant.invalid")
    rules = await service.brand_rules(db, code)
    return ok(MerchantWalletRead(merchantCode=code, isSingle=rules.is_single, vendors=list(rules.vendors)))


@ops.get("/settings", operation_id="opsWalletSettings", response_model=Envelope[WalletSettingsRead])
async def read_settings(code: str, db: Db, actor: OpsViewer) -> Envelope[WalletSettingsRead]:
    return ok(await service.settings_view(db, code))


@ops.put("/settings", operation_id="opsChangeWalletSettings", response_model=Envelope[WalletSettingsRead])
async def change_settings(code: str, db: Db, actor: OpsAdmin, body: SettingsChange) -> Envelope[WalletSettingsRead]:
    """Every field applies at once but a raise of ``dualControlAbove``: that is asked (``dualControlRequest``) and
    applies when another admin of the brand approves it."""
    return ok(await service.change_by_ops(db, code, actor, body.changes()))


@ops.get(
    "/settings/dual-control",
    operation_id="opsDualControlRequests",
    response_model=Envelope[PageRead[DualControlRequestRead]],
)
async def dual_control_requests(
    code: str,
    db: Db,
    actor: OpsViewer,
    page: Annotated[Page, Depends(page_params(default_size=50, max_size=200))],
    status: Literal["pending", "approved", "rejected", "superseded"] | None = Query(None),
    requestedBy: Annotated[str | None, Query(min_length=1, max_length=64, description="The maker's name")] = None,
    sort: Annotated[DualControlRequestOrder, Query()] = DualControlRequestOrder.NEWEST,
) -> Envelope[PageRead[DualControlRequestRead]]:
    """The brand's raises of its dual-control amount, filtered and in order (the newest first)."""
    found = await service.dual_control_requests(db, code, page, status=status, requested_by=requestedBy, order=sort)
    return ok(found)


@ops.post(
    "/settings/dual-control/{request_id}/{action}",
    operation_id="opsDecideDualControl",
    response_model=Envelope[DualControlRequestRead],
)
async def decide_dual_control(
    code: str,
    request_id: str,
    action: Literal["approve", "reject"],
    db: Db,
    actor: OpsAdmin,
    body: Decision | None = None,
) -> Envelope[DualControlRequestRead]:
    """Another admin of the brand approves a raise of the dual-control amount (it applies now) or rejects it
    (reason required; its maker may withdraw it so)."""
    reason = body.reason if body else None
    if action == "reject" and not reason:
        raise MoneyError("reason.required")
    return ok(await service.decide_dual_control(db, code, request_id, actor, action == "approve", reason))
