from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field, StrictBool, StrictInt, StrictStr

from games_service.bgs.games import MAX_STAKE
from games_service.records.schemas import WinnerRead

RequestId = Annotated[str, Field(min_length=8, max_length=100, pattern=r"^[A-Za-z0-9_.:-]+$")]
SeedHash = Annotated[StrictStr, Field(pattern=r"^[0-9a-f]{64}$", description="SHA-256 of a server seed's 32 bytes.")]
Stake = Annotated[StrictInt, Field(ge=1, le=MAX_STAKE, description="Integer minor units.")]


class SpinBody(BaseModel):
    stake: Stake
    requestId: RequestId


RoomId = Annotated[
    StrictStr,
    Field(
        min_length=1, max_length=16,
        description="The room played in (GLS2_roomList): its stakes apply. Required for real money; a free demo "
        "without one plays at the BEGINNER room's stakes.",
    ),
]  # fmt: skip


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
    wins: list[LineWinRead]  # each line's pay before the game's cap on a round's win
    jackpot: bool = False  # the round won the progressive jackpot (rounds before it existed: false)
    jackpotDraw: int | None = None  # the jackpot's number (below 2,000,000,000): a hit when below the stake


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
    capped: bool = False  # the win was cut to the game's maximum win a round


class SlotRoundRead(RoundRead):
    slot: SlotOutcome
    jackpotWin: int  # minor units: the pool this round won (0 when it won none), paid besides ``win``


class DiceRoundRead(RoundRead):
    dice: DiceOutcome


class DragonTigerRoundRead(RoundRead):
    cards: CardsOutcome


class SeedsRead(BaseModel):
    serverSeedHash: str  # the current server seed's commitment: SHA-256 of its 32 bytes, in hex
    clientSeed: str
    nonce: int  # rounds played under this pair; the next round uses nonce + 1
    nextServerSeedHash: str  # the next pair's server seed, fixed now: the one a rotation starts


class RotateBody(BaseModel):
    clientSeed: Annotated[str, Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")]
    nextServerSeedHash: Annotated[
        SeedHash, Field(description="The next server seed's hash the player saw: the rotation starts that seed.")
    ]


class RevealedRead(BaseModel):
    serverSeed: str  # 64 hex digits: the seed's 32 bytes
    serverSeedHash: str
    clientSeed: str
    rounds: int


class RotatedRead(BaseModel):
    previous: RevealedRead
    current: SeedsRead


class VerifyRead(BaseModel):
    gameCode: str
    serverSeedHash: str
    slot: SlotOutcome | None = None  # line wins in line bets of 1, or of the stake's when ``stake`` was given
    multiplier: int | None = None  # the slot's total in line bets
    dice: DiceOutcome | None = None
    cards: CardsOutcome | None = None
    won: bool | None = None


class JackpotRead(BaseModel):
    """The brand's progressive pool now and its latest hits (names masked)."""

    currency: str
    amount: int  # minor units
    winners: list[WinnerRead]
