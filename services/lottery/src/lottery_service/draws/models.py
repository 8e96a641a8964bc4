from __future__ import annotations

from datetime import datetime

from sqlalchemy import DateTime, Index, LargeBinary, String, text
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from portal_kit.db import Base


class Issue(Base):
    """One draw of a game. Created ahead by the worker with its seed, whose hash is public while betting is
    open; the seed is revealed with the result. ``open`` -> ``drawn`` (result fixed) -> ``settled`` (every bet
    paid or lost); ``open`` -> ``void`` (ops voided it: never drawn, every bet refunded)."""

    __tablename__ = "lottery_issue"
    __table_args__ = (
        Index("ix_issue_due", "draws_at", postgresql_where=text("status = 'open'")),
        Index("ix_issue_drawn", "draws_at", postgresql_where=text("status = 'drawn'")),
        Index("ix_issue_game_draws", "game_code", "draws_at"),
    )

    game_code: Mapped[str] = mapped_column(String(32), primary_key=True)
    issue: Mapped[str] = mapped_column(String(16), primary_key=True)  # yyyyMMdd + the day's sequence
    opens_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    closes_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    draws_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    seed: Mapped[bytes] = mapped_column(LargeBinary)
    seed_hash: Mapped[str] = mapped_column(String(64))
    status: Mapped[str] = mapped_column(String(8), default="open")
    result: Mapped[list[int] | None] = mapped_column(JSONB, nullable=True)
    drawn_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    settled_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
