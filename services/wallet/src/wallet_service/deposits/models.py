"""A deposit: a manual bank transfer that ops decide, or a sandbox-gateway order that its callback decides."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, CheckConstraint, DateTime, Index, String, func
from sqlalchemy.orm import Mapped, mapped_column

from portal_kit.db import Base


class Deposit(Base):
    __tablename__ = "deposit"
    __table_args__ = (
        Index("uq_deposit_request", "merchant", "account_id", "request_id", unique=True),
        Index("ix_deposit_status", "merchant", "status", "created_at"),
        Index("ix_deposit_account", "merchant", "account_id", "created_at"),
        CheckConstraint("amount > 0", name="amount_positive"),
    )

    id: Mapped[str] = mapped_column(String(36), primary_key=True)
    merchant: Mapped[str] = mapped_column(String(32))
    account_id: Mapped[str] = mapped_column(String(64))
    request_id: Mapped[str] = mapped_column(String(64))  # the member's idempotency key
    channel: Mapped[str] = mapped_column(String(20))  # BANK_TRANSFER | SANDBOX
    amount: Mapped[int] = mapped_column(BigInteger)
    currency: Mapped[str] = mapped_column(String(3))
    reference: Mapped[str | None] = mapped_column(String(100), nullable=True)
    status: Mapped[str] = mapped_column(String(12))  # pending | credited | rejected | failed
    gateway_txn_id: Mapped[str | None] = mapped_column(String(100), nullable=True)
    decided_by: Mapped[str | None] = mapped_column(String(64), nullable=True)
    # Above the dual-control amount a bank transfer is credited on the approval of a second ops person.
    first_approved_by: Mapped[str | None] = mapped_column(String(64), nullable=True)
    reason: Mapped[str | None] = mapped_column(String(500), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    decided_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
