"""Request bodies of the wallet's HTTP calls. Amounts are integer minor units: a string, a float or a boolean is
refused (400 ``validation.failed``), never rounded or guessed; the money rules then check the value."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StringConstraints

from portal_kit.audit import OpsAuditRead
from wallet_service.events import stamp

RequestId = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=64)]
Text = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=100)]
Reason = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=500)]


class Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class WalletTransfer(Body):
    fromWallet: str
    toWallet: str
    amount: StrictInt  # minor units; the money rules then refuse 0, negatives and the too large
    requestId: RequestId


class DepositRequest(Body):
    channel: str
    amount: StrictInt  # minor units; the money rules then refuse 0, negatives and the too large
    requestId: RequestId
    reference: Annotated[str, StringConstraints(strip_whitespace=True, max_length=100)] | None = None


class BankAccountBinding(Body):
    """(E) — carries the payment password: a stolen session alone cannot add where money goes."""

    model_config = ConfigDict(extra="ignore")  # the encrypted payload also carries ts and nonce
    bankName: Text
    holderName: Text
    accountNumber: Annotated[str, StringConstraints(strip_whitespace=True, pattern=r"^[A-Za-z0-9 ]{6,40}$")]
    paymentPassword: Annotated[str, StringConstraints(max_length=255)]


class WithdrawalRequest(Body):
    """(E) — carries the payment password."""

    model_config = ConfigDict(extra="ignore")  # the encrypted payload also carries ts and nonce
    amount: StrictInt  # minor units; the money rules then refuse 0, negatives and the too large
    bankAccountId: Annotated[str, StringConstraints(max_length=36)]
    paymentPassword: Annotated[str, StringConstraints(max_length=255)]
    requestId: RequestId


class UplineTransfer(Body):
    """(E) — carries the payment password."""

    model_config = ConfigDict(extra="ignore")
    amount: StrictInt  # minor units; the money rules then refuse 0, negatives and the too large
    paymentPassword: Annotated[str, StringConstraints(max_length=255)]
    requestId: RequestId


class Confirmation(Body):
    result: str  # received | partly | not_received
    remainder: StrictInt | None = None
    proofs: list[str] = Field(default_factory=list, max_length=3)  # base64 png or jpg, under 5 MB each


class Decision(Body):
    reason: Reason | None = None


class Adjustment(Body):
    amount: StrictInt  # signed, on the member's main wallet: negative takes from it; "100", 100.0, true refused
    reason: Reason
    requestId: RequestId


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


# Answers: every amount in integer minor units ---------------------------------------------------------------


class Read(BaseModel):
    """An answer's model, built by the service."""


class WalletRead(Read):
    wallet: str
    available: int
    held: int


class BalanceRead(Read):
    """The caller's wallets; ``sum`` of what is available, ``scale`` decimals in the UI."""

    currency: str
    scale: int
    sum: int
    wallets: list[WalletRead]


DepositChannel = Literal["BANK_TRANSFER", "SANDBOX"]
DepositStatus = Literal["pending", "credited", "rejected", "failed"]
WithdrawalStatus = Literal[
    "pending", "approved", "paid", "rejected", "received", "received_auto", "partly_received", "not_received",
    "refunded", "closed",
]  # fmt: skip


class DepositChannelRead(Read):
    channel: DepositChannel
    kind: Literal["manual", "gateway"]
    min: int
    max: int
    bank: dict[str, str] | None = None


class DepositRead(Read):
    depositId: str
    channel: DepositChannel
    amount: int
    currency: str
    reference: str | None
    status: DepositStatus
    reason: str | None
    createdAt: str
    decidedAt: str | None
    accountId: str | None = None
    checkoutUrl: str | None = None
    firstApprovedBy: str | None = None  # ops: above the dual-control amount, approved once and awaiting a second


class GatewayAnswerRead(Read):
    orderId: str
    status: str


class BankAccountRead(Read):
    """A bound bank account: only the last four digits of the number ever leave the service."""

    bankAccountId: str
    bankName: str
    holderName: str
    accountNumber: str


class WithdrawalRead(Read):
    withdrawalId: str
    amount: int
    currency: str
    bankAccountId: str
    status: WithdrawalStatus
    remainder: int | None
    confirmDeadline: str | None
    reason: str | None
    createdAt: str
    accountId: str | None = None


class MerchantWalletRead(Read):
    merchantCode: str
    isSingle: bool
    vendors: list[str]


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


class WalletAuditRead(Read):
    actor: str
    action: str
    target: str
    reason: str | None
    detail: dict[str, Any]
    at: str

    @classmethod
    def of(cls, row: OpsAuditRead) -> WalletAuditRead:
        """A row of the kit's audit shape as this call has always answered it: ``detail`` is what the action
        recorded (``after``), or, for a change with a state before (the settings), ``{before, after}``."""
        detail = (row.after or {}) if row.before is None else {"before": row.before, "after": row.after}
        return cls(actor=row.actor, action=row.action, target=row.target, reason=row.reason, detail=detail,
                   at=stamp(row.at))  # fmt: skip


class RecordRead(Read):
    """One line of the account record: ``amount`` signed, ``balanceAfter`` the wallet's balance after it."""

    id: int
    time: str
    type: str
    wallet: str
    amount: int
    balanceAfter: int
    currency: str
    reference: str


class ConsolidatedRead(Read):
    currency: str
    balance: int
    held: int
    wallets: list[WalletRead]
    pendingDeposits: int
    pendingWithdrawals: int
    totalDeposited: int
    totalWithdrawn: int


class UplineRead(Read):
    uplineId: str
    username: str


class UplineTransferRead(Read):
    uplineId: str
    amount: int
    balance: int
