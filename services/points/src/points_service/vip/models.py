"""VIP levels: a brand's ladder, each member's lifetime valid-bet turnover and level, and the levels reached (each
with its one-time cash bonus, paid by the wallet once per member and level)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, CheckConstraint, DateTime, Identity, Index, Integer, String, func
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from portal_kit.db import Base


class VipLevel(Base):
    __tablename__ = "vip_level"
    __table_args__ = (
        CheckConstraint("level >= 1 AND turnover >= 1 AND bonus >= 0", name="level_sane"),
        CheckConstraint("points_multiplier_pct BETWEEN 100 AND 1000", name="multiplier_sane"),
    )

    merchant: Mapped[str] = mapped_column(String(32), primary_key=True)
    level: Mapped[int] = mapped_column(Integer, primary_key=True)
    names: Mapped[dict[str, str]] = mapped_column(JSONB)  # language → name
    turnover: Mapped[int] = mapped_column(BigInteger)  # lifetime valid bet that reaches it, minor units
    bonus: Mapped[int] = mapped_column(BigInteger)  # one-time level-up cash, minor units (0: none)
    points_multiplier_pct: Mapped[int] = mapped_column(Integer)  # a perk shown (100: ×1.00)
    perks: Mapped[dict[str, str]] = mapped_column(JSONB)  # language → further perks, plain text
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class VipMember(Base):
    __tablename__ = "vip_member"
    __table_args__ = (CheckConstraint("turnover >= 0 AND level >= 0", name="member_sane"),)

    merchant: Mapped[str] = mapped_column(String(32), primary_key=True)
    account_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    turnover: Mapped[int] = mapped_column(BigInteger)  # every valid bet settled, minor units
    level: Mapped[int] = mapped_column(Integer)  # the highest level reached (0: none); never lowered
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class VipLevelUp(Base):
    __tablename__ = "vip_level_up"
    __table_args__ = (
        Index("ux_vip_level_up_member_level", "merchant", "account_id", "level", unique=True),
        Index("ix_vip_level_up_pending", "status", "id"),
        CheckConstraint("amount >= 0", name="amount_sane"),
    )

    id: Mapped[int] = mapped_column(BigInteger, Identity(), primary_key=True)
    merchant: Mapped[str] = mapped_column(String(32))
    account_id: Mapped[str] = mapped_column(String(64))
    level: Mapped[int] = mapped_column(Integer)
    names: Mapped[dict[str, str]] = mapped_column(JSONB)  # the level as named then
    amount: Mapped[int] = mapped_column(BigInteger)  # the bonus as it was when reached
    status: Mapped[str] = mapped_column(String(16))  # BonusStatus
    error: Mapped[str | None] = mapped_column(String(64), nullable=True)
    # Until when a process is asking the wallet (a lease), or when it may be asked again after no answer.
    asking_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    reached_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    paid_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
