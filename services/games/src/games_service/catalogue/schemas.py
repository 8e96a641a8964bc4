from __future__ import annotations

from pydantic import BaseModel


class GameRead(BaseModel):
    nodeId: int
    gameType: str
    vassalage: str
    gameCode: str
    gameName: str
    isTop: bool
    isGame: str  # GAME, or VASSALAGE: the vendor opens a popup list
    iconUrl: str
    supportPlay: int  # 0: a free demo exists
    subCategory: str | None
    minBet: int  # minor units
    lines: int | None
    playable: bool  # launches today (the in-house games); other vendors come with the aggregator


class VendorRead(BaseModel):
    vassalage: str
    gameType: str
    gameCategory: str
    name: str
    maintenance: bool
    maintenanceEnd: str | None  # ISO time the vendor's maintenance ends


class MenuRead(BaseModel):
    gameType: str
    vendors: list[VendorRead]


class LaunchRead(BaseModel):
    nodeId: int
    gameCode: str
    vassalage: str
    url: str  # the game's address: the portal's game frame, or the aggregator's game page (external)
    minBet: int  # minor units
    external: bool  # the game runs at its vendor (open its address); otherwise in the portal's own frame
    roomId: str | None = None  # a player-versus-player game's room (its stakes: minBet to maxBet)
    maxBet: int | None = None
