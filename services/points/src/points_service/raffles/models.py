"""Raffles: a brand's draw (names, a window, the cash prizes, the stakes a member must have made in its window to take
part, a secret seed committed by its SHA-256 when made: derived under a key held outside the database, whose id it
records; raffles made before the keys keep their stored seed), the members' tickets (one each, numbered in the order claimed) and the prizes drawn at the close (each paid once by the
wallet, under a lease while it is asked)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, CheckConstraint, DateTime, Identity, Index, Integer, LargeBinary, String, func
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from portal_kit.db import Base


class Raffle(Base):
    __tablename__ = "raffle"
    __table_args__ = (
        CheckConstraint("closes_at > opens_at", name="window_valid"),
        CheckConstraint("tickets >= 0", name="tickets_not_negative"),
        CheckConstraint("min_turnover >= 0", name="min_turnover_not_negative"),
        CheckConstraint("seed IS NOT NULL OR seed_key_id IS NOT NULL", name="seed_known"),
        Index("ix_raffle_merchant_closes", "merchant", "closes_at"),
        Index("ix_raffle_due", "drawn_at", "closes_at"),
    )

    id: Mapped[int] = mapped_column(BigInteger, Identity(), primary_key=True)
    merchant: Mapped[str] = mapped_column(String(32))
    names: Mapped[dict[str, str]] = mapped_column(JSONB)  # language → name
    opens_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    closes_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))  # excluded; the draw follows it
    prizes: Mapped[list[int]] = mapped_column(JSONB)  # cash in minor units, the first place first
    # Stakes (minor units, every game) the member must have made from the opening's UTC day to take a ticket; 0: none.
    min_turnover: Mapped[int] = mapped_column(BigInteger, server_default="0")
    # The key the seed is derived under (``keys.SeedKeys``); none: a raffle made before the keys, its seed stored.
    seed_key_id: Mapped[str | None] = mapped_column(String(16), nullable=True)
    seed: Mapped[bytes | None] = mapped_column(LargeBinary, nullable=True)  # only raffles made before the keys
    seed_hash: Mapped[str] = mapped_column(String(64))  # SHA-256 of the seed's bytes, shown from the start
    tickets: Mapped[int] = mapped_column(Integer, server_default="0")  # the last ticket number given
    # Prizes above the brand's dual-control amount wait for a second person (ops.domain.Review): unseen, never drawn.
    review: Mapped[str] = mapped_column(String(12), server_default="NONE")
    checked_by: Mapped[str | None] = mapped_column(String(64), nullable=True)
    drawn_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    created_by: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class RaffleTicket(Base):
    __tablename__ = "raffle_ticket"
    __table_args__ = (Index("ux_raffle_ticket_account", "raffle_id", "account_id", unique=True),)

    raffle_id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    ticket_no: Mapped[int] = mapped_column(Integer, primary_key=True)  # 1, 2, ... in the order claimed
    merchant: Mapped[str] = mapped_column(String(32))
    account_id: Mapped[str] = mapped_column(String(64))
    username: Mapped[str | None] = mapped_column(String(64), nullable=True)  # shown masked if it wins
    request_id: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class RafflePrize(Base):
    __tablename__ = "raffle_prize"
    __table_args__ = (
        CheckConstraint("amount > 0", name="amount_positive"),
        Index("ix_raffle_prize_status", "status", "raffle_id"),
    )

    raffle_id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    place: Mapped[int] = mapped_column(Integer, primary_key=True)  # 1: the first prize listed
    merchant: Mapped[str] = mapped_column(String(32))
    amount: Mapped[int] = mapped_column(BigInteger)  # minor units
    ticket_no: Mapped[int] = mapped_column(Integer)
    account_id: Mapped[str] = mapped_column(String(64))
    username: Mapped[str | None] = mapped_column(String(64), nullable=True)
    status: Mapped[str] = mapped_column(String(16))  # PayoutStatus: PENDING → PAID | FAILED
    error: Mapped[str | None] = mapped_column(String(64), nullable=True)  # the wallet's refusal of a failed one
    # Until when one process is asking the wallet for it (a lease, so two never ask at once); none: nobody is.
    asking_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    paid_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
