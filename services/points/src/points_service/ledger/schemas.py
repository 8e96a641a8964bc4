"""A member's points as ``MCS2_getPointBalance`` answers them."""

from __future__ import annotations

from pydantic import BaseModel


class PointBalanceRead(BaseModel):
    balance: int  # points
    earned: int  # every point ever earned: points never expire
    spent: int
