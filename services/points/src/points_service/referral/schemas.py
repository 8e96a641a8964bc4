"""Referrals as members and ops read them, and the rule as ops write it."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from points_service.referral.domain import MAX_AMOUNT, MAX_THRESHOLD, InvitationStatus


class ReferralRuleRead(BaseModel):
    minDeposit: int  # D: the invitee's credited deposits, minor units
    minValidBet: int  # B: the invitee's valid bets, minor units
    reward: int  # R: the inviter's cash, minor units
    enabled: bool


class ReferralRuleWrite(BaseModel):
    model_config = ConfigDict(extra="forbid")
    minDeposit: Annotated[int, Field(strict=True, ge=0, le=MAX_THRESHOLD)]
    minValidBet: Annotated[int, Field(strict=True, ge=0, le=MAX_THRESHOLD)]
    reward: Annotated[int, Field(strict=True, ge=1, le=MAX_AMOUNT)]
    enabled: bool
    reason: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=500)]


class InvitationRead(BaseModel):
    invitationId: int
    invitee: str  # the invitee's username, masked (``al***e``)
    registeredAt: datetime
    deposited: int  # so far, minor units
    validBet: int  # so far, minor units
    qualified: bool
    status: InvitationStatus
    reward: int  # the inviter's reward once qualified (0 before)
    qualifiedAt: datetime | None
    paidAt: datetime | None


class ReferralTotalsRead(BaseModel):
    invited: int
    qualified: int
    rewarded: int  # paid, minor units
    pending: int  # qualified and not paid yet, minor units


class ReferralInfoRead(BaseModel):
    code: str
    link: str  # relative to the brand's site: ``/register?ref=CODE``
    rule: ReferralRuleRead
    invitations: list[InvitationRead]  # newest first (the latest 200)
    totals: ReferralTotalsRead
