"""Raffles as members and ops read them, and what they send."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from pydantic import AwareDatetime, BaseModel, ConfigDict, Field, StringConstraints, field_validator

from points_service.ops.domain import Review
from points_service.raffles.domain import MAX_PRIZES, PayoutStatus, RaffleState
from portal_kit.money import MAX_AMOUNT

Text = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=80)]
Reason = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=500)]
RequestId = Annotated[str, StringConstraints(min_length=8, max_length=64, pattern=r"^[A-Za-z0-9_.:-]+$")]
Amount = Annotated[int, Field(strict=True, ge=1, le=MAX_AMOUNT)]
Turnover = Annotated[int, Field(strict=True, ge=0, le=MAX_AMOUNT)]


class RaffleWinnerRead(BaseModel):
    place: int  # 1: the first prize listed
    amount: int  # minor units
    ticketNo: int
    username: str  # masked (``al***e``)
    me: bool


class RaffleRead(BaseModel):
    """A raffle as a member sees it: the commitment from the start; once drawn, the seed and the winners."""

    raffleId: int
    name: str  # in the request's language (Turkish when it has none)
    opensAt: datetime
    closesAt: datetime  # excluded; drawn right after
    state: RaffleState
    prizes: list[int]  # minor units, the first place first
    tickets: int  # claimed so far
    minTurnover: int  # stakes (minor units, every game) needed from the opening's UTC day to take a ticket; 0: none
    myTurnover: int  # the member's stakes from the opening's UTC day through today (the close's day at most)
    myTicket: int | None  # the member's ticket number; none: not taking part
    seedHash: str  # SHA-256 of the seed's 32 bytes, hex
    context: str  # the draw's stream name (``raffle:<raffleId>``)
    seed: str | None  # 64 hex digits, once drawn
    drawnAt: datetime | None
    winners: list[RaffleWinnerRead]
    howToVerify: str | None  # once drawn, in the request's language


class RaffleTicketRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    raffleId: Annotated[int, Field(strict=True, ge=1, le=2**63 - 1)]
    requestId: RequestId


class RaffleTicketRead(BaseModel):
    raffleId: int
    ticketNo: int
    seedHash: str
    claimedAt: datetime


class RafflePrizeRead(BaseModel):
    """A prize drawn, as ops see it: whose, and whether the wallet has paid it."""

    place: int
    amount: int
    ticketNo: int
    accountId: str
    username: str | None
    status: PayoutStatus
    error: str | None
    paidAt: datetime | None


class OpsRaffleRead(BaseModel):
    raffleId: int
    name: str
    names: dict[str, str]
    opensAt: datetime
    closesAt: datetime
    state: RaffleState
    prizes: list[int]
    minTurnover: int  # 0: none
    tickets: int
    seedHash: str
    seedKeyId: str | None  # the key its seed is derived under; none: made before the keys (its seed stored)
    seed: str | None  # once drawn
    drawnAt: datetime | None
    winners: list[RafflePrizeRead]
    createdBy: str
    createdAt: datetime
    review: Review  # AWAITING: its prizes are above the dual-control amount and no second person confirmed them yet
    checkedBy: str | None


class NewRaffle(BaseModel):
    """A raffle as ops make it: a Turkish name at least, its window (the close excluded, in the future; the draw at
    the close), its cash prizes in minor units (the first place first), the stakes a member must have made from the
    opening's UTC day to take a ticket (0: none). Its seed is derived then, its SHA-256 shown."""

    model_config = ConfigDict(extra="forbid")
    names: dict[Annotated[str, StringConstraints(pattern=r"^(TR|EN|CN)$")], Text]
    opensAt: AwareDatetime
    closesAt: AwareDatetime
    prizes: Annotated[list[Amount], Field(min_length=1, max_length=MAX_PRIZES)]
    minTurnover: Turnover = 0
    reason: Reason

    @field_validator("names")
    @classmethod
    def _turkish(cls, names: dict[str, str]) -> dict[str, str]:
        if "TR" not in names:
            raise ValueError("a Turkish (TR) name is needed")
        return names
