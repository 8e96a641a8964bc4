"""What the play dashboard answers: the brand's settled bets of each day, vendor and game type that had any."""

from __future__ import annotations

from pydantic import BaseModel


class PlayDayRead(BaseModel):
    day: str  # yyyy-MM-dd, UTC
    vendor: str
    gameType: str
    currency: str
    bets: int
    stake: int  # minor units, as every sum here
    win: int
    validBet: int
    ggr: int  # gross gaming revenue: stakes less wins
