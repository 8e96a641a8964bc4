"""The voids of issues proposed by one ops person and waiting for a second (their audit: ``audit/models.py``)."""

from __future__ import annotations

import uuid
from datetime import datetime

from sqlalchemy import DateTime, Index, String, func, text
from sqlalchemy.dialects.postgresql import UUID
from sqlalchemy.orm import Mapped, mapped_column

from portal_kit.db import Base


class VoidRequest(Base):
    """A void of an issue proposed by a finance maker: ``pending`` -> ``approved`` (a finance checker who is
    someone else voided the issue) or ``rejected``; one pending proposal per issue. A proposal still pending when its
    issue closes can no longer be approved (read as ``lapsed``)."""

    __tablename__ = "lottery_void_request"
    __table_args__ = (
        Index(
            "uq_void_request_pending", "game_code", "issue", unique=True, postgresql_where=text("status = 'pending'")
        ),
        Index("ix_void_request_created", "created_at"),
    )

    id: Mapped[uuid.UUID] = mapped_column(UUID(as_uuid=True), primary_key=True, default=uuid.uuid4)
    game_code: Mapped[str] = mapped_column(String(32))
    issue: Mapped[str] = mapped_column(String(16))
    reason: Mapped[str] = mapped_column(String(500))
    status: Mapped[str] = mapped_column(String(10), default="pending")
    requested_by: Mapped[str] = mapped_column(String(64))
    decided_by: Mapped[str | None] = mapped_column(String(64), nullable=True)
    decision_reason: Mapped[str | None] = mapped_column(String(500), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    decided_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
