from __future__ import annotations

from datetime import datetime
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, StrictInt

from lottery_service.bets.domain import MAX_BETS_PER_SLIP

Code = Annotated[str, Field(min_length=1, max_length=32, pattern=r"^[A-Za-z0-9_]+$")]


class WagerWrite(BaseModel):
    """One bet. Every amount and number is a JSON integer (``"5000"``, ``true`` and ``50.0`` are refused)."""

    model_config = ConfigDict(extra="forbid")

    betType: Code
    position: StrictInt | None = Field(None, ge=1, le=64)
    numbers: list[Annotated[StrictInt, Field(ge=0, le=999_999)]] = Field(default_factory=list, max_length=10)
    option: str | None = Field(None, min_length=1, max_length=16)
    stake: StrictInt = Field(ge=1, le=1_000_000_000_000, description="Minor units.")


class SlipWrite(BaseModel):
    model_config = ConfigDict(extra="forbid")

    gameCode: Code
    issue: str = Field(pattern=r"^[0-9]{12}$")
    requestId: str = Field(min_length=8, max_length=100, pattern=r"^[A-Za-z0-9_:.-]+$")
    bets: list[WagerWrite] = Field(min_length=1, max_length=MAX_BETS_PER_SLIP)


class BetRead(BaseModel):
    betId: str
    gameCode: str
    gameName: str
    issue: str
    betType: str
    betTypeName: str
    position: int | None
    numbers: list[int]
    option: str | None
    stake: int  # minor units
    odds: str
    possibleWin: int  # minor units, one hit
    status: str  # pending, accepted, won, lost, cancelling, cancelled, void
    win: int
    result: list[int] | None  # the issue's balls once drawn
    createdAt: datetime
    settledAt: datetime | None


class SlipRead(BaseModel):
    slipId: str
    gameCode: str
    issue: str
    currency: str
    total: int
    balance: int | None  # the main wallet after the debit
    bets: list[BetRead]


class CancelRead(BaseModel):
    bet: BetRead
    balance: int
