"""A brand's wallet settings as ops change them and as members and ops read them."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import StrictInt

from wallet_service.schemas import Body, Read


class SettingsChange(Body):
    mode: str | None = None
    vendors: list[str] | None = None
    depositMin: StrictInt | None = None
    depositMax: StrictInt | None = None
    withdrawalMin: StrictInt | None = None
    withdrawalMax: StrictInt | None = None
    confirmMinutes: StrictInt | None = None
    bank: dict[str, str] | None = None
    dualControlAbove: StrictInt | None = None

    def changes(self) -> dict[str, Any]:
        names = {
            "mode": "mode",
            "vendors": "vendors",
            "depositMin": "deposit_min",
            "depositMax": "deposit_max",
            "withdrawalMin": "withdrawal_min",
            "withdrawalMax": "withdrawal_max",
            "confirmMinutes": "confirm_minutes",
            "bank": "bank",
            "dualControlAbove": "dual_control_above",
        }
        return {names[key]: value for key, value in self.model_dump(exclude_none=True).items()}


class MerchantWalletRead(Read):
    merchantCode: str
    isSingle: bool
    vendors: list[str]


class DualControlRequestRead(Read):
    """A raise of the dual-control amount waiting for (or decided by) a second admin of the brand."""

    requestId: str
    before: int  # the amount when it was asked
    dualControlAbove: int  # the amount asked for
    status: Literal["pending", "approved", "rejected", "superseded"]
    requestedBy: str
    decidedBy: str | None
    reason: str | None  # the rejection's
    createdAt: str
    decidedAt: str | None


class WalletSettingsRead(Read):
    mode: str
    isSingle: bool
    vendors: list[str]
    depositMin: int
    depositMax: int
    withdrawalMin: int
    withdrawalMax: int
    confirmMinutes: int
    bank: dict[str, Any]
    dualControlAbove: int  # money actions above this need a second ops person
    # a raise of dualControlAbove waiting for a second admin of the brand (it applies only once approved)
    dualControlRequest: DualControlRequestRead | None = None
