"""Ops calls on a member's money: balance adjustments with a reason, any member's journal, the audit."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends

from portal_kit.envelope import Envelope, ok
from portal_kit.paging import Page, page_params
from portal_kit.sessions import BrandOps
from wallet_service.deps import Db
from wallet_service.ops import service
from wallet_service.records import service as records
from wallet_service.schemas import Adjustment, AdjustmentRead, RecordPageRead, WalletAuditRead

ops = APIRouter(prefix="/wps/ops/wallet/merchants/{code}", tags=["wallet ops"])
Paging = Annotated[Page, Depends(page_params(default_size=50, max_size=200))]


@ops.post(
    "/accounts/{account_id}/adjustments", operation_id="opsAdjustBalance", response_model=Envelope[AdjustmentRead]
)
async def adjust(code: str, account_id: str, db: Db, actor: BrandOps, body: Adjustment) -> Envelope[AdjustmentRead]:
    return ok(await service.adjust(db, code, account_id, actor, body.amount, body.reason, body.requestId))


@ops.get("/accounts/{account_id}/journal", operation_id="opsMemberJournal", response_model=Envelope[RecordPageRead])
async def member_journal(code: str, account_id: str, db: Db, actor: BrandOps, page: Paging) -> Envelope[RecordPageRead]:
    return ok(await records.journal(db, code, account_id, page))


@ops.get("/audit", operation_id="opsWalletAudit", response_model=Envelope[list[WalletAuditRead]])
async def audit_log(code: str, db: Db, actor: BrandOps, page: Paging) -> Envelope[list[WalletAuditRead]]:
    return ok(await service.audit_log(db, code, page))
