"""Payloads and answers of the brand's lottery game settings (ops)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StringConstraints

Stake = Annotated[StrictInt, Field(ge=1, le=1_000_000_000_000, description="Minor units.")]


class LotteryGameSettingsWrite(BaseModel):
    """A game's settings for the brand, all of them: on or off, the stake limits of one bet and of a member's bets on
    one issue (minor units, JSON integers), the prize mode (null: the brand's), and why (optional)."""

    model_config = ConfigDict(extra="forbid")

    enabled: StrictBool
    minStake: Stake
    maxStake: Stake
    maxPerIssue: Stake
    prizeMode: Annotated[str, StringConstraints(min_length=1, max_length=16)] | None = None
    reason: Annotated[str, StringConstraints(strip_whitespace=True, max_length=500)] | None = None


class LotteryHouseLimitsRead(BaseModel):
    """The range the brand sets the limits in (the catalogue's): ``minStake`` from ``minStake`` to ``minCap``,
    ``maxStake`` up to ``maxStake``, ``maxPerIssue`` up to ``maxPerIssue``."""

    minStake: int
    minCap: int
    maxStake: int
    maxPerIssue: int


class LotteryGameSettingsRead(BaseModel):
    """A game as the brand's members get it: ``prizeMode`` null plays the brand's mode (``effectivePrizeMode``)."""

    gameCode: str
    gameName: str
    category: str
    enabled: bool
    minStake: int
    maxStake: int
    maxPerIssue: int
    prizeMode: str | None
    effectivePrizeMode: str
    house: LotteryHouseLimitsRead
    updatedBy: str | None
    updatedAt: datetime | None


class LotteryPrizeModeRead(BaseModel):
    """A prize mode of the catalogue: its bets are paid the base odds times ``perMille`` / 1000, rounded down."""

    code: str
    perMille: int


class LotteryBrandGamesRead(BaseModel):
    brandPrizeMode: str
    prizeModes: list[LotteryPrizeModeRead]
    games: list[LotteryGameSettingsRead]
