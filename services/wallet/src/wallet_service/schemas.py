"""Request bodies of the wallet's HTTP calls. Amounts are integer minor units: a float or a string is
refused by the money rules, never rounded."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

RequestId = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=64)]
Text = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=100)]
Reason = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=500)]


class Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class WalletTransfer(Body):
    fromWallet: str
    toWallet: str
    amount: Any
    requestId: RequestId


class DepositRequest(Body):
    channel: str
    amount: Any
    requestId: RequestId
    reference: Annotated[str, StringConstraints(strip_whitespace=True, max_length=100)] | None = None


class BankAccountBinding(Body):
    bankName: Text
    holderName: Text
    accountNumber: Annotated[str, StringConstraints(strip_whitespace=True, pattern=r"^[A-Za-z0-9 ]{6,40}$")]


class WithdrawalRequest(Body):
    """(E) — carries the payment password."""

    model_config = ConfigDict(extra="ignore")  # the encrypted payload also carries ts and nonce
    amount: Any
    bankAccountId: Annotated[str, StringConstraints(max_length=36)]
    paymentPassword: Annotated[str, StringConstraints(max_length=255)]
    requestId: RequestId


class UplineTransfer(Body):
    """(E) — carries the payment password."""

    model_config = ConfigDict(extra="ignore")
    amount: Any
    paymentPassword: Annotated[str, StringConstraints(max_length=255)]
    requestId: RequestId


class Confirmation(Body):
    result: str  # received | partly | not_received
    remainder: int | None = None
    proofs: list[str] = Field(default_factory=list, max_length=3)  # base64 png or jpg, under 5 MB each


class Decision(Body):
    reason: Reason | None = None


class Adjustment(Body):
    amount: int  # signed, on the member's main wallet: negative takes from it
    reason: Reason
    requestId: RequestId


class SettingsChange(Body):
    mode: str | None = None
    vendors: list[str] | None = None
    depositMin: int | None = None
    depositMax: int | None = None
    withdrawalMin: int | None = None
    withdrawalMax: int | None = None
    confirmMinutes: int | None = None
    bank: dict[str, str] | None = None

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
        }
        return {names[key]: value for key, value in self.model_dump(exclude_none=True).items()}
