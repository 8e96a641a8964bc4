"""Reads of the money per day."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from portal_kit.daily import Days
from wallet_service.dashboard.models import MoneyDay


async def days(session: AsyncSession, merchant: str, days: Days) -> list[MoneyDay]:
    query = select(MoneyDay).where(MoneyDay.merchant == merchant, MoneyDay.day.between(days.first, days.last))
    return list((await session.scalars(query)).all())
