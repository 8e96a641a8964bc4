"""Settlement's tables. ``settlement_cursor``: per contract of a settled kind, the next period to settle
(locked ``FOR UPDATE SKIP LOCKED`` by the worker settling it, so two workers never settle one contract's period).
``settlement_line``: what a period paid, per currency (its own figures, or the late bets of earlier windows), with
everything it was worked out from; written ``PENDING`` in the same transaction as the cursor moves, marked ``PAID``
only after the wallet answered its key."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import BigInteger, Boolean, DateTime, Index, String, func, text
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from portal_kit.db import Base


class SettlementCursor(Base):
    __tablename__ = "settlement_cursor"

    contract_id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    merchant: Mapped[str] = mapped_column(String(32))
    kind: Mapped[str] = mapped_column(String(20))
    account_id: Mapped[str] = mapped_column(String(64))
    next_start: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    # Its end: the cursor is due once that has passed (and the window closed, or the day's grace gone by).
    next_end: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    # Every period of the contract settled (it ended, and a real-time one's late bets had their day).
    done: Mapped[bool] = mapped_column(Boolean, default=False)

    __table_args__ = (Index("ix_settlement_cursor_next", "next_end"),)


class SettlementLine(Base):
    __tablename__ = "settlement_line"
    __mapper_args__ = {"eager_defaults": True}  # noqa: RUF012 - the server's defaults come back with the insert

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=True)
    merchant: Mapped[str] = mapped_column(String(32))
    contract_id: Mapped[int] = mapped_column(BigInteger)
    kind: Mapped[str] = mapped_column(String(20))
    account_id: Mapped[str] = mapped_column(String(64))
    period_start: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    period_end: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    line_type: Mapped[str] = mapped_column(String(12))
    currency: Mapped[str] = mapped_column(String(3))
    amount: Mapped[int] = mapped_column(BigInteger)
    detail: Mapped[dict[str, Any]] = mapped_column(JSONB)
    transaction_id: Mapped[str] = mapped_column(String(100), unique=True)
    status: Mapped[str] = mapped_column(String(12))
    error_code: Mapped[str | None] = mapped_column(String(64), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    paid_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)

    __table_args__ = (
        Index("ix_settlement_line_account", "merchant", "account_id", "id"),
        Index("ix_settlement_line_pending", "id", postgresql_where=text("status = 'PENDING'")),
    )
