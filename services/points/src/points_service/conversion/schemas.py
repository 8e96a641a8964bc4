"""Conversions and their rate, as members and ops read and send them."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from points_service.conversion.domain import MAX_POINTS, ConversionStatus


class ConversionRuleRead(BaseModel):
    pointsPerUnit: int  # so many points…
    amountPerUnit: int  # …are this much cash (minor units)
    minPoints: int
    enabled: bool


class ConversionRuleWrite(BaseModel):
    model_config = ConfigDict(extra="forbid")
    pointsPerUnit: Annotated[int, Field(strict=True, ge=1, le=1_000_000)]
    amountPerUnit: Annotated[int, Field(strict=True, ge=1, le=100_000_000)]
    minPoints: Annotated[int, Field(strict=True, ge=1, le=MAX_POINTS)]
    enabled: bool
    reason: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=500)]


class ConversionRequest(BaseModel):
    """(E) Convert ``points`` to cash in the main wallet; the payment password is checked first."""

    model_config = ConfigDict(extra="forbid")
    points: Annotated[int, Field(strict=True, ge=1, le=MAX_POINTS)]
    paymentPassword: Annotated[str, StringConstraints(min_length=1, max_length=64)]
    requestId: Annotated[str, StringConstraints(min_length=8, max_length=64, pattern=r"^[A-Za-z0-9_.:-]+$")]


class ConversionRead(BaseModel):
    transactionNo: int
    points: int
    amount: int  # minor units
    status: ConversionStatus
    balance: int  # the member's points after it
    createdAt: str
