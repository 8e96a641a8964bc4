from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel


class IssueRead(BaseModel):
    """An issue open for bets: betting closes at ``closesAt``, the draw is at ``drawsAt``; ``seedHash``
    commits to the seed the result will come from."""

    gameCode: str
    issue: str
    opensAt: datetime
    closesAt: datetime
    drawsAt: datetime
    seedHash: str


class TierRead(BaseModel):
    name: str  # SPECIAL, FIRST, ... (the VN prizes)
    numbers: list[int]


class ResultRead(BaseModel):
    """A drawn issue: the balls in draw order and the revealed seed (SHA-256 of it is ``seedHash``)."""

    gameCode: str
    issue: str
    drawsAt: datetime
    result: list[int]
    seed: str  # hex
    seedHash: str
    tiers: list[TierRead]  # the result grouped by prize (the VN draw); empty for other games


class LotteryVerifyRead(BaseModel):
    """A result recomputed from a seed with the draw's own code: ``seedMatches`` when the seed is the one whose
    hash was published; ``resultMatches`` when the recomputed balls are the ones drawn."""

    gameCode: str
    issue: str
    seedHash: str
    committedSeedHash: str
    seedMatches: bool
    result: list[int]
    drawnResult: list[int] | None
    resultMatches: bool
