"""The inbox: one row per message, for one member or (``account_id`` NULL) an ops broadcast: for every member of a
brand (``audience`` all) or for the members listed in ``member_message_audience`` (``audience`` member or list); and
a receipt per member who read or deleted it."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, Boolean, CheckConstraint, DateTime, ForeignKey, Index, String, func
from sqlalchemy.orm import Mapped, mapped_column

from portal_kit.db import Base


class MemberMessage(Base):
    __tablename__ = "member_message"
    __table_args__ = (
        Index("ix_member_message_reader", "merchant", "account_id", "id"),
        CheckConstraint("amount IS NULL OR amount > 0", name="member_message_amount_positive"),
        CheckConstraint("audience IN ('all', 'member', 'list')", name="audience_known"),
        CheckConstraint("audience = 'all' OR account_id IS NULL", name="audience_of_broadcast"),
    )

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=True)
    merchant: Mapped[str] = mapped_column(String(32))
    account_id: Mapped[str | None] = mapped_column(String(64))  # None: every member of the brand
    kind: Mapped[str] = mapped_column(String(32))
    title: Mapped[str] = mapped_column(String(200), default="")
    body: Mapped[str] = mapped_column(String(4000), default="")
    amount: Mapped[int | None] = mapped_column(BigInteger)
    currency: Mapped[str | None] = mapped_column(String(3))
    reference: Mapped[str | None] = mapped_column(String(64))  # the deposit or withdrawal it tells of
    reason: Mapped[str | None] = mapped_column(String(500))
    occurred_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    written_by: Mapped[str | None] = mapped_column(String(64))  # the ops person of a broadcast
    # Of a broadcast: every member of the brand (all), or only those of ``member_message_audience`` (member, list).
    audience: Mapped[str] = mapped_column(String(8), server_default="all")
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class MemberMessageReceipt(Base):
    __tablename__ = "member_message_receipt"

    message_id: Mapped[int] = mapped_column(
        BigInteger, ForeignKey("member_message.id", ondelete="CASCADE"), primary_key=True
    )
    account_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    read_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    deleted_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class MemberMessageAudience(Base):
    """A member a targeted broadcast (``audience`` member or list) is for; gone with the broadcast."""

    __tablename__ = "member_message_audience"

    message_id: Mapped[int] = mapped_column(
        BigInteger, ForeignKey("member_message.id", ondelete="CASCADE"), primary_key=True
    )
    account_id: Mapped[str] = mapped_column(String(64), primary_key=True)


class MemberMissionBadge(Base):
    """A member's mission as the points service told of it: completed, claimed (either event may come first; each
    sets its own flag, so the order does not matter). The missions badge counts those completed and not claimed."""

    __tablename__ = "member_mission_badge"

    merchant: Mapped[str] = mapped_column(String(32), primary_key=True)
    account_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    mission_id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    completed: Mapped[bool] = mapped_column(Boolean)
    claimed: Mapped[bool] = mapped_column(Boolean)
