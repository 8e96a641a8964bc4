"""An agent's team figures over a period."""

from __future__ import annotations

from datetime import UTC, datetime, time
from typing import Annotated

from fastapi import APIRouter, Depends, Query

from agent_contracts_service.deps import Agent, Db
from agent_contracts_service.figures import service
from agent_contracts_service.figures.domain import Period
from agent_contracts_service.figures.schemas import TeamFiguresRead, TeamHoursRead
from portal_kit.envelope import Envelope, ok
from portal_kit.errors import DomainError
from portal_kit.paging import Page, page_params

router = APIRouter(tags=["agent team"])
Paging = Annotated[Page, Depends(page_params(default_size=50, max_size=200))]


@router.get(
    "/wps/agent-contracts/team/figures", operation_id="agentTeamFigures", response_model=Envelope[TeamFiguresRead]
)
async def team_figures(
    db: Db,
    agent: Agent,
    page: Paging,
    period: Annotated[Period, Query(description="D daily, W weekly, H semi-monthly, M monthly")] = Period.DAY,
    day: Annotated[
        str | None, Query(alias="date", max_length=10, description="yyyy-MM-dd (UTC); today by default")
    ] = None,
) -> Envelope[TeamFiguresRead]:
    """The caller's downlines (every depth): active members, bets, valid bet, profit and loss, deposits and
    withdrawals per currency, and the same per member (paged, the largest valid bet first)."""
    at = _day(day)
    figures = await service.team_figures(
        db, agent.merchant, str(agent.account_id), period, at, limit=page.size, offset=page.offset
    )
    return ok(figures)


@router.get(
    "/wps/agent-contracts/team/figures/hourly",
    operation_id="agentTeamHourlyFigures",
    response_model=Envelope[TeamHoursRead],
)
async def team_hourly_figures(
    db: Db,
    agent: Agent,
    day: Annotated[
        str | None, Query(alias="date", max_length=10, description="yyyy-MM-dd (UTC); today by default")
    ] = None,
) -> Envelope[TeamHoursRead]:
    """The caller's downlines (every depth), hour by hour over one day: the team's hourly volume."""
    return ok(await service.team_hours(db, agent.merchant, str(agent.account_id), _day(day)))


# Figures exist from the portal's first bet; a period's end past these years would overflow the calendar.
FIRST_YEAR, LAST_YEAR = 2000, 2999


def _day(day: str | None) -> datetime:
    if day is None:
        return datetime.now(UTC)
    try:
        parsed = datetime.strptime(day, "%Y-%m-%d").date()
    except ValueError:
        raise DomainError("validation.failed", field="date", reason="yyyy-MM-dd") from None
    if len(day) != 10 or not FIRST_YEAR <= parsed.year <= LAST_YEAR:
        raise DomainError("validation.failed", field="date", reason="yyyy-MM-dd")
    return datetime.combine(parsed, time(), tzinfo=UTC)
