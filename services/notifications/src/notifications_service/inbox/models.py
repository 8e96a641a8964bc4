"""The inbox: one row per message, for one member or (``account_id`` NULL) for every member of a brand, and a
receipt per member who read or deleted it."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, CheckConstraint, DateTime, ForeignKey, Index, String, func
from sqlalchemy.orm import Mapped, mapped_column

from portal_kit.db import Base


class MemberMessage(Base):
    __tablename__ = "member_message"
    __table_args__ = (
        Index("ix_member_message_reader", "merchant", "account_id", "id"),
        CheckConstraint("amount IS NULL OR amount > 0", name="member_message_amount_positive"),
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
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class MemberMessageReceipt(Base):
    __tablename__ = "member_message_receipt"

    message_id: Mapped[int] = mapped_column(
        BigInteger, ForeignKey("member_message.id", ondelete="CASCADE"), primary_key=True
    )
    account_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    read_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    deleted_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
