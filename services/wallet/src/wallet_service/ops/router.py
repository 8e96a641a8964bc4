"""Ops calls on a member's money: balance adjustments with a reason (made by a finance maker; above the
dual-control amount approved by a checker who is someone else), any member's balances and journal, the audit."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, Depends, Query

from portal_kit.audit import AuditQuery
from portal_kit.dates import day_range
from portal_kit.envelope import Envelope, PageRead, ok
from portal_kit.paging import Page, page_params
from portal_kit.sessions import OpsChecker, OpsFinanceReader, OpsMaker, OpsViewer
from wallet_service.deps import Db
from wallet_service.ledger.domain import MoneyError
from wallet_service.ops import service
from wallet_service.ops.domain import AdjustmentRequestOrder
from wallet_service.ops.schemas import Adjustment, AdjustmentRead, AdjustmentRequestRead
from wallet_service.oversight import service as oversight
from wallet_service.oversight.schemas import Decision, WalletAuditRead
from wallet_service.records import service as records
from wallet_service.records.domain import JournalOrder, MovementType, lines_for
from wallet_service.records.schemas import MemberBalancesRead, RecordRead

ops = APIRouter(prefix="/wps/ops/wallet/merchants/{code}", tags=["wallet ops"])
Paging = Annotated[Page, Depends(page_params(default_size=50, max_size=200))]


@ops.post(
    "/accounts/{account_id}/adjustments", operation_id="opsAdjustBalance", response_model=Envelope[AdjustmentRead]
)
async def adjust(code: str, account_id: str, db: Db, actor: OpsMaker, body: Adjustment) -> Envelope[AdjustmentRead]:
    return ok(await service.adjust(db, code, account_id, actor, body.amount, body.reason, body.requestId))


@ops.get("/adjustments", operation_id="opsAdjustmentRequests", response_model=Envelope[PageRead[AdjustmentRequestRead]])
async def adjustment_requests(
    code: str,
    db: Db,
    actor: OpsViewer,
    page: Paging,
    status: Literal["pending", "approved", "rejected"] | None = Query(None),
    accountId: Annotated[str | None, Query(min_length=1, max_length=64, description="The member's account")] = None,
    requestedBy: Annotated[str | None, Query(min_length=1, max_length=64, description="The maker's name")] = None,
    sort: Annotated[AdjustmentRequestOrder, Query()] = AdjustmentRequestOrder.NEWEST,
) -> Envelope[PageRead[AdjustmentRequestRead]]:
    """The brand's adjustment requests, filtered and in order (the newest first)."""
    found = await service.adjustment_requests(
        db, code, page, status=status, account_id=accountId, requested_by=requestedBy, order=sort
    )
    return ok(found)


@ops.post(
    "/adjustments/{adjustment_id}/{action}",
    operation_id="opsDecideAdjustment",
    response_model=Envelope[AdjustmentRequestRead],
)
async def decide_adjustment(
    code: str,
    adjustment_id: str,
    action: Literal["approve", "reject"],
    db: Db,
    actor: OpsChecker,
    body: Decision | None = None,
) -> Envelope[AdjustmentRequestRead]:
    """A checker other than its maker approves (the money moves) or rejects (reason required) a request."""
    reason = body.reason if body else None
    if action == "reject" and not reason:
        raise MoneyError("reason.required")
    return ok(await service.decide_adjustment(db, code, adjustment_id, actor, action == "approve", reason))


@ops.get(
    "/accounts/{account_id}/journal", operation_id="opsMemberJournal", response_model=Envelope[PageRead[RecordRead]]
)
async def member_journal(
    code: str, account_id: str, db: Db, actor: OpsViewer, page: Paging,
    type: Annotated[MovementType | None, Query(description="The movement type (the member's record types)")] = None,
    startDate: Annotated[str | None, Query(max_length=10, description="yyyy-MM-dd (UTC), included")] = None,
    endDate: Annotated[str | None, Query(max_length=10, description="yyyy-MM-dd (UTC), included")] = None,
    sort: Annotated[JournalOrder, Query()] = JournalOrder.NEWEST,
) -> Envelope[PageRead[RecordRead]]:  # fmt: skip
    """A member's journal lines, paged, filtered by movement type and UTC days (``date.invalid``,
    ``date_range.invalid``: 400) and newest or oldest first."""
    start, end = day_range(startDate, endDate)
    return ok(await records.journal(db, code, account_id, page, lines_for(type), start, end, sort))


@ops.get(
    "/accounts/{account_id}/balances", operation_id="opsMemberBalances", response_model=Envelope[MemberBalancesRead]
)
async def member_balances(code: str, account_id: str, db: Db, actor: OpsFinanceReader) -> Envelope[MemberBalancesRead]:
    """A member's wallets, held (frozen) funds and what waits: viewer, finance and admin of the brand, not a content
    editor (a member's money is personal data)."""
    return ok(await records.member_balances(db, code, account_id))


@ops.get("/audit", operation_id="opsWalletAudit", response_model=Envelope[PageRead[WalletAuditRead]])
async def audit_log(
    code: str, db: Db, actor: OpsViewer, page: Paging, filters: AuditQuery
) -> Envelope[PageRead[WalletAuditRead]]:
    """A page of the brand's money audit, by actor, action and UTC days, newest (or oldest) first."""
    return ok(await oversight.audit_log(db, code, page, filters))
