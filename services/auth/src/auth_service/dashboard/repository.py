"""Reads of the accounts opened per day."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from auth_service.dashboard.models import RegistrationDay
from portal_kit.daily import Days


async def days(session: AsyncSession, merchant: str, days: Days) -> list[RegistrationDay]:
    query = select(RegistrationDay).where(
        RegistrationDay.merchant == merchant, RegistrationDay.day.between(days.first, days.last)
    )
    return list((await session.scalars(query)).all())
