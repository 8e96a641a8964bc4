"""The brand's registrations by day for the ops dashboards."""

from __future__ import annotations

from auth_service.context import AuthContext
from auth_service.dashboard import repository
from auth_service.dashboard.domain import AccountKind
from auth_service.dashboard.schemas import RegistrationDayRead
from portal_kit.daily import Days


async def registrations(ctx: AuthContext, merchant: str, days: Days) -> list[RegistrationDayRead]:
    async with ctx.db.reader() as session:
        rows = await repository.days(session, merchant, days)
    counted = {(row.day, row.kind): row.accounts for row in rows}
    return [
        RegistrationDayRead(
            day=day.isoformat(),
            members=counted.get((day, AccountKind.MEMBER), 0),
            agents=counted.get((day, AccountKind.AGENT), 0),
            trials=counted.get((day, AccountKind.TRIAL), 0),
        )
        for day in days.each()
    ]
