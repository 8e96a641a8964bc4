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


class PrizeRead(BaseModel):
    """One prize of a VN draw: ``count`` numbers of ``digits`` digits each (written with leading zeros)."""

    name: str  # SPECIAL, FIRST, ... EIGHTH
    count: int
    digits: int


class TierRead(BaseModel):
    """A prize's numbers in a drawn issue, in draw order; each is written with ``digits`` digits."""

    name: str  # SPECIAL, FIRST, ... (the VN prizes)
    digits: int
    numbers: list[int]


class ResultRead(BaseModel):
    """A drawn issue: the balls in draw order and the revealed seed (SHA-256 of its 32 bytes is ``seedHash``);
    ``context`` names the draw in the fair stream (the README's derivation)."""

    gameCode: str
    issue: str
    drawsAt: datetime
    result: list[int]
    seed: str  # hex, 64 digits
    seedHash: str
    context: str  # <game code>:<issue>
    tiers: list[TierRead]  # the result grouped by prize (the VN draws); empty for other games


class LotteryVerifyRead(BaseModel):
    """A result recomputed from a seed with the draw's own code: ``seedMatches`` when the seed is the one whose
    hash was published; ``resultMatches`` when the recomputed balls are the ones drawn. ``revealedSeed`` is the
    issue's seed once drawn (none before: only its commitment exists until then)."""

    gameCode: str
    issue: str
    context: str
    seedHash: str
    committedSeedHash: str
    seedMatches: bool
    revealedSeed: str | None
    result: list[int]
    drawnResult: list[int] | None
    resultMatches: bool
