from __future__ import annotations

import uuid
from datetime import datetime

from sqlalchemy import BigInteger, DateTime, ForeignKey, Index, Integer, String, func, text
from sqlalchemy.dialects.postgresql import JSONB, UUID
from sqlalchemy.orm import Mapped, mapped_column

from portal_kit.db import Base


class Slip(Base):
    """The bets a member placed at once on one issue, paid with one debit (``lottery:slip:<id>``), once per
    ``requestId``. ``pending`` until the wallet answers, then ``accepted``; ``void`` when the wallet refused or
    did not answer (then the debit is rolled back)."""

    __tablename__ = "lottery_slip"
    __table_args__ = (
        Index("uq_slip_request", "merchant", "account_id", "request_id", unique=True),
        Index("ix_slip_pending", "created_at", postgresql_where=text("status IN ('pending', 'voiding')")),
    )

    id: Mapped[uuid.UUID] = mapped_column(UUID(as_uuid=True), primary_key=True, default=uuid.uuid4)
    merchant: Mapped[str] = mapped_column(String(32))
    account_id: Mapped[str] = mapped_column(String(64))
    request_id: Mapped[str] = mapped_column(String(100))
    fingerprint: Mapped[str] = mapped_column(String(64))  # what was asked, to refuse the id reused for another
    game_code: Mapped[str] = mapped_column(String(32))
    issue: Mapped[str] = mapped_column(String(16))
    currency: Mapped[str] = mapped_column(String(3))
    total: Mapped[int] = mapped_column(BigInteger)
    status: Mapped[str] = mapped_column(String(8), default="pending")
    refusal: Mapped[str | None] = mapped_column(String(60), nullable=True)
    balance: Mapped[int | None] = mapped_column(BigInteger, nullable=True)  # the wallet's answer to the debit
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class Bet(Base):
    """One bet of a slip: ``pending`` -> ``accepted`` -> ``won`` or ``lost`` at settlement; ``cancelling`` ->
    ``cancelled`` when the member takes it back before the close; ``void`` with its slip."""

    __tablename__ = "lottery_bet"
    __table_args__ = (
        Index("ix_bet_issue", "game_code", "issue", "status"),
        Index("ix_bet_member", "merchant", "account_id", "created_at"),
        Index("ix_bet_member_issue", "merchant", "account_id", "game_code", "issue"),  # a slip's per-issue limit
        Index("ix_bet_created", "created_at"),
    )

    id: Mapped[uuid.UUID] = mapped_column(UUID(as_uuid=True), primary_key=True, default=uuid.uuid4)
    slip_id: Mapped[uuid.UUID] = mapped_column(ForeignKey("lottery_slip.id"), index=True)
    line: Mapped[int] = mapped_column(Integer, default=0)  # its place in the slip
    merchant: Mapped[str] = mapped_column(String(32))
    account_id: Mapped[str] = mapped_column(String(64))
    player_name: Mapped[str] = mapped_column(String(64))
    game_code: Mapped[str] = mapped_column(String(32))
    issue: Mapped[str] = mapped_column(String(16))
    bet_type: Mapped[str] = mapped_column(String(32))
    choice: Mapped[dict[str, object]] = mapped_column(JSONB)  # {position, numbers, option}
    currency: Mapped[str] = mapped_column(String(3))
    stake: Mapped[int] = mapped_column(BigInteger)
    odds_milli: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(10), default="pending")
    hits: Mapped[int] = mapped_column(Integer, default=0)
    win: Mapped[int] = mapped_column(BigInteger, default=0)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    settled_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
