from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, DateTime, Index, LargeBinary, String, false, func, text
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from lottery_service.draws.domain import context
from portal_kit.db import Base


class Issue(Base):
    """One draw of a game. Created ahead by the worker with only the commitment of its seed (``seed_hash``): the
    seed is derived under the key ``seed_key_id`` names, held outside the database, and stored (revealed) with
    the result. ``open`` -> ``drawn`` (result fixed) -> ``settled`` (every bet paid or lost); ``open`` ->
    ``void`` (ops voided it before its close: never drawn, every bet refunded); ``open`` -> ``stuck`` (its seed
    cannot be had from its commitment: never drawn, every bet refunded, the worker's audit entry says why). Issues
    written before migration 0003 kept their seed from the start (``seed_key_id`` empty); migration 0004 marked
    those still open ``legacy_seed``, the only ones drawn from a stored seed. The database refuses an issue written
    with a seed, a change of its commitment, and ``legacy_seed`` set by anyone but that migration."""

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
    seed: Mapped[bytes | None] = mapped_column(LargeBinary, nullable=True)  # revealed at the draw
    seed_hash: Mapped[str] = mapped_column(String(64))
    seed_key_id: Mapped[str | None] = mapped_column(String(16), nullable=True)
    # The game code the draw's context names when it is not ``game_code``: the VN issues drawn as VN_SOUTH before
    # that code became the southern draw's (migration 0003) kept the context they were committed under.
    draw_code: Mapped[str | None] = mapped_column(String(32), nullable=True)
    legacy_seed: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    status: Mapped[str] = mapped_column(String(8), default="open")
    result: Mapped[list[int] | None] = mapped_column(JSONB, nullable=True)
    drawn_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    settled_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)

    @property
    def context(self) -> str:
        """The draw's context in the fair stream: ``<game code>:<issue>``."""
        return context(self.draw_code or self.game_code, self.issue)


class SeedKeyRecord(Base):
    """The fingerprint of each seed key id's key (``SeedKeys.fingerprint``), recorded when a worker first holds it: a
    worker given another key under a recorded id refuses to start."""

    __tablename__ = "lottery_seed_key"

    key_id: Mapped[str] = mapped_column(String(16), primary_key=True)
    fingerprint: Mapped[str] = mapped_column(String(64))
    recorded_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
