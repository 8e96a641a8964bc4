"""The mall's states and limits (spec §4: points exchange in process, rejected, approved)."""

from __future__ import annotations

from enum import StrEnum

MAX_QUANTITY = 10
MAX_ITEM_POINTS = 100_000_000
MAX_STOCK = 1_000_000


class RedemptionStatus(StrEnum):
    IN_PROCESS = "IN_PROCESS"
    APPROVED = "APPROVED"
    REJECTED = "REJECTED"
