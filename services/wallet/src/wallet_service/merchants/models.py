"""A brand's wallet settings: single or transfer mode, vendor wallets, deposit and withdrawal limits, the
minutes a member has to confirm a paid withdrawal, the bank account shown for manual transfers, and the amount
above which a money action needs a second ops person."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import BigInteger, CheckConstraint, DateTime, Index, Integer, String, func, text
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from portal_kit.db import Base


class MerchantWallet(Base):
    __tablename__ = "merchant_wallet"

    merchant: Mapped[str] = mapped_column(String(32), primary_key=True)
    mode: Mapped[str] = mapped_column(String(8))  # single | transfer
    vendors: Mapped[list[str]] = mapped_column(JSONB, default=list)
    deposit_min: Mapped[int] = mapped_column(BigInteger)
    deposit_max: Mapped[int] = mapped_column(BigInteger)
    withdrawal_min: Mapped[int] = mapped_column(BigInteger)
    withdrawal_max: Mapped[int] = mapped_column(BigInteger)
    confirm_minutes: Mapped[int] = mapped_column(Integer)
    # Money actions above this many minor units need a second ops person (wallet_service.oversight.domain).
    dual_control_above: Mapped[int] = mapped_column(BigInteger, server_default="1000000")
    bank: Mapped[dict[str, Any]] = mapped_column(JSONB, default=dict)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class DualControlRequest(Base):
    """A raise of the brand's dual-control amount, asked by one admin and carried out only when another admin of
    the brand approves it (pending → approved | rejected; superseded when the amount is lowered meanwhile). At most
    one waits per brand."""

    __tablename__ = "dual_control_request"
    __table_args__ = (
        Index("uq_dual_control_request_pending", "merchant", unique=True, postgresql_where=text("status = 'pending'")),
        Index("ix_dual_control_request_merchant", "merchant", "created_at"),
        CheckConstraint("amount > before", name="raises"),
    )

    id: Mapped[str] = mapped_column(String(36), primary_key=True)
    merchant: Mapped[str] = mapped_column(String(32))
    before: Mapped[int] = mapped_column(BigInteger)  # the amount when it was asked
    amount: Mapped[int] = mapped_column(BigInteger)  # the amount asked for
    status: Mapped[str] = mapped_column(String(16))
    requested_by: Mapped[str] = mapped_column(String(64))
    decided_by: Mapped[str | None] = mapped_column(String(64), nullable=True)
    decision_reason: Mapped[str | None] = mapped_column(String(500), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    decided_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
