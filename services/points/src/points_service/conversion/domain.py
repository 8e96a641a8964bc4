"""The conversion's rule: whole units of the brand's rate, at least its minimum."""

from __future__ import annotations

from enum import StrEnum

MAX_POINTS = 10**12


class ConversionStatus(StrEnum):
    PENDING = "PENDING"  # the points taken; the cash asked of the wallet (again until it answers)
    PAID = "PAID"
    FAILED = "FAILED"  # the wallet refused it: the points given back


def cash_for(points: int, points_per_unit: int, amount_per_unit: int, min_points: int) -> int | None:
    """The cash ``points`` convert to, or ``None`` when they cannot: below the minimum, or not whole units."""
    if points < max(min_points, points_per_unit) or points % points_per_unit:
        return None
    return points // points_per_unit * amount_per_unit


def transaction_id(conversion_id: int, account_id: str) -> str:
    """The wallet's key of a conversion's credit: one credit however often it is asked (the account in it too, so a
    points database restored from a backup cannot meet another account's credit under a reused number)."""
    return f"points-conversion:{conversion_id}:{account_id}"
