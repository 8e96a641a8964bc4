"""Pure rules of a brand's wallet settings: defaults, validation, limits."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from wallet_service.ledger.domain import VENDOR_WALLET, MoneyError, money_text
from wallet_service.merchants.schemas import WalletSettingsRead


class WalletMode(StrEnum):
    """A brand's wallets: one main wallet, or a main wallet with transfers to the vendors' wallets."""

    SINGLE = "single"
    TRANSFER = "transfer"


SINGLE, TRANSFER = WalletMode


class DualControlRequestState(StrEnum):
    """A raise of the dual-control amount: it waits for a second admin of the brand, and a lowering meanwhile
    closes it (``superseded``)."""

    PENDING = "pending"
    APPROVED = "approved"
    REJECTED = "rejected"
    SUPERSEDED = "superseded"


PENDING, APPROVED, REJECTED, SUPERSEDED = DualControlRequestState


class DualControlRequestOrder(StrEnum):
    """The raises' orders: the newest first, the oldest first; each then by id."""

    NEWEST = "newest"
    OLDEST = "oldest"


@dataclass(frozen=True)
class WalletRules:
    mode: str = SINGLE
    vendors: tuple[str, ...] = ()
    deposit_min: int = 1_000  # 10.00
    deposit_max: int = 10_000_000  # 100,000.00
    withdrawal_min: int = 5_000  # 50.00
    withdrawal_max: int = 5_000_000  # 50,000.00
    confirm_minutes: int = 30
    bank: dict[str, Any] = field(default_factory=dict)
    dual_control_above: int = 1_000_000  # 10,000.00

    @property
    def is_single(self) -> bool:
        return self.mode == SINGLE

    def vendor_wallets(self) -> list[str]:
        return [] if self.is_single else [f"vendor:{code}" for code in self.vendors]

    def check_deposit(self, amount: int) -> None:
        if not self.deposit_min <= amount <= self.deposit_max:
            raise MoneyError("amount.out_of_limits", min=money_text(self.deposit_min), max=money_text(self.deposit_max))

    def check_withdrawal(self, amount: int) -> None:
        if not self.withdrawal_min <= amount <= self.withdrawal_max:
            raise MoneyError(
                "amount.out_of_limits", min=money_text(self.withdrawal_min), max=money_text(self.withdrawal_max)
            )

    def view(self) -> WalletSettingsRead:
        return WalletSettingsRead(
            mode=self.mode,
            isSingle=self.is_single,
            vendors=list(self.vendors),
            depositMin=self.deposit_min,
            depositMax=self.deposit_max,
            withdrawalMin=self.withdrawal_min,
            withdrawalMax=self.withdrawal_max,
            confirmMinutes=self.confirm_minutes,
            bank=self.bank,
            dualControlAbove=self.dual_control_above,
        )


def validated(rules: WalletRules) -> WalletRules:
    """Refuse settings that could not work: an unknown mode, a vendor code that is no wallet name, limits the
    wrong way round, a confirmation window outside one minute to thirty days, a negative dual-control amount."""
    if rules.mode not in (SINGLE, TRANSFER):
        raise MoneyError("settings.invalid", field="mode")
    if any(not VENDOR_WALLET.fullmatch(f"vendor:{code}") for code in rules.vendors):
        raise MoneyError("settings.invalid", field="vendors")
    if not 0 < rules.deposit_min <= rules.deposit_max or not 0 < rules.withdrawal_min <= rules.withdrawal_max:
        raise MoneyError("settings.invalid", field="limits")
    if not 1 <= rules.confirm_minutes <= 30 * 24 * 60:
        raise MoneyError("settings.invalid", field="confirmMinutes")
    if rules.dual_control_above < 0:
        raise MoneyError("settings.invalid", field="dualControlAbove")
    return rules
