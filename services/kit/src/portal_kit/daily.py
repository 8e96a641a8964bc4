"""Daily totals a service keeps for the ops dashboards: counters per brand and UTC day (and whatever else a
service's table keys them by), grown by the consumer of the service's own events, once per event, so a dashboard
reads a few rows a day instead of scanning the journal on every view.

A service declares its table (``merchant`` and ``day`` among the primary key columns, integer counters), grows it
with ``add_to_day`` in the consumer's transaction (the inbox claim makes a redelivered event count once), and
answers its ops call for the days of ``DayRange`` (``startDate``/``endDate``, both included; the last 30 days when
not given)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Annotated, Any

from fastapi import Depends, Query
from sqlalchemy import Table
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from portal_kit.dates import parse_day
from portal_kit.db import Base
from portal_kit.errors import DomainError

DEFAULT_DAYS = 30
MAX_DAYS = 366


def day_of(at: datetime) -> date:
    """The UTC day of ``at`` (the dashboards count UTC days)."""
    return at.astimezone(UTC).date()


@dataclass(frozen=True)
class Days:
    first: date
    last: date

    def each(self) -> list[date]:
        return [self.first + timedelta(days=n) for n in range((self.last - self.first).days + 1)]


def days_between(start: str | None, end: str | None, today: date) -> Days:
    """The days from ``start`` to ``end`` (``yyyy-MM-dd``, both included): by default the 30 days up to
    ``today``, or the 30 days from ``start`` or up to ``end``. ``date.invalid`` for a day that is not one,
    ``date_range.invalid`` when the end comes before the start or the range spans more than 366 days (400)."""

    first, last = parse_day(start), parse_day(end)
    span = timedelta(days=DEFAULT_DAYS - 1)
    if first is None and last is None:
        last = today
    if first is None:
        assert last is not None
        first = last - span
    if last is None:
        last = first + span
    if last < first or (last - first).days >= MAX_DAYS:
        raise DomainError("date_range.invalid")
    return Days(first, last)


def day_range(
    startDate: Annotated[str | None, Query(max_length=10, description="yyyy-MM-dd, included")] = None,
    endDate: Annotated[str | None, Query(max_length=10, description="yyyy-MM-dd, included")] = None,
) -> Days:
    return days_between(startDate, endDate, datetime.now(UTC).date())


DayRange = Annotated[Days, Depends(day_range)]


async def add_to_day(
    session: AsyncSession, model: type[Base], key: Mapping[str, Any], amounts: Mapping[str, int]
) -> None:
    """Add ``amounts`` to the counters of the row of ``key`` (all its primary key columns), creating it at
    ``amounts``: one statement, so concurrent consumers add up instead of overwriting each other."""
    table = model.__table__
    assert isinstance(table, Table)
    statement = insert(table).values({**key, **amounts})
    statement = statement.on_conflict_do_update(
        index_elements=list(key),
        set_={name: table.c[name] + statement.excluded[name] for name in amounts},
    )
    await session.execute(statement)
