"""What earns: an amount of an account, of a point type, from one event."""

from __future__ import annotations

from dataclasses import dataclass

from points_service.rules.domain import PointType


@dataclass(frozen=True)
class Amount:
    merchant: str
    account_id: str
    point_type: PointType
    amount: int  # minor units: a valid bet, or a deposit
    source: str  # the event's id
