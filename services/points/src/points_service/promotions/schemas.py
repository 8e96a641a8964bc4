"""Promotions and bonuses as members and ops read them, and what they send."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from pydantic import AwareDatetime, BaseModel, ConfigDict, Field, StringConstraints, field_validator, model_validator

from points_service.promotions.domain import (
    MAX_BONUS,
    MAX_EXPIRY_DAYS,
    MAX_MULTIPLE,
    MAX_PERCENT_BP,
    GameType,
    GrantStatus,
    PromotionKind,
)

Language = Annotated[str, StringConstraints(pattern=r"^(TR|EN|CN)$")]
Name = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=80)]
Details = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=2000)]
Reason = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=500)]
Minor = Annotated[int, Field(strict=True, ge=0, le=MAX_BONUS)]


class PromotionRead(BaseModel):
    promotionId: int
    kind: PromotionKind
    name: str  # in the request's language (Turkish when it has none)
    details: str
    names: dict[str, str]
    detailsByLanguage: dict[str, str]
    picture: str
    percentBp: int  # the bonus: basis points of the deposit (10000: 100 %)…
    maxBonus: int  # …at most this (minor units)
    minDeposit: int
    wageringMultiple: int  # stakes asked: the bonus times this
    gameTypes: list[GameType]  # the bets that count
    maxBet: int  # a bet above it does not count (0: no maximum)
    expiryDays: int
    startsAt: datetime
    endsAt: datetime | None
    active: bool
    sort: int
    joined: bool | None  # the caller joined it (None: a visitor, or ops)


class JoinRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    promotionId: Annotated[int, Field(strict=True, ge=1, le=2**63 - 1)]


class JoinRead(BaseModel):
    promotionId: int
    joined: bool
    joinedAt: datetime


class BonusRead(BaseModel):
    grantId: str
    accountId: str
    promotionId: int
    promotionName: str
    depositAmount: int
    amount: int
    turnoverRequired: int
    turnoverDone: int  # may pass what is required (the bet that met it counts whole)
    gameTypes: list[GameType]
    maxBet: int
    status: GrantStatus
    createdAt: datetime
    expiresAt: datetime
    settledAt: datetime | None


class PromotionWrite(BaseModel):
    """A promotion as ops write it: a Turkish name and terms at least."""

    model_config = ConfigDict(extra="forbid")
    kind: PromotionKind
    names: dict[Language, Name]
    details: dict[Language, Details]
    picture: Annotated[str, StringConstraints(pattern=r"^(https://[^\s/]+/[^\s]{0,470}|/[^/\s][^\s]{0,480})$")]
    percentBp: Annotated[int, Field(strict=True, ge=1, le=MAX_PERCENT_BP)]
    maxBonus: Annotated[int, Field(strict=True, ge=1, le=MAX_BONUS)]
    minDeposit: Minor
    wageringMultiple: Annotated[int, Field(strict=True, ge=1, le=MAX_MULTIPLE)]
    gameTypes: Annotated[list[GameType], Field(min_length=1, max_length=9)]
    maxBet: Minor
    expiryDays: Annotated[int, Field(strict=True, ge=1, le=MAX_EXPIRY_DAYS)]
    startsAt: AwareDatetime
    endsAt: AwareDatetime | None = None
    active: bool
    sort: Annotated[int, Field(strict=True, ge=0, le=10_000)]
    reason: Reason

    @field_validator("names", "details")
    @classmethod
    def _turkish(cls, texts: dict[str, str]) -> dict[str, str]:
        if "TR" not in texts:
            raise ValueError("a Turkish (TR) text is needed")
        return texts

    @field_validator("gameTypes")
    @classmethod
    def _distinct(cls, types: list[GameType]) -> list[GameType]:
        if len(set(types)) != len(types):
            raise ValueError("each game type once")
        return types

    @model_validator(mode="after")
    def _window(self) -> PromotionWrite:
        if self.endsAt is not None and self.endsAt <= self.startsAt:
            raise ValueError("endsAt must come after startsAt")
        return self
