from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field, StrictBool, StrictInt, StrictStr

from games_service.bgs.games import MAX_STAKE
from games_service.records.schemas import WinnerRead

RequestId = Annotated[str, Field(min_length=8, max_length=100, pattern=r"^[A-Za-z0-9_.:-]+$")]
Stake = Annotated[StrictInt, Field(ge=1, le=MAX_STAKE, description="Integer minor units.")]


class SpinBody(BaseModel):
    stake: Stake
    requestId: RequestId


RoomId = Annotated[StrictStr, Field(min_length=1, max_length=16, description="The room played in: its stakes apply.")]


class DiceBody(BaseModel):
    stake: Stake
    target: Annotated[StrictInt, Field(ge=0, le=9_999, description="In hundredths: 5000 is 50.00.")]
    over: StrictBool
    requestId: RequestId
    roomId: RoomId | None = None


class DragonTigerBody(BaseModel):
    stake: Stake
    side: Literal["DRAGON", "TIGER", "TIE"]
    requestId: RequestId
    roomId: RoomId | None = None


class LineWinRead(BaseModel):
    line: int
    symbol: str
    count: int
    win: int


class SlotOutcome(BaseModel):
    stops: list[int]
    grid: list[list[str]]  # grid[reel][row]
    wins: list[LineWinRead]
    jackpot: bool = False  # the round won the progressive jackpot (rounds before it existed: false)


class DiceOutcome(BaseModel):
    roll: int  # hundredths: 0 to 9999
    target: int
    over: bool


class CardsOutcome(BaseModel):
    dragon: str  # rank and suit: "10H", "AS", "KD"
    tiger: str
    winner: str  # DRAGON, TIGER or TIE
    side: str  # what was bet on


class FairnessRead(BaseModel):
    serverSeedHash: str
    clientSeed: str
    nonce: int


class RoundRead(BaseModel):
    roundId: str
    gameCode: str
    currency: str
    stake: int
    win: int
    balance: int
    fairness: FairnessRead


class SlotRoundRead(RoundRead):
    slot: SlotOutcome
    jackpotWin: int  # minor units: the pool this round won (0 when it won none), paid besides ``win``


class DiceRoundRead(RoundRead):
    dice: DiceOutcome


class DragonTigerRoundRead(RoundRead):
    cards: CardsOutcome


class SeedsRead(BaseModel):
    serverSeedHash: str
    clientSeed: str
    nonce: int  # rounds played under this pair; the next round uses nonce + 1


class RotateBody(BaseModel):
    clientSeed: Annotated[str, Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")]


class RevealedRead(BaseModel):
    serverSeed: str
    serverSeedHash: str
    clientSeed: str
    rounds: int


class RotatedRead(BaseModel):
    previous: RevealedRead
    current: SeedsRead


class VerifyRead(BaseModel):
    gameCode: str
    serverSeedHash: str
    slot: SlotOutcome | None = None
    multiplier: int | None = None  # the slot's total in line bets
    dice: DiceOutcome | None = None
    cards: CardsOutcome | None = None
    won: bool | None = None


class JackpotRead(BaseModel):
    """The brand's progressive pool now and its latest hits (names masked)."""

    currency: str
    amount: int  # minor units
    winners: list[WinnerRead]
