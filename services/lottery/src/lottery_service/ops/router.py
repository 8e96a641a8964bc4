"""The lottery's ops calls under ``/wps/ops/lottery`` (issues are shared by every brand, so these need the role
for every brand): void an issue before its draw (finance checker), the audit (any ops role)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends

from lottery_service.deps import Db
from lottery_service.ops import service
from lottery_service.ops.schemas import IssueVoiding, LotteryAuditRead, VoidedIssueRead
from portal_kit.envelope import Envelope, ok
from portal_kit.paging import Page, page_params
from portal_kit.sessions import OpsRole, Principal, require_ops_everywhere

ops = APIRouter(prefix="/wps/ops/lottery", tags=["lottery ops"])
Checker = Annotated[Principal, Depends(require_ops_everywhere(OpsRole.FINANCE_CHECKER))]
Viewer = Annotated[Principal, Depends(require_ops_everywhere(OpsRole.VIEWER))]


@ops.post(
    "/games/{gameCode}/issues/{issue}/void",
    operation_id="opsVoidLotteryIssue",
    response_model=Envelope[VoidedIssueRead],
)
async def void_issue(
    gameCode: str, issue: str, body: IssueVoiding, db: Db, actor: Checker
) -> Envelope[VoidedIssueRead]:
    return ok(await service.void_issue(db, gameCode, issue, actor, body.reason))


@ops.get("/audit", operation_id="opsLotteryAudit", response_model=Envelope[list[LotteryAuditRead]])
async def audit_log(
    db: Db, actor: Viewer, page: Annotated[Page, Depends(page_params(default_size=50, max_size=200))]
) -> Envelope[list[LotteryAuditRead]]:
    return ok(await service.audit_log(db, page))
