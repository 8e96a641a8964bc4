"""Reads of the play per day."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from games_service.dashboard.models import PlayDay
from portal_kit.daily import Days


async def days(session: AsyncSession, merchant: str, days: Days) -> list[PlayDay]:
    query = (
        select(PlayDay)
        .where(PlayDay.merchant == merchant, PlayDay.day.between(days.first, days.last))
        .order_by(PlayDay.day, PlayDay.vendor, PlayDay.game_type, PlayDay.currency)
    )
    return list((await session.scalars(query)).all())
