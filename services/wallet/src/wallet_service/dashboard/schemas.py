"""What the money dashboard answers: a row a day of the range for each currency the brand moved money in
during it, zeros included (no money moved: no rows)."""

from __future__ import annotations

from pydantic import BaseModel


class MoneyDayRead(BaseModel):
    day: str  # yyyy-MM-dd, UTC
    currency: str
    deposits: int
    depositAmount: int  # minor units
    withdrawals: int
    withdrawalAmount: int  # minor units
