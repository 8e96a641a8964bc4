"""VIP levels as members, visitors and ops read them, and as ops write them."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, model_validator

from points_service.vip.domain import MAX_BONUS, MAX_LEVELS, MAX_TURNOVER, BonusStatus

Language = Annotated[str, StringConstraints(pattern=r"^(TR|EN|CN)$")]
Name = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=40)]
Perk = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=300)]


class VipLevelWrite(BaseModel):
    """One level: its number (1..N in order), names (TR needed), the lifetime valid bet that reaches it (minor units,
    above the level below), its one-time cash bonus (minor units, 0: none), the points multiplier shown as a perk
    (percent: 100 is ×1.00) and further perks as text."""

    model_config = ConfigDict(extra="forbid")
    level: Annotated[int, Field(strict=True, ge=1, le=MAX_LEVELS)]
    names: dict[Language, Name]
    turnover: Annotated[int, Field(strict=True, ge=1, le=MAX_TURNOVER)]
    bonus: Annotated[int, Field(strict=True, ge=0, le=MAX_BONUS)]
    pointsMultiplierPct: Annotated[int, Field(strict=True, ge=100, le=1000)] = 100
    perks: dict[Language, Perk] = {}

    @model_validator(mode="after")
    def turkish_name(self) -> VipLevelWrite:
        if "TR" not in self.names:
            raise ValueError("names: a Turkish name (TR) is needed")
        return self


class VipLadderWrite(BaseModel):
    """A brand's whole ladder at once (none: no VIP levels), and why."""

    model_config = ConfigDict(extra="forbid")
    levels: Annotated[list[VipLevelWrite], Field(max_length=MAX_LEVELS)]
    reason: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=500)]


class VipLevelRead(BaseModel):
    level: int
    name: str  # in the request's language
    names: dict[str, str]
    turnover: int  # minor units
    bonus: int  # minor units
    pointsMultiplierPct: int
    perks: str  # in the request's language ("" none)
    perksByLanguage: dict[str, str]


class VipLevelUpRead(BaseModel):
    level: int
    name: str
    amount: int  # the bonus, minor units
    status: BonusStatus
    reachedAt: datetime
    paidAt: datetime | None


class VipInfoRead(BaseModel):
    level: int  # 0: none yet
    levelName: str  # "" at level 0
    turnover: int  # lifetime valid bet, minor units
    nextLevel: VipLevelRead | None
    missing: int  # turnover the next level still needs (0 at the top)
    percent: int  # 0–100 from this level's threshold to the next's
    levels: list[VipLevelRead]
    levelUps: list[VipLevelUpRead]  # newest first
