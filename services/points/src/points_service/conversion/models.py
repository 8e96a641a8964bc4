"""Points converted to cash: a brand's rate, and each conversion (its points taken at once, its cash credited by the
wallet once per conversion, tried again until the wallet answers)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, Boolean, DateTime, Identity, Index, String, func
from sqlalchemy.orm import Mapped, mapped_column

from portal_kit.db import Base


class ConversionRule(Base):
    __tablename__ = "point_conversion_rule"

    merchant: Mapped[str] = mapped_column(String(32), primary_key=True)
    points_per_unit: Mapped[int] = mapped_column(BigInteger)  # so many points…
    amount_per_unit: Mapped[int] = mapped_column(BigInteger)  # …are this much cash, minor units
    min_points: Mapped[int] = mapped_column(BigInteger)  # the least converted at once
    enabled: Mapped[bool] = mapped_column(Boolean)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class Conversion(Base):
    __tablename__ = "point_conversion"
    __table_args__ = (
        Index("ux_point_conversion_request", "merchant", "account_id", "request_id", unique=True),
        Index("ix_point_conversion_status", "status", "id"),
    )

    id: Mapped[int] = mapped_column(BigInteger, Identity(), primary_key=True)  # the transaction number
    merchant: Mapped[str] = mapped_column(String(32))
    account_id: Mapped[str] = mapped_column(String(64))
    request_id: Mapped[str] = mapped_column(String(64))
    points: Mapped[int] = mapped_column(BigInteger)
    amount: Mapped[int] = mapped_column(BigInteger)  # cash, minor units
    status: Mapped[str] = mapped_column(String(16))  # ConversionStatus
    error: Mapped[str | None] = mapped_column(String(64), nullable=True)  # the wallet's refusal of a failed one
    # Until when one process is asking the wallet for it (a lease, so two never ask at once); none: nobody is.
    asking_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    paid_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
