"""The agent centre's reports: team overview, team betting, user loss (the caller's own tree only)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated

from fastapi import APIRouter, Depends, Query

from agent_contracts_service.deps import Agent, Db
from agent_contracts_service.reports import service
from agent_contracts_service.reports.domain import day_range
from agent_contracts_service.reports.schemas import TeamOverviewRead, TeamReportRead
from portal_kit.envelope import Envelope, ok
from portal_kit.paging import Page, page_params

router = APIRouter(tags=["agent team"])
Paging = Annotated[Page, Depends(page_params(default_size=20, max_size=100))]
Day = Annotated[str | None, Query(max_length=10, description="yyyy-MM-dd (UTC); today by default")]
Search = Annotated[str | None, Query(max_length=64, description="Part of the username")]


@router.get(
    "/wps/agent-contracts/team/overview", operation_id="agentTeamOverview", response_model=Envelope[TeamOverviewRead]
)
async def team_overview(db: Db, agent: Agent) -> Envelope[TeamOverviewRead]:
    """The team's size (every depth, direct, agents, members, new today and this month) and its figures today and
    this month, per currency."""
    return ok(await service.overview(db, agent.merchant, str(agent.account_id), datetime.now(UTC)))


@router.get(
    "/wps/agent-contracts/team/betting", operation_id="agentTeamBetting", response_model=Envelope[TeamReportRead]
)
async def team_betting(
    db: Db,
    agent: Agent,
    page: Paging,
    first: Annotated[str | None, Query(alias="from", max_length=10, description="yyyy-MM-dd (UTC)")] = None,
    last: Annotated[str | None, Query(alias="to", max_length=10, description="yyyy-MM-dd (UTC), included")] = None,
    search: Search = None,
) -> Envelope[TeamReportRead]:
    """Team betting: each downline who bet from ``from`` to ``to`` (at most 92 days), the largest valid bet first,
    and the totals of them all."""
    return ok(await _report(db, agent, page, first, last, search, losses_only=False))


@router.get("/wps/agent-contracts/team/losses", operation_id="agentTeamLosses", response_model=Envelope[TeamReportRead])
async def team_losses(
    db: Db,
    agent: Agent,
    page: Paging,
    first: Annotated[str | None, Query(alias="from", max_length=10, description="yyyy-MM-dd (UTC)")] = None,
    last: Annotated[str | None, Query(alias="to", max_length=10, description="yyyy-MM-dd (UTC), included")] = None,
    search: Search = None,
) -> Envelope[TeamReportRead]:
    """User loss: each downline whose win was below its stake from ``from`` to ``to``, the largest loss first,
    and the totals of them all."""
    return ok(await _report(db, agent, page, first, last, search, losses_only=True))


async def _report(
    db: Db, agent: Agent, page: Page, first: str | None, last: str | None, search: str | None, *, losses_only: bool
) -> TeamReportRead:
    start, end = day_range(first, last, datetime.now(UTC).date())
    return await service.member_report(
        db, agent.merchant, str(agent.account_id), start, end, page, search=(search or "").strip() or None,
        losses_only=losses_only,
    )  # fmt: skip
