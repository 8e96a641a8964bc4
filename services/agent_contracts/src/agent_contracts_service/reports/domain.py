"""The agent-centre reports' pure rules: the days a report covers."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta

from portal_kit.errors import DomainError

# A report covers at most this many days (a quarter), so one call never sums a brand's whole history.
MAX_DAYS = 92
FIRST_YEAR, LAST_YEAR = 2000, 2999


def parse_day(value: str, field: str) -> date:
    try:
        parsed = datetime.strptime(value, "%Y-%m-%d").date()
    except ValueError:
        raise DomainError("validation.failed", field=field, reason="yyyy-MM-dd") from None
    if len(value) != 10 or not FIRST_YEAR <= parsed.year <= LAST_YEAR:
        raise DomainError("validation.failed", field=field, reason="yyyy-MM-dd")
    return parsed


def day_range(first: str | None, last: str | None, today: date) -> tuple[datetime, datetime]:
    """[start, end) (UTC) from the first day to the last, both included; each defaults to today, and the range
    must run forward and span at most ``MAX_DAYS`` days."""
    start = parse_day(first, "from") if first else today
    end = parse_day(last, "to") if last else today
    if end < start:
        raise DomainError("validation.failed", field="to", reason="not before from")
    if (end - start).days + 1 > MAX_DAYS:
        raise DomainError("validation.failed", field="to", reason=f"at most {MAX_DAYS} days")
    return datetime.combine(start, time(), tzinfo=UTC), datetime.combine(end + timedelta(days=1), time(), tzinfo=UTC)
