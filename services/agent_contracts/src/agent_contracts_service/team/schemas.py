"""The tree as the calls answer it."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, Field


class TeamMemberRead(BaseModel):
    accountId: str
    username: str | None
    accountType: int | None
    uplineId: str | None
    depth: int = Field(description="Levels below the caller (0: the caller)")


class TeamRead(BaseModel):
    """An agent's whole tree, every depth, itself first (at most ``limit`` members; ``truncated`` when more)."""

    members: list[TeamMemberRead]
    truncated: bool


class UplineMove(BaseModel):
    """An ops move of a member (and its whole subtree) under another upline of the same brand."""

    uplineId: str = Field(min_length=1, max_length=64)
    reason: str = Field(min_length=1, max_length=500)


class MovedRead(BaseModel):
    accountId: str
    uplineId: str
    previousUplineId: str | None
    depth: int


class TeamDownlineRead(BaseModel):
    """One downline in the agent's team management list."""

    accountId: str
    username: str | None
    accountType: int | None
    isAgent: bool
    depth: int = Field(description="Levels below the caller (1: a direct downline)")
    uplineId: str | None
    uplineUsername: str | None
    registeredAt: datetime | None
    downlines: int = Field(description="Its own direct downlines")


class TeamCountsRead(BaseModel):
    """How many downlines the agent has (every depth), direct, agents, and newly registered."""

    size: int
    direct: int
    agents: int
    members: int
    registeredToday: int = Field(description="Registered since today's start (UTC)")
    registeredThisMonth: int = Field(description="Registered since the month's start (UTC)")
