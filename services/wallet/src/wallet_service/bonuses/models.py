"""Bonuses held for members: one row per grant of the points service, ``HELD`` until released or forfeited."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, CheckConstraint, DateTime, Index, String, func
from sqlalchemy.orm import Mapped, mapped_column

from portal_kit.db import Base


class BonusHold(Base):
    __tablename__ = "bonus_hold"
    __table_args__ = (
        Index("uq_bonus_hold_grant", "merchant", "grant_id", unique=True),
        Index("ix_bonus_hold_member", "merchant", "account_id", "status"),
        CheckConstraint("amount > 0", name="amount_positive"),
        CheckConstraint("status IN ('HELD', 'RELEASED', 'FORFEITED')", name="status_known"),
    )

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=True)
    merchant: Mapped[str] = mapped_column(String(32))
    account_id: Mapped[str] = mapped_column(String(64))
    grant_id: Mapped[str] = mapped_column(String(64))
    amount: Mapped[int] = mapped_column(BigInteger)
    currency: Mapped[str] = mapped_column(String(3))
    status: Mapped[str] = mapped_column(String(12))
    withdrawal_id: Mapped[str | None] = mapped_column(String(36), nullable=True)  # the withdrawal that forfeited it
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    settled_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
