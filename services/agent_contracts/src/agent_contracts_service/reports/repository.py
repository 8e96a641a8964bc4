"""The reports' queries: a team's hours summed per member and currency over a range of days, joined to the tree's
closure rows (so nobody outside the caller's tree is ever summed) and to the members' names."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import Row, Select, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from agent_contracts_service.figures.models import MemberHour
from agent_contracts_service.team.domain import contains_pattern
from agent_contracts_service.team.models import TeamLink, TeamMember
from portal_kit.repository import Scoped

_links = Scoped(TeamLink)
SUMMED = ("bet_count", "stake", "win", "valid_bet", "deposit", "withdrawal")


def _per_member(
    merchant: str, agent_id: str, start: datetime, end: datetime, search: str | None, losses_only: bool
) -> Select[Any]:
    sums = [func.sum(getattr(MemberHour, name)).label(name) for name in SUMMED]
    query = (
        select(MemberHour.account_id, TeamMember.username, MemberHour.currency, *sums)
        .select_from(TeamLink)
        .join(MemberHour, MemberHour.account_id == TeamLink.descendant_id)
        .join(TeamMember, TeamMember.account_id == TeamLink.descendant_id)
        .where(
            *_links.where(merchant, TeamLink.depth > 0, ancestor_id=agent_id),
            MemberHour.merchant == merchant,
            TeamMember.merchant == merchant,
            MemberHour.hour >= start,
            MemberHour.hour < end,
        )
        .group_by(MemberHour.account_id, TeamMember.username, MemberHour.currency)
    )
    if search:
        query = query.where(TeamMember.username.ilike(contains_pattern(search), escape="\\"))
    if losses_only:
        query = query.having(func.sum(MemberHour.win) < func.sum(MemberHour.stake))
    else:
        query = query.having(func.sum(MemberHour.bet_count) > 0)
    return query


async def member_report(
    session: AsyncSession, merchant: str, agent_id: str, start: datetime, end: datetime, *, search: str | None,
    losses_only: bool, limit: int, offset: int,
) -> tuple[Sequence[Row[Any]], int, Sequence[Row[Any]]]:  # fmt: skip
    """One page of the downlines' figures (betting: those who bet, the largest valid bet first; losses: those who
    lost, the largest loss first), how many rows there are, and their totals per currency."""
    grouped = _per_member(merchant, agent_id, start, end, search, losses_only).subquery()
    order = [(grouped.c.win - grouped.c.stake).asc()] if losses_only else [grouped.c.valid_bet.desc()]
    page = select(grouped).order_by(*order, grouped.c.account_id, grouped.c.currency).limit(limit).offset(offset)
    totals = (
        select(
            grouped.c.currency,
            func.count().filter(grouped.c.bet_count > 0).label("active"),
            *[func.coalesce(func.sum(grouped.c[name]), 0).label(name) for name in SUMMED],
        )
        .group_by(grouped.c.currency)
        .order_by(grouped.c.currency)
    )
    count = select(func.count()).select_from(grouped)
    rows = (await session.execute(page)).all()
    return rows, int(await session.scalar(count) or 0), (await session.execute(totals)).all()
