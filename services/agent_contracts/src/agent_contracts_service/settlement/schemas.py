"""Settlement lines as the agent reads them (integer minor units; rates basis points)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel, Field


class IncomeLineRead(BaseModel):
    """One line of the agent's income: what one period of one of its contracts paid, and from what (``detail``: the
    team's figures, the rates, the tier reached, the ``gross`` they pay, each nearest holder's contract deducted
    from it in ``downlines`` (the downlines at any depth holding one, none between) and the ``net`` paid; an
    adjustment lists the windows its late bets belong to)."""

    id: int
    kind: str = Field(description="REALTIME_SALARY, DAILY_WAGE or HOURLY_SALARY")
    contractId: int
    lineType: str = Field(description="SALARY (the period's own figures) or ADJUSTMENT (late bets of earlier windows)")
    periodStart: datetime
    periodEnd: datetime
    currency: str
    amount: int
    status: str = Field(description="PENDING (the wallet not answered yet), PAID or REFUSED")
    errorCode: str | None = Field(description="The wallet's refusal, when REFUSED")
    detail: dict[str, Any]
    createdAt: datetime
    paidAt: datetime | None
