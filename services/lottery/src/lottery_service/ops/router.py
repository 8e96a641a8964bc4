"""The lottery's ops calls under ``/wps/ops/lottery``. Issues are shared by every brand, so each call needs its
role for every brand: a finance maker proposes to void an issue, a finance checker who is someone else approves or
rejects the proposal, any ops role reads the proposals and the audit. Everyone else is refused (401 without a
session, 403 ``ops.role_required``, ``ops.same_person`` or ``access.denied``)."""

from __future__ import annotations

import uuid
from typing import Annotated, Literal

from fastapi import APIRouter, Depends, Query

from lottery_service.deps import Db
from lottery_service.ops import service
from lottery_service.ops.domain import VoidRequestOrder
from lottery_service.ops.schemas import IssueVoiding, LotteryAuditRead, VoidRequestRead
from portal_kit.audit import AuditQuery
from portal_kit.envelope import Envelope, PageRead, ok
from portal_kit.paging import Page, page_params
from portal_kit.sessions import OpsRole, Principal, require_ops_everywhere

ops = APIRouter(prefix="/wps/ops/lottery", tags=["lottery ops"])
Maker = Annotated[Principal, Depends(require_ops_everywhere(OpsRole.FINANCE_MAKER))]
Checker = Annotated[Principal, Depends(require_ops_everywhere(OpsRole.FINANCE_CHECKER))]
Viewer = Annotated[Principal, Depends(require_ops_everywhere(OpsRole.VIEWER))]
Paging = Annotated[Page, Depends(page_params(default_size=50, max_size=200))]


@ops.post(
    "/games/{gameCode}/issues/{issue}/void",
    operation_id="opsProposeLotteryVoid",
    response_model=Envelope[VoidRequestRead],
)
async def propose_void(
    gameCode: str, issue: str, body: IssueVoiding, db: Db, actor: Maker
) -> Envelope[VoidRequestRead]:
    """Propose to void an issue that still takes bets (before its close); a second person must approve it."""
    return ok(await service.propose_void(db, gameCode.upper(), issue, actor, body.reason))


@ops.get("/void-requests", operation_id="opsLotteryVoidRequests", response_model=Envelope[PageRead[VoidRequestRead]])
async def void_requests(
    db: Db,
    actor: Viewer,
    page: Paging,
    status: Annotated[Literal["pending", "approved", "rejected", "lapsed"] | None, Query()] = None,
    gameCode: Annotated[str | None, Query(min_length=1, max_length=32, description="The game (any case)")] = None,
    requestedBy: Annotated[str | None, Query(min_length=1, max_length=64, description="The proposer's name")] = None,
    sort: Annotated[VoidRequestOrder, Query()] = VoidRequestOrder.NEWEST,
) -> Envelope[PageRead[VoidRequestRead]]:
    """The proposals, filtered and in order (the newest first)."""
    found = await service.void_requests(
        db, page, status=status, game_code=gameCode.upper() if gameCode else None, requested_by=requestedBy,
        order=sort,
    )  # fmt: skip
    return ok(found)


@ops.post(
    "/void-requests/{requestId}/approve", operation_id="opsApproveLotteryVoid", response_model=Envelope[VoidRequestRead]
)
async def approve_void(requestId: uuid.UUID, db: Db, actor: Checker) -> Envelope[VoidRequestRead]:
    """Void the issue (if it still takes bets); its proposer may not approve it."""
    return ok(await service.approve_void(db, requestId, actor))


@ops.post(
    "/void-requests/{requestId}/reject", operation_id="opsRejectLotteryVoid", response_model=Envelope[VoidRequestRead]
)
async def reject_void(requestId: uuid.UUID, body: IssueVoiding, db: Db, actor: Checker) -> Envelope[VoidRequestRead]:
    return ok(await service.reject_void(db, requestId, actor, body.reason))


@ops.get("/audit", operation_id="opsLotteryAudit", response_model=Envelope[PageRead[LotteryAuditRead]])
async def audit_log(db: Db, actor: Viewer, page: Paging, filters: AuditQuery) -> Envelope[PageRead[LotteryAuditRead]]:
    """A page of the lottery's one audit (shared by every brand), by actor, action and UTC days."""
    return ok(await service.audit_log(db, page, filters))
