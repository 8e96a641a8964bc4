"""Pure rules of points-mall purchases: an item's price is charged from the member's main wallet into the brand's
house account for the mall, and given back once if ops reject the redemption. A refund follows a charge, never
stands alone."""

from __future__ import annotations

from enum import StrEnum


class PurchaseAction(StrEnum):
    CHARGE = "CHARGE"
    REFUND = "REFUND"


# The money transaction kind of each movement (the account record shows both as ``purchase``).
KIND = {PurchaseAction.CHARGE: "purchase", PurchaseAction.REFUND: "purchase_refund"}


def key(action: PurchaseAction, transaction_id: str) -> str:
    """The idempotency key of a purchase's movement: one charge and at most one refund per purchase."""
    return f"{KIND[action].replace('_', '-')}:{transaction_id}"
