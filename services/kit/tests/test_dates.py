from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from portal_kit.dates import day_range, utc_days
from portal_kit.errors import DomainError


def test_a_day_range_includes_both_days_in_utc() -> None:
    start, end = day_range("2026-11-01", "2026-11-01")
    assert (start, end) == (datetime(2026, 11, 1, tzinfo=UTC), datetime(2026, 11, 2, tzinfo=UTC))
    assert day_range(None, None) == (None, None)
    assert day_range("2026-11-01", None) == (datetime(2026, 11, 1, tzinfo=UTC), None)


@pytest.mark.parametrize(
    ("first", "last", "code"),
    [
        ("2026-11-02", "2026-11-01", "date_range.invalid"),
        ("2024-01-01", "2026-01-01", "date_range.invalid"),
        ("01-11-2026", None, "date.invalid"),
    ],
)
def test_a_bad_day_range_is_refused(first: str, last: str | None, code: str) -> None:
    with pytest.raises(DomainError) as refusal:
        day_range(first, last)
    assert (refusal.value.code, refusal.value.status) == (code, 400)


def test_a_lists_from_and_to_days_are_read_in_utc_both_included() -> None:
    first, last = date(2026, 3, 2), date(2026, 3, 3)
    assert utc_days(first, last) == (datetime(2026, 3, 2, tzinfo=UTC), datetime(2026, 3, 4, tzinfo=UTC))
    assert utc_days(first, first) == (datetime(2026, 3, 2, tzinfo=UTC), datetime(2026, 3, 3, tzinfo=UTC))
    assert utc_days(None, last) == (None, datetime(2026, 3, 4, tzinfo=UTC))
    assert utc_days(None, None) == (None, None)
    with pytest.raises(DomainError) as refusal:
        utc_days(last, first)
    assert (refusal.value.code, refusal.value.status, refusal.value.params["field"]) == ("validation.failed", 400, "to")
