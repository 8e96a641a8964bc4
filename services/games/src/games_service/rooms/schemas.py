from __future__ import annotations

from pydantic import BaseModel


class RoomRead(BaseModel):
    roomId: str  # BEGINNER, STANDARD or VIP
    minBet: int  # minor units
    maxBet: int
    minBalance: int  # what a player needs to enter


class RoomListRead(BaseModel):
    nodeId: int
    gameCode: str
    rooms: list[RoomRead]  # none for a game that is not an in-house player-versus-player game
