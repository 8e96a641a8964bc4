"""The figures' queries: an hour's row grows by each fact (one upsert); a period's and a team's figures are one
aggregate over the hours, joined to the tree's closure rows."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict
from datetime import datetime
from typing import Any

from sqlalchemy import Row, func, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from agent_contracts_service.figures.domain import Fact
from agent_contracts_service.figures.models import MemberHour
from agent_contracts_service.team.models import TeamLink
from portal_kit.repository import Scoped

hours = Scoped(MemberHour)
KEY = ("merchant", "account_id", "hour", "currency")
_links = Scoped(TeamLink)


async def add(session: AsyncSession, merchant: str, account_id: str, hour: datetime, currency: str, fact: Fact) -> None:
    values = asdict(fact)
    statement = insert(MemberHour).values(
        merchant=merchant, account_id=account_id, hour=hour, currency=currency, **values
    )
    grown = {name: getattr(MemberHour, name) + statement.excluded[name] for name in values}
    await session.execute(statement.on_conflict_do_update(index_elements=list(KEY), set_=grown))


def _sums() -> list[Any]:
    return [
        func.count(func.distinct(MemberHour.account_id)).filter(MemberHour.bet_count > 0).label("active"),
        func.coalesce(func.sum(MemberHour.bet_count), 0).label("bet_count"),
        func.coalesce(func.sum(MemberHour.stake), 0).label("stake"),
        func.coalesce(func.sum(MemberHour.win), 0).label("win"),
        func.coalesce(func.sum(MemberHour.valid_bet), 0).label("valid_bet"),
        func.coalesce(func.sum(MemberHour.deposit), 0).label("deposit"),
        func.coalesce(func.sum(MemberHour.withdrawal), 0).label("withdrawal"),
    ]


def _team_hours(merchant: str, agent_id: str, start: datetime, end: datetime, min_depth: int) -> list[Any]:
    return [
        *_links.where(merchant, TeamLink.depth >= min_depth, ancestor_id=agent_id),
        MemberHour.merchant == merchant,
        MemberHour.account_id == TeamLink.descendant_id,
        MemberHour.hour >= start,
        MemberHour.hour < end,
    ]


async def team_totals(
    session: AsyncSession, merchant: str, agent_id: str, start: datetime, end: datetime, *, min_depth: int
) -> Sequence[Row[Any]]:
    """Per currency: active members (who bet), bets, stake, win, valid bet, deposits, withdrawals of the team of
    ``agent_id`` (its downlines at ``min_depth`` and deeper) over [start, end)."""
    query = (
        select(MemberHour.currency, *_sums())
        .select_from(TeamLink)
        .join(MemberHour, MemberHour.account_id == TeamLink.descendant_id)
        .where(*_team_hours(merchant, agent_id, start, end, min_depth))
        .group_by(MemberHour.currency)
        .order_by(MemberHour.currency)
    )
    return (await session.execute(query)).all()


async def team_members(
    session: AsyncSession, merchant: str, agent_id: str, start: datetime, end: datetime, *, min_depth: int,
    limit: int, offset: int,
) -> Sequence[Row[Any]]:  # fmt: skip
    """The same figures per member and currency, the largest valid bet first."""
    query = (
        select(MemberHour.account_id, MemberHour.currency, *_sums())
        .select_from(TeamLink)
        .join(MemberHour, MemberHour.account_id == TeamLink.descendant_id)
        .where(*_team_hours(merchant, agent_id, start, end, min_depth))
        .group_by(MemberHour.account_id, MemberHour.currency)
        .order_by(func.sum(MemberHour.valid_bet).desc(), MemberHour.account_id)
        .limit(limit)
        .offset(offset)
    )
    return (await session.execute(query)).all()


async def team_hours(
    session: AsyncSession, merchant: str, agent_id: str, start: datetime, end: datetime, *, min_depth: int
) -> Sequence[Row[Any]]:
    """The same figures per hour and currency over [start, end), the earliest hour first."""
    query = (
        select(MemberHour.hour, MemberHour.currency, *_sums())
        .select_from(TeamLink)
        .join(MemberHour, MemberHour.account_id == TeamLink.descendant_id)
        .where(*_team_hours(merchant, agent_id, start, end, min_depth))
        .group_by(MemberHour.hour, MemberHour.currency)
        .order_by(MemberHour.hour, MemberHour.currency)
    )
    return (await session.execute(query)).all()


async def member_hours(session: AsyncSession, merchant: str, account_id: str) -> Sequence[MemberHour]:
    query = hours.query(merchant, account_id=account_id).order_by(MemberHour.hour)
    return (await session.scalars(query)).all()
