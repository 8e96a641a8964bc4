"""A brand's missions (a kind, a target, a reward in points, a window) and each account's progress in them; the UTC
days an account played in a play-days mission (one row a day: a day counts once however many bets it had)."""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import (
    BigInteger,
    Boolean,
    CheckConstraint,
    Date,
    DateTime,
    ForeignKey,
    Identity,
    Index,
    Integer,
    String,
    func,
    text,
)
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from portal_kit.db import Base


class Mission(Base):
    __tablename__ = "mission"
    __table_args__ = (
        CheckConstraint("target > 0", name="target_positive"),
        CheckConstraint("reward_points > 0", name="reward_positive"),
        CheckConstraint("ends_at > starts_at", name="window_forward"),
        Index("ix_mission_merchant_sort", "merchant", "sort", "id"),
    )

    id: Mapped[int] = mapped_column(BigInteger, Identity(), primary_key=True)
    merchant: Mapped[str] = mapped_column(String(32))
    names: Mapped[dict[str, str]] = mapped_column(JSONB)  # language → name (TR always)
    kind: Mapped[str] = mapped_column(String(16))  # MissionKind
    game_types: Mapped[list[str]] = mapped_column(JSONB)  # BET_TURNOVER: the game types that count (empty: all)
    target: Mapped[int] = mapped_column(BigInteger)  # minor units (bet, deposit) or days
    reward_points: Mapped[int] = mapped_column(BigInteger)
    starts_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    ends_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))  # excluded
    active: Mapped[bool] = mapped_column(Boolean)
    sort: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class MissionProgress(Base):
    __tablename__ = "mission_progress"
    __table_args__ = (
        CheckConstraint("progress >= 0", name="progress_not_negative"),
        Index("ix_mission_progress_board", "mission_id", text("progress DESC"), "updated_at", "account_id"),
    )

    mission_id: Mapped[int] = mapped_column(BigInteger, ForeignKey("mission.id", ondelete="CASCADE"), primary_key=True)
    account_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    merchant: Mapped[str] = mapped_column(String(32))
    progress: Mapped[int] = mapped_column(BigInteger)  # counted so far (not capped at the target)
    completed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    claimed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    claim_request_id: Mapped[str | None] = mapped_column(String(64), nullable=True)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class MissionPlayDay(Base):
    __tablename__ = "mission_play_day"

    mission_id: Mapped[int] = mapped_column(BigInteger, ForeignKey("mission.id", ondelete="CASCADE"), primary_key=True)
    account_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    day: Mapped[date] = mapped_column(Date, primary_key=True)
