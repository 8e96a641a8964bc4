"""Team figures as the calls answer them (integer minor units)."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, Field


class FiguresRead(BaseModel):
    """One currency's figures: ``profitLoss`` is the members' win minus their stake (negative: the team lost)."""

    currency: str
    activeMembers: int = Field(description="Members who had a bet settled in the period")
    betCount: int
    stake: int
    win: int
    validBet: int
    profitLoss: int
    deposit: int
    withdrawal: int


class MemberFiguresRead(FiguresRead):
    accountId: str


class TeamFiguresRead(BaseModel):
    """An agent's team (its downlines at every depth) over one period [start, end)."""

    period: str
    start: datetime
    end: datetime
    totals: list[FiguresRead]
    members: list[MemberFiguresRead]


class HourFiguresRead(FiguresRead):
    hour: datetime = Field(description="The hour's start (UTC)")


class TeamHoursRead(BaseModel):
    """An agent's team, hour by hour over one day (UTC): the hours with any figure."""

    start: datetime
    end: datetime
    hours: list[HourFiguresRead]
