"""Activity applications as members send and read them, and as ops decide them."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from points_service.promotions.domain import MAX_BONUS, REMARK_MAX, ApplicationStatus
from portal_kit.images import MAX_IMAGES

Reason = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=500)]


class ApplicationRequest(BaseModel):
    """A member applies to an activity promotion: a remark (at most 140 characters) and up to three png or jpg images
    under 5 MB each (base64 or data URLs)."""

    model_config = ConfigDict(extra="forbid")
    promotionId: Annotated[int, Field(strict=True, ge=1, le=2**63 - 1)]
    remark: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=REMARK_MAX)]
    images: Annotated[list[str], Field(max_length=MAX_IMAGES)] = []
    requestId: Annotated[str, StringConstraints(min_length=8, max_length=64, pattern=r"^[A-Za-z0-9_.:-]+$")]


class ApplicationRead(BaseModel):
    applicationId: int
    accountId: str
    promotionId: int
    promotionName: str
    remark: str
    images: int  # how many; ops read each by its number
    status: ApplicationStatus
    amount: int | None  # the bonus approved (granted once APPROVED; awaiting a second person while a maker is set)
    grantId: str | None
    reason: str | None  # of a rejection
    maker: str | None  # who approved an amount above the brand's dual-control amount (ops only; members see None)
    awaitingChecker: bool  # approved by its maker above the dual-control amount, waiting for a second person
    decidedBy: str | None  # ops only; members see None
    createdAt: datetime
    decidedAt: datetime | None


class Approval(BaseModel):
    model_config = ConfigDict(extra="forbid")
    amount: Annotated[int, Field(strict=True, ge=1, le=MAX_BONUS)]  # at most the promotion's maxBonus
    reason: Reason | None = None


class Rejection(BaseModel):
    model_config = ConfigDict(extra="forbid")
    reason: Reason
