"""The agent-centre reports as the calls answer them (integer minor units)."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel

from agent_contracts_service.figures.schemas import FiguresRead
from agent_contracts_service.team.schemas import TeamCountsRead
from portal_kit.envelope import PageRead


class MemberReportRead(BaseModel):
    """One downline's figures in one currency over the report's days; ``profitLoss`` is its win minus its stake."""

    accountId: str
    username: str | None
    currency: str
    betCount: int
    stake: int
    win: int
    validBet: int
    profitLoss: int
    deposit: int
    withdrawal: int


class TeamReportRead(BaseModel):
    """Team betting or user loss over [start, end): the totals of the members listed (every page), per currency,
    and one page of them."""

    start: datetime
    end: datetime
    totals: list[FiguresRead]
    members: PageRead[MemberReportRead]


class TeamOverviewRead(BaseModel):
    """The agent centre's first screen: the team's size and its figures today and this month (UTC)."""

    counts: TeamCountsRead
    today: list[FiguresRead]
    month: list[FiguresRead]
