"""The rules as members and ops read them, and the change ops make."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from points_service.rules.domain import MAX_BETTING_UNIT, MAX_RATIO, PointType


class PointRuleRead(BaseModel):
    pointType: PointType
    bettingUnit: int  # minor units of valid bet (or deposit) per unit
    ratio: int  # points per whole unit
    enabled: bool


class PointRuleWrite(BaseModel):
    model_config = ConfigDict(extra="forbid")
    bettingUnit: Annotated[int, Field(strict=True, ge=1, le=MAX_BETTING_UNIT)]
    ratio: Annotated[int, Field(strict=True, ge=0, le=MAX_RATIO)]
    enabled: bool
    reason: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=500)]
