"""Payloads and answers of the lottery's ops calls."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, StringConstraints


class IssueVoiding(BaseModel):
    model_config = ConfigDict(extra="forbid")
    reason: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=500)]


class VoidedIssueRead(BaseModel):
    gameCode: str
    issue: str
    status: str
    betsToRefund: int  # accepted bets whose stakes the worker gives back


class LotteryAuditRead(BaseModel):
    actor: str
    action: str
    target: str
    reason: str
    before: dict[str, object]
    after: dict[str, object]
    at: str
