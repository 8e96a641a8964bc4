"""The mall's states and limits (spec §4: points exchange in process, rejected, approved)."""

from __future__ import annotations

from enum import StrEnum

MAX_QUANTITY = 10
MAX_ITEM_POINTS = 100_000_000
MAX_STOCK = 1_000_000
MAX_ITEM_MONEY = 100_000_000  # 1,000,000.00 a piece


class RedemptionStatus(StrEnum):
    IN_PROCESS = "IN_PROCESS"
    APPROVED = "APPROVED"
    REJECTED = "REJECTED"


class MallPayment(StrEnum):
    """Where a redemption's money is: ``NONE`` for a points-only item; ``PENDING`` while the wallet is asked to charge
    it (asked again by the worker until it answers); ``PAID``; ``FAILED`` when the balance could not cover it (the
    redemption rejected, its points and stock given back); ``REFUNDING`` while a rejected redemption's money is asked
    back; ``REFUNDED``."""

    NONE = "NONE"
    PENDING = "PENDING"
    PAID = "PAID"
    FAILED = "FAILED"
    REFUNDING = "REFUNDING"
    REFUNDED = "REFUNDED"


# What a rejection for a balance that could not pay says (the reason shown to the member, translated by code).
MONEY_SHORT = "mall.money_short"


def transaction_id(redemption_id: int) -> str:
    """The wallet's key of a redemption's money: one charge and at most one refund each."""
    return f"mall-redemption:{redemption_id}"


def item_name(names: dict[str, str], language: str) -> str:
    """An item's name in ``language``, else in Turkish (every item has one), else any."""
    return names.get(language) or names.get("TR") or next(iter(names.values()), "")
