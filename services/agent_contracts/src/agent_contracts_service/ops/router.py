"""Ops calls of a brand's agent contracts: move a member under another upline (admin), grant a top agent's contract
(admin), read the audit (any ops role)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Request

from agent_contracts_service.contracts.domain import Kind
from agent_contracts_service.contracts.schemas import DividendGrant, RealTimeGrant, WageGrant
from agent_contracts_service.deps import Db
from agent_contracts_service.ops import service
from agent_contracts_service.ops.schemas import AgentContractsAuditRead, GrantedRead
from agent_contracts_service.team.schemas import MovedRead, UplineMove
from portal_kit.client import address_of
from portal_kit.envelope import Envelope, PageRead, ok
from portal_kit.paging import Page, page_params
from portal_kit.sessions import OpsAdmin, OpsViewer

OPS = "/wps/ops/agent-contracts/merchants/{code}"
AnyGrant = DividendGrant | WageGrant | RealTimeGrant
ops = APIRouter(prefix=OPS, tags=["agent contracts ops"])


@ops.post("/members/{accountId}/upline", operation_id="opsMoveTeamMember", response_model=Envelope[MovedRead])
async def move_member(
    code: str,
    accountId: str,
    body: UplineMove,
    db: Db,
    actor: OpsAdmin,
    request: Request,
) -> Envelope[MovedRead]:
    """Move the member and its whole subtree under ``uplineId`` (refused when that is the member or below it)."""
    return ok(await service.move(db, code, actor, accountId, body.uplineId, body.reason, address_of(request)))


async def _grant(
    db: Db, code: str, actor: OpsAdmin, request: Request, account_id: str, kind: Kind, grant: AnyGrant
) -> Envelope[GrantedRead]:
    granted = await service.grant(db, code, actor, account_id, kind, grant.terms, grant.reason, address_of(request))
    return ok(granted)


GRANT = "/members/{accountId}/contracts"


@ops.put(f"{GRANT}/dividend", operation_id="opsGrantDividend", response_model=Envelope[GrantedRead])
async def grant_dividend(
    code: str,
    accountId: str,
    body: DividendGrant,
    db: Db,
    actor: OpsAdmin,
    request: Request,
) -> Envelope[GrantedRead]:
    """A top agent's dividend contract, agreed at once; never above a contract of one of its uplines."""
    return await _grant(db, code, actor, request, accountId, Kind.DIVIDEND, body)


@ops.put(f"{GRANT}/daily-wage", operation_id="opsGrantDailyWage", response_model=Envelope[GrantedRead])
async def grant_daily_wage(
    code: str,
    accountId: str,
    body: WageGrant,
    db: Db,
    actor: OpsAdmin,
    request: Request,
) -> Envelope[GrantedRead]:
    return await _grant(db, code, actor, request, accountId, Kind.DAILY_WAGE, body)


@ops.put(f"{GRANT}/hourly-salary", operation_id="opsGrantHourlySalary", response_model=Envelope[GrantedRead])
async def grant_hourly_salary(
    code: str,
    accountId: str,
    body: WageGrant,
    db: Db,
    actor: OpsAdmin,
    request: Request,
) -> Envelope[GrantedRead]:
    return await _grant(db, code, actor, request, accountId, Kind.HOURLY_SALARY, body)


@ops.put(f"{GRANT}/real-time-salary", operation_id="opsGrantRealTimeSalary", response_model=Envelope[GrantedRead])
async def grant_real_time_salary(
    code: str,
    accountId: str,
    body: RealTimeGrant,
    db: Db,
    actor: OpsAdmin,
    request: Request,
) -> Envelope[GrantedRead]:
    return await _grant(db, code, actor, request, accountId, Kind.REALTIME_SALARY, body)


@ops.get("/audit", operation_id="opsAgentContractsAudit", response_model=Envelope[PageRead[AgentContractsAuditRead]])
async def audit_log(
    code: str, db: Db, actor: OpsViewer, page: Annotated[Page, Depends(page_params(default_size=50, max_size=200))]
) -> Envelope[PageRead[AgentContractsAuditRead]]:
    return ok(await service.audit_log(db, code, page))
