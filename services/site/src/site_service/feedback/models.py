from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, DateTime, ForeignKey, Index, String, func, text
from sqlalchemy.orm import Mapped, mapped_column

from portal_kit.db import Base


class Feedback(Base):
    """A member's or a visitor's note; ops mark it ``handled`` (or back to ``new``) as they work the inbox."""

    __tablename__ = "feedback"
    __table_args__ = (Index("ix_feedback_merchant_status_created", "merchant", "status", "created_at", "id"),)

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=True)
    merchant: Mapped[str] = mapped_column(ForeignKey("merchant.code", ondelete="CASCADE"), index=True)
    account_id: Mapped[str | None] = mapped_column(String(64), nullable=True)
    content: Mapped[str] = mapped_column(String(140))
    client_ip: Mapped[str | None] = mapped_column(String(64), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    status: Mapped[str] = mapped_column(String(10), server_default=text("'new'"), default="new")
