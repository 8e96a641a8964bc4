"""The adjustments above the dual-control amount awaiting a second person."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, CheckConstraint, DateTime, Index, String, func
from sqlalchemy.orm import Mapped, mapped_column

from portal_kit.db import Base


class AdjustmentRequest(Base):
    """A balance adjustment above the brand's dual-control amount: made by one ops person, carried out only when
    another approves it (pending → approved | rejected)."""

    __tablename__ = "adjustment_request"
    __table_args__ = (
        Index("uq_adjustment_request", "merchant", "request_id", unique=True),
        Index("ix_adjustment_request_status", "merchant", "status", "created_at"),
        CheckConstraint("amount <> 0", name="amount_not_zero"),
    )

    id: Mapped[str] = mapped_column(String(36), primary_key=True)
    merchant: Mapped[str] = mapped_column(String(32))
    account_id: Mapped[str] = mapped_column(String(64))
    request_id: Mapped[str] = mapped_column(String(64))
    amount: Mapped[int] = mapped_column(BigInteger)
    reason: Mapped[str] = mapped_column(String(500))
    status: Mapped[str] = mapped_column(String(16), default="pending")
    requested_by: Mapped[str] = mapped_column(String(64))
    decided_by: Mapped[str | None] = mapped_column(String(64), nullable=True)
    decision_reason: Mapped[str | None] = mapped_column(String(500), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    decided_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
