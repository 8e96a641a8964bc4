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


class WinnerBoardRead(BaseModel):
    """An item of the winners board (spec §3): who won (masked), in which game, how much, and the game to start
    from the board."""

    customerName: str  # masked, lu***r
    gameName: str
    iconUrl: str | None  # None when the game left the catalogue
    winAmount: int  # minor units
    currency: str
    time: str
    nodeId: int | None  # the game to start; None when it left the catalogue
    gameType: str
    vassalage: str
    gameCode: str
    isGame: str  # GAME, or VASSALAGE: the vendor opens a popup list


class WinnerRead(BaseModel):
    """A hit of the slot's progressive jackpot (``/wps/games/jackpot``)."""

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
