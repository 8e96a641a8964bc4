"""The agent's income: its settlement lines. Agents only, their own lines only."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Query

from agent_contracts_service.contracts.domain import Kind
from agent_contracts_service.deps import Agent, Db
from agent_contracts_service.settlement import service
from agent_contracts_service.settlement.schemas import IncomeLineRead
from portal_kit.envelope import Envelope, PageRead, ok
from portal_kit.paging import Page, page_params

router = APIRouter(tags=["agent income"])
Paging = Annotated[Page, Depends(page_params(default_size=20, max_size=100))]


@router.get(
    "/wps/agent-contracts/income", operation_id="agentIncome", response_model=Envelope[PageRead[IncomeLineRead]]
)
async def income(
    db: Db, agent: Agent, page: Paging, kind: Annotated[Kind | None, Query()] = None
) -> Envelope[PageRead[IncomeLineRead]]:
    """The caller's settlement lines (real-time salary, daily wage, hourly salary), newest first."""
    return ok(await service.income_of(db, agent.merchant, str(agent.account_id), kind, page))
