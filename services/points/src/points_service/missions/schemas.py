"""Missions as members and ops read them, and what they send."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from pydantic import AwareDatetime, BaseModel, ConfigDict, Field, StringConstraints, field_validator

from points_service.missions.domain import GAME_TYPES, MAX_REWARD_POINTS, MAX_TARGET, MissionKind, MissionState

Text = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=80)]
Reason = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=500)]
RequestId = Annotated[str, StringConstraints(min_length=8, max_length=64, pattern=r"^[A-Za-z0-9_.:-]+$")]
GameType = Annotated[str, StringConstraints(pattern="^(" + "|".join(GAME_TYPES) + ")$")]


class MissionRead(BaseModel):
    """A mission as ops keep it."""

    missionId: int
    name: str  # in the request's language (Turkish when it has none)
    names: dict[str, str]
    kind: MissionKind
    gameTypes: list[str]  # empty: every game type
    target: int  # minor units (BET_TURNOVER, DEPOSIT_TOTAL) or days (PLAY_DAYS)
    rewardPoints: int
    startsAt: datetime
    endsAt: datetime  # excluded
    active: bool
    sort: int
    updatedAt: datetime


class MissionSummaryRead(BaseModel):
    """A mission as a member sees it, with the member's progress."""

    missionId: int
    name: str
    kind: MissionKind
    gameTypes: list[str]
    target: int
    progress: int  # may pass the target
    percent: int  # 0–100
    rewardPoints: int
    state: MissionState
    startsAt: datetime
    endsAt: datetime
    claimedAt: datetime | None


class BoardEntryRead(BaseModel):
    rank: int
    username: str  # masked
    progress: int
    me: bool


class MyRankRead(BaseModel):
    rank: int | None  # none: nothing counted yet
    progress: int
    percent: int


class LeaderboardRead(BaseModel):
    missionId: int
    name: str
    kind: MissionKind
    target: int
    pageNum: int
    totalPages: int
    total: int
    list: list[BoardEntryRead]
    mine: MyRankRead


class ClaimRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    missionId: Annotated[int, Field(strict=True, ge=1, le=2**63 - 1)]
    requestId: RequestId


class ClaimRead(BaseModel):
    missionId: int
    rewardPoints: int
    balance: int  # the member's points after the reward
    claimedAt: datetime
    state: MissionState


class MissionWrite(BaseModel):
    """A mission as ops write it: a Turkish name at least; its game types (a bet or play-days mission; none: every
    game type); its target (minor units, or days), its reward in points, its window (the end excluded)."""

    model_config = ConfigDict(extra="forbid")
    names: dict[Annotated[str, StringConstraints(pattern=r"^(TR|EN|CN)$")], Text]
    gameTypes: Annotated[list[GameType], Field(max_length=len(GAME_TYPES))] = []
    target: Annotated[int, Field(strict=True, ge=1, le=MAX_TARGET)]
    rewardPoints: Annotated[int, Field(strict=True, ge=1, le=MAX_REWARD_POINTS)]
    startsAt: AwareDatetime
    endsAt: AwareDatetime
    active: bool
    sort: Annotated[int, Field(strict=True, ge=0, le=10_000)]
    reason: Reason

    @field_validator("names")
    @classmethod
    def _turkish(cls, names: dict[str, str]) -> dict[str, str]:
        if "TR" not in names:
            raise ValueError("a Turkish (TR) name is needed")
        return names

    @field_validator("gameTypes")
    @classmethod
    def _once(cls, game_types: list[str]) -> list[str]:
        return sorted(set(game_types))


class NewMission(MissionWrite):
    """A new mission: its kind too (it stays what it was made as)."""

    kind: MissionKind
