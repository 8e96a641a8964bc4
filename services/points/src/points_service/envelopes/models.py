"""Red envelopes: a brand's pool of cash split at random into shares when made (stored, each at least 1 minor unit,
summing to the pool), and each share as a member claims it (one a member) and the wallet pays it (once, under a
lease while it is asked)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, CheckConstraint, DateTime, Identity, Index, Integer, String, func
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from portal_kit.db import Base


class RedEnvelope(Base):
    __tablename__ = "red_envelope"
    __table_args__ = (
        CheckConstraint("closes_at > opens_at", name="window_valid"),
        CheckConstraint("shares > 0 AND pool >= shares", name="pool_covers_shares"),
        Index("ix_red_envelope_merchant_closes", "merchant", "closes_at"),
    )

    id: Mapped[int] = mapped_column(BigInteger, Identity(), primary_key=True)
    merchant: Mapped[str] = mapped_column(String(32))
    names: Mapped[dict[str, str]] = mapped_column(JSONB)  # language → name
    pool: Mapped[int] = mapped_column(BigInteger)  # minor units, all the shares together
    shares: Mapped[int] = mapped_column(Integer)
    opens_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    closes_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))  # excluded
    created_by: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    # A pool above the brand's dual-control amount waits for a second person (ops.domain.Review) before members see it.
    review: Mapped[str] = mapped_column(String(12), server_default="NONE")
    checked_by: Mapped[str | None] = mapped_column(String(64), nullable=True)


class RedEnvelopeShare(Base):
    __tablename__ = "red_envelope_share"
    __table_args__ = (
        CheckConstraint("amount > 0", name="amount_positive"),
        # One share a member (unclaimed shares have no account: NULLs are distinct).
        Index("ux_red_envelope_share_account", "envelope_id", "account_id", unique=True),
        Index("ix_red_envelope_share_status", "status", "envelope_id"),
    )

    envelope_id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    share_no: Mapped[int] = mapped_column(Integer, primary_key=True)  # 1, 2, ...: taken in this order
    merchant: Mapped[str] = mapped_column(String(32))
    amount: Mapped[int] = mapped_column(BigInteger)  # minor units
    account_id: Mapped[str | None] = mapped_column(String(64), nullable=True)  # none: not claimed yet
    request_id: Mapped[str | None] = mapped_column(String(64), nullable=True)
    status: Mapped[str | None] = mapped_column(String(16), nullable=True)  # PENDING → PAID | FAILED once claimed
    error: Mapped[str | None] = mapped_column(String(64), nullable=True)
    asking_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)  # the lease
    claimed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    paid_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
