"""Bank account, withdrawal and confirmation bodies and answers (amounts in integer minor units)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import ConfigDict, Field, StrictBool, StrictInt, StringConstraints

from wallet_service.schemas import Body, Read, RequestId, Text

# A bank's or a holder's name is plain text that ops read and pay to: no markup (``<``, ``>``) and no control or
# format characters (NUL, a line break, a right-to-left override that reverses what ops read); refused with 400
# ``validation.failed`` naming the field.
PlainName = Annotated[Text, StringConstraints(pattern=r"^[^<>\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+$")]


class BankAccountBinding(Body):
    """(E) — carries the payment password: a stolen session alone cannot add where money goes."""

    model_config = ConfigDict(extra="ignore")  # the encrypted payload also carries ts and nonce
    bankName: PlainName
    holderName: PlainName
    accountNumber: Annotated[str, StringConstraints(strip_whitespace=True, pattern=r"^[A-Za-z0-9 ]{6,40}$")]
    paymentPassword: Annotated[str, StringConstraints(max_length=255)]


class WithdrawalRequest(Body):
    """(E) — carries the payment password."""

    model_config = ConfigDict(extra="ignore")  # the encrypted payload also carries ts and nonce
    amount: StrictInt  # minor units; the money rules then refuse 0, negatives and the too large
    bankAccountId: Annotated[str, StringConstraints(max_length=36)]
    paymentPassword: Annotated[str, StringConstraints(max_length=255)]
    requestId: RequestId
    # With a bonus whose wagering is not met the request is refused (withdrawal.bonus_unmet) unless the member gives
    # those bonuses up: true forfeits them in the withdrawal's transaction.
    forfeitBonus: StrictBool = False


class Confirmation(Body):
    result: str  # received | partly | not_received
    remainder: StrictInt | None = None
    proofs: list[str] = Field(default_factory=list, max_length=3)  # base64 png or jpg, under 5 MB each


class BankAccountRead(Read):
    """A bound bank account: only the last four digits of the number ever leave the service."""

    bankAccountId: str
    bankName: str
    holderName: str
    accountNumber: str


class WithdrawalLimitsRead(Read):
    """What one withdrawal request may ask (minor units), as the brand's settings say: shown before a member tries."""

    min: int
    max: int


WithdrawalStatus = Literal[
    "pending", "approved", "paid", "rejected", "received", "received_auto", "partly_received", "not_received",
    "refunded", "closed",
]  # fmt: skip


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
    firstRefundBy: str | None = None  # ops: who asked a refund that waits for a second person
