"""Pure rules of the account record: the record types a member filters by and the date range."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta

from wallet_service.ledger.domain import MoneyError

# Record type → the money transaction kinds behind it.
TYPES: dict[str, tuple[str, ...]] = {
    "deposit": ("deposit",),
    "withdrawal": ("withdrawal", "withdrawal_refund"),
    "transfer": ("transfer",),
    "upline": ("upline",),
    "bet": ("debit",),
    "win": ("credit",),
    "rollback": ("rollback",),
    "adjustment": ("adjustment",),
    "bonus": ("grant",),
}
TYPE_OF_KIND = {kind: name for name, kinds in TYPES.items() for kind in kinds}
MAX_RANGE_DAYS = 366


def kinds_for(record_type: str | None) -> tuple[str, ...] | None:
    if record_type in (None, "", "all"):
        return None
    if record_type not in TYPES:
        raise MoneyError("record_type.unknown")
    return TYPES[record_type]


def date_range(start: str | None, end: str | None) -> tuple[datetime | None, datetime | None]:
    """``yyyy-MM-dd`` days, both included, read in UTC; the end must not come before the start."""

    def parse(value: str | None) -> date | None:
        if not value:
            return None
        try:
            return date.fromisoformat(value)
        except ValueError:
            raise MoneyError("date.invalid", value=value) from None

    first, last = parse(start), parse(end)
    if first and last and (last < first or (last - first).days > MAX_RANGE_DAYS):
        raise MoneyError("date_range.invalid")
    return (
        datetime.combine(first, time.min, UTC) if first else None,
        datetime.combine(last + timedelta(days=1), time.min, UTC) if last else None,
    )
