"""The date range of the record lists: ``startDate`` / ``endDate`` as ``yyyy-MM-dd`` days, both included."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta

from portal_kit.errors import DomainError

MAX_RANGE_DAYS = 366


def utc_days(first: date | None, last: date | None) -> tuple[datetime | None, datetime | None]:
    """The ``from`` / ``to`` days of a list's query (both included) read in UTC as ``[first, last + 1 day)``;
    ``validation.failed`` (400) when ``to`` comes before ``from``."""
    if first is not None and last is not None and last < first:
        raise DomainError("validation.failed", field="to", reason="not before from")
    return (
        datetime.combine(first, time.min, UTC) if first else None,
        datetime.combine(last + timedelta(days=1), time.min, UTC) if last else None,
    )


def parse_day(value: str | None) -> date | None:
    """A ``yyyy-MM-dd`` day, ``None`` when not given; ``date.invalid`` (400) when it is not one."""
    if not value:
        return None
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise DomainError("date.invalid", value=value) from None


def day_range(start: str | None, end: str | None) -> tuple[datetime | None, datetime | None]:
    """The days read in UTC as ``[start, end + 1 day)``; the end must not come before the start, and the range
    spans at most a year. Refused with ``date.invalid`` or ``date_range.invalid`` (400)."""

    first, last = parse_day(start), parse_day(end)
    if first and last and (last < first or (last - first).days > MAX_RANGE_DAYS):
        raise DomainError("date_range.invalid")
    return (
        datetime.combine(first, time.min, UTC) if first else None,
        datetime.combine(last + timedelta(days=1), time.min, UTC) if last else None,
    )
