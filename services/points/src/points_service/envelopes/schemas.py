"""Red envelopes as members and ops read them, and what they send."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from pydantic import AwareDatetime, BaseModel, ConfigDict, Field, StringConstraints, field_validator

from points_service.envelopes.domain import MAX_SHARES, EnvelopeState, PayoutStatus
from points_service.ops.domain import Review
from portal_kit.money import MAX_AMOUNT

Text = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=80)]
Reason = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=500)]
RequestId = Annotated[str, StringConstraints(min_length=8, max_length=64, pattern=r"^[A-Za-z0-9_.:-]+$")]


class RedEnvelopeShareRead(BaseModel):
    shareNo: int
    amount: int  # minor units
    status: PayoutStatus  # PENDING while the wallet has not answered; paid by the worker then
    claimedAt: datetime


class RedEnvelopeRead(BaseModel):
    """A red envelope as a member sees it: how many shares are left, and the member's own."""

    envelopeId: int
    name: str  # in the request's language (Turkish when it has none)
    opensAt: datetime
    closesAt: datetime  # excluded
    state: EnvelopeState
    pool: int  # minor units
    shares: int
    sharesLeft: int
    mine: RedEnvelopeShareRead | None


class RedEnvelopeClaim(BaseModel):
    model_config = ConfigDict(extra="forbid")
    envelopeId: Annotated[int, Field(strict=True, ge=1, le=2**63 - 1)]
    requestId: RequestId


class RedEnvelopeClaimRead(RedEnvelopeShareRead):
    envelopeId: int


class OpsRedEnvelopeRead(BaseModel):
    envelopeId: int
    name: str
    names: dict[str, str]
    opensAt: datetime
    closesAt: datetime
    state: EnvelopeState
    pool: int
    shares: int
    claimed: int  # shares claimed
    claimedAmount: int
    paid: int  # shares the wallet has paid
    paidAmount: int
    createdBy: str
    createdAt: datetime
    review: Review  # AWAITING: its pool is above the dual-control amount and no second person confirmed it yet
    checkedBy: str | None


class NewRedEnvelope(BaseModel):
    """A red envelope as ops make it: a Turkish name at least, the pool in minor units, the number of shares (the pool
    holds at least one minor unit a share: ``envelope.pool_too_small``), its window (the close excluded, in the
    future). The pool is split at random into the shares when it is made."""

    model_config = ConfigDict(extra="forbid")
    names: dict[Annotated[str, StringConstraints(pattern=r"^(TR|EN|CN)$")], Text]
    pool: Annotated[int, Field(strict=True, ge=1, le=MAX_AMOUNT)]
    shares: Annotated[int, Field(strict=True, ge=1, le=MAX_SHARES)]
    opensAt: AwareDatetime
    closesAt: AwareDatetime
    reason: Reason

    @field_validator("names")
    @classmethod
    def _turkish(cls, names: dict[str, str]) -> dict[str, str]:
        if "TR" not in names:
            raise ValueError("a Turkish (TR) name is needed")
        return names
