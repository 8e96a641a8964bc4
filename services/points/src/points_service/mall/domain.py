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


def item_name(names: dict[str, str], language: str) -> str:
    """An item's name in ``language``, else in Turkish (every item has one), else any."""
    return names.get(language) or names.get("TR") or next(iter(names.values()), "")
