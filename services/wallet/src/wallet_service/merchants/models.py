"""A brand's wallet settings: single or transfer mode, vendor wallets, deposit and withdrawal limits, the
minutes a member has to confirm a paid withdrawal, the bank account shown for manual transfers, and the amount
above which a money action needs a second ops person."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import BigInteger, DateTime, Integer, String, func
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
