"""What the contract calls take and answer. Rates are integer basis points (100 = 1 %, 10000 = 100 %); thresholds
and amounts integer minor units."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt

Action = Literal["read", "offer", "withdraw", "sign", "terminate", "refuse"]
RequestTypeName = Literal["NEW", "TERMINATION"]


class Terms(BaseModel):
    model_config = ConfigDict(extra="forbid")


class DividendTier(BaseModel):
    model_config = ConfigDict(extra="forbid")

    minProfitLoss: StrictInt = Field(description="The team's loss in the period (minor units) from which the tier pays")
    minActiveMembers: StrictInt = Field(description="Active members the team needs in the period for the tier")
    ratio: StrictInt = Field(description="The bonus share of the team's loss, basis points")


class DividendTerms(Terms):
    """Bonus share by period (D daily, W weekly, H semi-monthly, M monthly), tiered by the team's loss and active
    members: the highest tier reached pays."""

    period: Literal["D", "W", "H", "M"]
    tiers: list[DividendTier] = Field(min_length=1, max_length=10)


class VolumeTier(BaseModel):
    model_config = ConfigDict(extra="forbid")

    minValidBet: StrictInt = Field(description="The team's valid bet in the day or hour (minor units) the tier needs")
    minActiveMembers: StrictInt = Field(description="Active members the team needs in the day or hour")
    ratio: StrictInt = Field(description="The salary, basis points of the team's valid bet")


class WageTerms(Terms):
    """Daily wage (of the team's daily volume) or hourly salary (of its hourly volume), tiered; the highest tier
    reached pays."""

    tiers: list[VolumeTier] = Field(min_length=1, max_length=10)


class RealTimeTerms(Terms):
    """Real-time salary, settled every 5 minutes: basis points of the valid bet of the team's won and lost bets, for
    a team whose bet amount in the period reaches ``betAmount``."""

    winRate: StrictInt
    lossRate: StrictInt
    betAmount: StrictInt = Field(description="The team's bet amount per period (minor units) that opens the salary")


AnyTerms = DividendTerms | WageTerms | RealTimeTerms


class ContractCall(BaseModel):
    """One call of a contract type. ``read``: the caller's contract and the offer waiting for it (or, with
    ``downlineId``, that direct downline's); ``offer`` (the upline): ``downlineId``, ``requestType`` NEW with
    ``terms``, or TERMINATION; ``withdraw`` (the upline, with ``requestId``): its own offer, while it waits;
    ``sign`` (a NEW offer), ``terminate`` (agree to a TERMINATION offer), ``refuse``
    (either): the downline, with ``requestId``."""

    model_config = ConfigDict(extra="forbid")

    action: Action
    downlineId: str | None = Field(None, min_length=1, max_length=64)
    requestType: RequestTypeName | None = None
    requestId: StrictInt | None = Field(None, ge=1, le=2**63 - 1)


class DividendCall(ContractCall):
    terms: DividendTerms | None = None


class WageCall(ContractCall):
    terms: WageTerms | None = None


class RealTimeCall(ContractCall):
    terms: RealTimeTerms | None = None


class ContractRead(BaseModel):
    id: int
    kind: str
    accountId: str
    uplineId: str | None
    terms: AnyTerms
    ratio: int = Field(description="The contract's highest rate, basis points")
    status: str = Field(description="ACTIVE or ENDED")
    endReason: str | None = Field(description="SUPERSEDED, TERMINATED or CANCELLED")
    startedAt: datetime
    endedAt: datetime | None


class RequestRead(BaseModel):
    id: int
    kind: str
    accountId: str
    uplineId: str
    requestType: str = Field(description="NEW or TERMINATION")
    terms: AnyTerms | None = Field(description="A NEW request's terms; none for a TERMINATION")
    ratio: int | None
    contractId: int | None
    status: str = Field(description="PENDING, SIGNED, TERMINATED, REFUSED or CANCELLED")
    createdAt: datetime
    decidedAt: datetime | None


class CancelWarningRead(BaseModel):
    """A contract (or offer) of a downline below the signer that agreeing cancels: its rates exceed the new ones."""

    accountId: str
    contractId: int | None
    requestId: int | None
    ratio: int | None


class ContractStateRead(BaseModel):
    """A contract type for one agent: its active contract, the offer waiting for its answer, and what agreeing to
    that offer would cancel automatically (``cancels``; after an agreement, what it did cancel)."""

    kind: str
    accountId: str
    contract: ContractRead | None
    pending: RequestRead | None
    cancels: list[CancelWarningRead]


class HistoryRead(BaseModel):
    id: int
    kind: str
    accountId: str
    uplineId: str | None
    action: str
    actor: str
    requestId: int | None
    contractId: int | None
    ratio: int | None
    at: datetime


class ContractsRead(BaseModel):
    """The caller's own contracts and offers, and those of its direct downlines."""

    own: list[ContractRead]
    downlines: list[ContractRead]
    pending: list[RequestRead]


class Grant(BaseModel):
    """Ops: a contract for a top agent (no upline to offer it), agreed at once."""

    model_config = ConfigDict(extra="forbid")

    reason: str = Field(min_length=1, max_length=500)


class DividendGrant(Grant):
    terms: DividendTerms


class WageGrant(Grant):
    terms: WageTerms


class RealTimeGrant(Grant):
    terms: RealTimeTerms
