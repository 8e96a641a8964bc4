"""Pure rules of ops adjustments: the states of a request above the dual-control amount."""

from __future__ import annotations

from enum import StrEnum


class AdjustmentRequestState(StrEnum):
    """An adjustment above the dual-control amount, waiting for a second ops person."""

    PENDING = "pending"
    APPROVED = "approved"
    REJECTED = "rejected"


PENDING, APPROVED, REJECTED = AdjustmentRequestState


class AdjustmentRequestOrder(StrEnum):
    """The adjustment requests' orders: the newest first, the oldest first; each then by id."""

    NEWEST = "newest"
    OLDEST = "oldest"
