"""Per member, per hour (UTC), per currency: what the member's settled bets, deposits and paid withdrawals came to.
A period's figures (a day, a week, half a month, a month) are sums of its hours; a team's, sums over its tree."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, CheckConstraint, DateTime, Index, String, func
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


class MemberWindow(Base):
    """Per member, per 5-minute window (UTC, of the bet's ``settledAt``), per currency: the valid bet of its won and
    lost bets, for real-time salary. Written only while the window is open (``window_close``): a bet of a closed
    window goes to ``late_bet``, so a closed window's rows never change."""

    __tablename__ = "member_window"

    merchant: Mapped[str] = mapped_column(String(32), primary_key=True)
    account_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    window_start: Mapped[datetime] = mapped_column(DateTime(timezone=True), primary_key=True)
    currency: Mapped[str] = mapped_column(String(3), primary_key=True)
    won_count: Mapped[int] = mapped_column(BigInteger, default=0)
    won_valid_bet: Mapped[int] = mapped_column(BigInteger, default=0)
    lost_count: Mapped[int] = mapped_column(BigInteger, default=0)
    lost_valid_bet: Mapped[int] = mapped_column(BigInteger, default=0)

    __table_args__ = (Index("ix_member_window_merchant_window", "merchant", "window_start"),)


class LateBet(Base):
    """A settled bet whose window was already closed when it arrived: kept apart, with its own window, and handed
    (``into_window``) to the first window closed after it, whose settlement pays it as an adjustment."""

    __tablename__ = "late_bet"

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=True)
    merchant: Mapped[str] = mapped_column(String(32))
    account_id: Mapped[str] = mapped_column(String(64))
    window_start: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    currency: Mapped[str] = mapped_column(String(3))
    won_count: Mapped[int] = mapped_column(BigInteger, default=0)
    won_valid_bet: Mapped[int] = mapped_column(BigInteger, default=0)
    lost_count: Mapped[int] = mapped_column(BigInteger, default=0)
    lost_valid_bet: Mapped[int] = mapped_column(BigInteger, default=0)
    into_window: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    arrived_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())

    __table_args__ = (Index("ix_late_bet_into", "merchant", "into_window"),)


class WindowClose(Base):
    """A brand's 5-minute windows ending at or before ``closed_through`` are closed: their figures are final. Moved
    forward (and a bet's window checked against it) under the brand's advisory lock, exclusive and shared."""

    __tablename__ = "window_close"

    merchant: Mapped[str] = mapped_column(String(32), primary_key=True)
    closed_through: Mapped[datetime] = mapped_column(DateTime(timezone=True))
