"""Deposit calls' bodies and answers (amounts in integer minor units, ``wallet_service.schemas``)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import StrictInt, StringConstraints

from wallet_service.schemas import Body, Read, RequestId


class DepositRequest(Body):
    channel: str
    amount: StrictInt  # minor units; the money rules then refuse 0, negatives and the too large
    requestId: RequestId
    reference: Annotated[str, StringConstraints(strip_whitespace=True, max_length=100)] | None = None


DepositChannel = Literal["BANK_TRANSFER", "SANDBOX"]


DepositStatus = Literal["pending", "credited", "rejected", "failed"]


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
