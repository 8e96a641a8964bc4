"""The brand's deposits and withdrawals by day for the ops dashboards."""

from __future__ import annotations

from datetime import date

from portal_kit.daily import Days
from portal_kit.db import Database
from wallet_service.dashboard import repository
from wallet_service.dashboard.models import MoneyDay
from wallet_service.dashboard.schemas import MoneyDayRead


def _read(day: date, currency: str, row: MoneyDay | None) -> MoneyDayRead:
    if row is None:
        return MoneyDayRead(
            day=day.isoformat(), currency=currency, deposits=0, depositAmount=0, withdrawals=0, withdrawalAmount=0
        )
    return MoneyDayRead(
        day=day.isoformat(), currency=currency, deposits=row.deposits, depositAmount=row.deposited,
        withdrawals=row.withdrawals, withdrawalAmount=row.withdrawn,
    )  # fmt: skip


async def money(db: Database, merchant: str, days: Days) -> list[MoneyDayRead]:
    """Every day of the range in each currency the brand moved money in during the range (none: an empty list)."""
    async with db.reader() as session:
        rows = {(row.day, row.currency): row for row in await repository.days(session, merchant, days)}
    currencies = sorted({currency for _, currency in rows})
    return [_read(day, currency, rows.get((day, currency))) for day in days.each() for currency in currencies]
