"""Per member, per hour (UTC), per currency: what the member's settled bets, deposits and paid withdrawals came to.
A period's figures (a day, a week, half a month, a month) are sums of its hours; a team's, sums over its tree."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, CheckConstraint, DateTime, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from portal_kit.db import Base


class MemberHour(Base):
    __tablename__ = "member_hour"

    merchant: Mapped[str] = mapped_column(String(32), primary_key=True)
    account_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    hour: Mapped[datetime] = mapped_column(DateTime(timezone=True), primary_key=True)
    currency: Mapped[str] = mapped_column(String(3), primary_key=True)
    bet_count: Mapped[int] = mapped_column(BigInteger, default=0)
    stake: Mapped[int] = mapped_column(BigInteger, default=0)
    win: Mapped[int] = mapped_column(BigInteger, default=0)
    valid_bet: Mapped[int] = mapped_column(BigInteger, default=0)
    deposit_count: Mapped[int] = mapped_column(BigInteger, default=0)
    deposit: Mapped[int] = mapped_column(BigInteger, default=0)
    withdrawal_count: Mapped[int] = mapped_column(BigInteger, default=0)
    withdrawal: Mapped[int] = mapped_column(BigInteger, default=0)

    __table_args__ = (
        CheckConstraint("date_trunc('hour', hour AT TIME ZONE 'UTC') = hour AT TIME ZONE 'UTC'", name="whole_hour"),
        Index("ix_member_hour_merchant_hour", "merchant", "hour"),
    )
