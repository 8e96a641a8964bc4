from __future__ import annotations

from pydantic import BaseModel


class BetRecordRead(BaseModel):
    id: str
    time: str  # ISO, UTC
    vendor: str
    gameType: str
    gameCode: str
    gameName: str
    currency: str
    stake: int  # minor units
    validBet: int
    win: int
    profit: int  # win - stake, the member's side


class ProfitRowRead(BaseModel):
    gameType: str
    bets: int
    stake: int
    validBet: int
    win: int
    profit: int


class ProfitRead(BaseModel):
    rows: list[ProfitRowRead]  # one per game type played in the range
    total: ProfitRowRead  # gameType ALL


class WinnerRead(BaseModel):
    player: str  # masked
    nodeId: int | None  # the game to start from the board; None when it left the catalogue
    vendor: str
    gameType: str
    gameCode: str
    gameName: str
    currency: str
    stake: int
    win: int
    time: str
