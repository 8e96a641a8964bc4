"""Balance adjustments by ops: the request body and its answers."""

from __future__ import annotations

from typing import Literal

from pydantic import StrictInt

from wallet_service.schemas import Body, Read, Reason, RequestId


class Adjustment(Body):
    amount: StrictInt  # signed, on the member's main wallet: negative takes from it; "100", 100.0, true refused
    reason: Reason
    requestId: RequestId


class AdjustmentRead(Read):
    accountId: str
    balance: int
    currency: str
    status: Literal["done", "pending", "rejected"]  # pending: above the dual-control amount, awaiting a checker
    adjustmentId: str | None = None  # the request awaiting approval, when pending


class AdjustmentRequestRead(Read):
    adjustmentId: str
    accountId: str
    amount: int
    reason: str
    status: Literal["pending", "approved", "rejected"]
    requestedBy: str
    decidedBy: str | None
    createdAt: str
