"""Each account's points and every change of them: an entry carries the balance after it, so the records read as a
statement; a balance never goes below zero (the database refuses it)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, CheckConstraint, DateTime, Identity, Index, Integer, String, func
from sqlalchemy.orm import Mapped, mapped_column

from portal_kit.db import Base


class PointAccount(Base):
    __tablename__ = "point_account"
    __table_args__ = (CheckConstraint("balance >= 0", name="balance_not_negative"),)

    merchant: Mapped[str] = mapped_column(String(32), primary_key=True)
    account_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    balance: Mapped[int] = mapped_column(BigInteger)
    earned: Mapped[int] = mapped_column(BigInteger)  # every point ever earned (points never expire)
    spent: Mapped[int] = mapped_column(BigInteger)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class PointEntry(Base):
    __tablename__ = "point_entry"
    __table_args__ = (
        Index("ix_point_entry_merchant_account_id", "merchant", "account_id", "id"),
        Index("ux_point_entry_merchant_kind_source", "merchant", "kind", "source", unique=True),
    )

    id: Mapped[int] = mapped_column(BigInteger, Identity(), primary_key=True)
    merchant: Mapped[str] = mapped_column(String(32))
    account_id: Mapped[str] = mapped_column(String(64))
    kind: Mapped[str] = mapped_column(String(16))  # EntryKind
    point_type: Mapped[str] = mapped_column(String(16))  # PointType
    points: Mapped[int] = mapped_column(BigInteger)  # signed: earned +, spent -
    balance_after: Mapped[int] = mapped_column(BigInteger)
    base_amount: Mapped[int] = mapped_column(BigInteger)  # the valid bet or deposit it was earned on (minor units)
    betting_unit: Mapped[int] = mapped_column(BigInteger)  # the rule it was earned by
    ratio: Mapped[int] = mapped_column(BigInteger)
    # The VIP multiplier it was earned at (100: ×1.00; every entry but a settled bet's earning: 100).
    multiplier_pct: Mapped[int] = mapped_column(Integer, server_default="100")
    source: Mapped[str] = mapped_column(String(64))  # the event (or request) it comes from: one entry each
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
