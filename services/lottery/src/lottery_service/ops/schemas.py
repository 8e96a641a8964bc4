"""Payloads and answers of the lottery's ops calls."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from pydantic import BaseModel, ConfigDict, StringConstraints

from portal_kit.audit import OpsAuditRead

Reason = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=500)]


class IssueVoiding(BaseModel):
    """Why the issue should be voided (proposing), or why the proposal is rejected."""

    model_config = ConfigDict(extra="forbid")
    reason: Reason


class VoidRequestRead(BaseModel):
    """A proposed void: ``pending`` (waiting for a second person), ``approved`` (the issue is void), ``rejected``, or
    ``lapsed`` (still pending when the issue closed: it can no longer be approved). ``betsToRefund`` answers the
    approval: the accepted bets (and those a member is cancelling) whose stakes the worker gives back. Bets of a slip
    still waiting for its debit's answer are not counted: that debit is rolled back, never refunded."""

    requestId: str
    gameCode: str
    issue: str
    reason: str
    status: str
    requestedBy: str
    decidedBy: str | None
    decisionReason: str | None
    createdAt: datetime
    decidedAt: datetime | None
    betsToRefund: int | None = None


# An ops action as the lottery's audit call has always answered it (the generated client reads these fields): the
# kit's ``OpsAuditRead`` without its brand (every lottery action is every brand's) and address.
class LotteryAuditRead(BaseModel):
    actor: str
    action: str
    target: str
    reason: str
    before: dict[str, object]
    after: dict[str, object]
    at: str

    @classmethod
    def of(cls, row: OpsAuditRead) -> LotteryAuditRead:
        return cls(
            actor=row.actor, action=row.action, target=row.target, reason=row.reason or "", before=row.before or {},
            after=row.after or {}, at=row.at.isoformat(),
        )  # fmt: skip
