"""The four contract calls of spec §7 at their relay paths (each: read, offer, sign, terminate, refuse), the
caller's contracts and their history. Agents only."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Query

from agent_contracts_service.contracts import service
from agent_contracts_service.contracts.domain import Kind
from agent_contracts_service.contracts.schemas import (
    ContractCall,
    ContractsRead,
    ContractStateRead,
    DividendCall,
    HistoryRead,
    RealTimeCall,
    WageCall,
)
from agent_contracts_service.deps import Agent, Db
from portal_kit.envelope import Envelope, PageRead, ok
from portal_kit.paging import Page, page_params

router = APIRouter(tags=["agent contracts"])
Paging = Annotated[Page, Depends(page_params(default_size=20, max_size=100))]
STATE = Envelope[ContractStateRead]


async def _read(db: Db, agent: Agent, kind: Kind, downline_id: str | None) -> STATE:
    call = ContractCall(action="read", downlineId=downline_id)
    return ok(await service.act(db, agent.merchant, str(agent.account_id), kind, call, None))


DOWNLINE = Query(None, alias="downlineId", min_length=1, max_length=64, description="A direct downline's contract")


@router.get("/wps/relay/MCS2_processDividendReq", operation_id="dividendContract", response_model=STATE)
async def dividend_contract(db: Db, agent: Agent, downline: str | None = DOWNLINE) -> STATE:
    return await _read(db, agent, Kind.DIVIDEND, downline)


@router.post("/wps/relay/MCS2_processDividendReq", operation_id="dividendContractAction", response_model=STATE)
async def dividend_action(body: DividendCall, db: Db, agent: Agent) -> STATE:
    """Dividend (bonus share by period D, W, H, M, tiered by the team's loss and active members)."""
    return ok(await service.act(db, agent.merchant, str(agent.account_id), Kind.DIVIDEND, body, body.terms))


@router.get("/wps/relay/MCS2_processDailySalContract", operation_id="dailyWageContract", response_model=STATE)
async def daily_wage_contract(db: Db, agent: Agent, downline: str | None = DOWNLINE) -> STATE:
    return await _read(db, agent, Kind.DAILY_WAGE, downline)


@router.post("/wps/relay/MCS2_processDailySalContract", operation_id="dailyWageContractAction", response_model=STATE)
async def daily_wage_action(body: WageCall, db: Db, agent: Agent) -> STATE:
    """Daily wage (tiered by the team's daily valid bet and active members), paid the next day."""
    return ok(await service.act(db, agent.merchant, str(agent.account_id), Kind.DAILY_WAGE, body, body.terms))


@router.get("/wps/relay/MCS2_processContractHourSalary", operation_id="hourlySalaryContract", response_model=STATE)
async def hourly_salary_contract(db: Db, agent: Agent, downline: str | None = DOWNLINE) -> STATE:
    return await _read(db, agent, Kind.HOURLY_SALARY, downline)


@router.post(
    "/wps/relay/MCS2_processContractHourSalary", operation_id="hourlySalaryContractAction", response_model=STATE
)
async def hourly_salary_action(body: WageCall, db: Db, agent: Agent) -> STATE:
    """Hourly salary (tiered by the team's hourly valid bet and active members), paid the next day."""
    return ok(await service.act(db, agent.merchant, str(agent.account_id), Kind.HOURLY_SALARY, body, body.terms))


@router.get(
    "/wps/relay/MCSFE_processRealTimeSalaryContract", operation_id="realTimeSalaryContract", response_model=STATE
)
async def real_time_salary_contract(db: Db, agent: Agent, downline: str | None = DOWNLINE) -> STATE:
    return await _read(db, agent, Kind.REALTIME_SALARY, downline)


@router.post(
    "/wps/relay/MCSFE_processRealTimeSalaryContract", operation_id="realTimeSalaryContractAction",
    response_model=STATE,
)  # fmt: skip
async def real_time_salary_action(body: RealTimeCall, db: Db, agent: Agent) -> STATE:
    """Real-time salary (win rate, loss rate, per-period bet amount), settled every 5 minutes."""
    return ok(await service.act(db, agent.merchant, str(agent.account_id), Kind.REALTIME_SALARY, body, body.terms))


@router.get("/wps/agent-contracts/contracts", operation_id="agentContracts", response_model=Envelope[ContractsRead])
async def agent_contracts(db: Db, agent: Agent) -> Envelope[ContractsRead]:
    """The caller's active contracts, its direct downlines', and the offers waiting on either side."""
    return ok(await service.contracts_of(db, agent.merchant, str(agent.account_id)))


@router.get(
    "/wps/agent-contracts/history", operation_id="agentContractHistory", response_model=Envelope[PageRead[HistoryRead]]
)
async def contract_history(
    db: Db, agent: Agent, page: Paging, kind: Annotated[Kind | None, Query()] = None
) -> Envelope[PageRead[HistoryRead]]:
    """Every step of the contracts the caller is a party to (holder or upline), newest first."""
    return ok(await service.history_of(db, agent.merchant, str(agent.account_id), kind, page))
