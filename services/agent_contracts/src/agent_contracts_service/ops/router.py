"""Ops calls of a brand's agent contracts: move a member under another upline (admin), grant a top agent's contract
(admin), read the audit (any ops role), read the brand's agents, one agent and its settlement lines (finance readers:
viewer, finance, admin; not a content editor)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Path, Query, Request

from agent_contracts_service.contracts.domain import Kind
from agent_contracts_service.contracts.schemas import DividendGrant, RealTimeGrant, WageGrant
from agent_contracts_service.deps import Db
from agent_contracts_service.ops import service
from agent_contracts_service.ops.domain import AgentOrder, AgentType, ContractFilter
from agent_contracts_service.ops.schemas import AgentContractsAuditRead, GrantedRead, OpsAgentDetailRead, OpsAgentRead
from agent_contracts_service.settlement.domain import LineOrder, LineStatus
from agent_contracts_service.settlement.schemas import IncomeLineRead
from agent_contracts_service.team.schemas import MovedRead, UplineMove
from portal_kit.audit import AuditQuery
from portal_kit.client import address_of
from portal_kit.envelope import Envelope, PageRead, ok
from portal_kit.paging import Page, page_params
from portal_kit.sessions import OpsAdmin, OpsFinanceReader, OpsViewer

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
    code: str,
    db: Db,
    actor: OpsViewer,
    page: Annotated[Page, Depends(page_params(default_size=50, max_size=200))],
    filters: AuditQuery,
) -> Envelope[PageRead[AgentContractsAuditRead]]:
    """The brand's ops changes of agent contracts, by actor, action and UTC days, newest (or oldest) first."""
    return ok(await service.audit_log(db, code, page, filters))


AgentsPage = Annotated[Page, Depends(page_params(default_size=20, max_size=100))]
LinesPage = Annotated[Page, Depends(page_params(default_size=20, max_size=100))]
AccountId = Annotated[str, Path(min_length=1, max_length=64)]


@ops.get("/agents", operation_id="opsAgents", response_model=Envelope[PageRead[OpsAgentRead]])
async def agents(
    code: str,
    db: Db,
    actor: OpsFinanceReader,
    page: AgentsPage,
    search: Annotated[
        str | None, Query(min_length=1, max_length=64, description="The start of the username (any case) or an id")
    ] = None,
    agentType: Annotated[AgentType | None, Query()] = None,
    contract: Annotated[
        Kind | ContractFilter | None, Query(description="Holds an active contract of that kind, ANY kind, or NONE")
    ] = None,
    top: Annotated[bool | None, Query(description="Top agents only (true: no upline) or only those with one")] = None,
    sort: Annotated[AgentOrder, Query()] = AgentOrder.REGISTERED,
) -> Envelope[PageRead[OpsAgentRead]]:
    """The brand's agents (account types 1, 2, 41, 42), filtered and in order, each with its active contracts."""
    found = await service.agents(
        db, code, page, search=search, account_type=int(agentType) if agentType else None,
        contract=contract.value if contract else None, top=top, order=sort,
    )  # fmt: skip
    return ok(found)


@ops.get("/agents/{accountId}", operation_id="opsAgent", response_model=Envelope[OpsAgentDetailRead])
async def agent(
    code: str, accountId: AccountId, db: Db, actor: OpsFinanceReader, request: Request
) -> Envelope[OpsAgentDetailRead]:
    """One account of the brand's tree: its uplines, team size, contracts (with who granted them) and the requests
    waiting for its answer (``team.member_not_found``, 404, for an unknown one or another brand's); each reading is
    audited (``agent.read``)."""
    return ok(await service.agent(db, code, accountId, actor, address_of(request)))


@ops.get(
    "/agents/{accountId}/settlements",
    operation_id="opsAgentSettlements",
    response_model=Envelope[PageRead[IncomeLineRead]],
)
async def agent_settlements(
    code: str, accountId: AccountId, db: Db, actor: OpsFinanceReader, page: LinesPage,
    kind: Annotated[Kind | None, Query()] = None,
    status: Annotated[LineStatus | None, Query(description="PENDING, PAID or REFUSED")] = None,
    sort: Annotated[LineOrder, Query()] = LineOrder.NEWEST,
) -> Envelope[PageRead[IncomeLineRead]]:  # fmt: skip
    """The agent's settlement lines (what each period of its contracts paid, and their state), of a kind and a state,
    newest (or oldest) first."""
    return ok(await service.settlements(db, code, accountId, kind, page, status=status, order=sort))
