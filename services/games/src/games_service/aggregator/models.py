from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, Boolean, DateTime, Index, String, func
from sqlalchemy.orm import Mapped, mapped_column

from portal_kit.db import Base


class VendorSession(Base):
    """A game session opened for an aggregator's game: the aggregator calls back with its token (stored
    hashed), and bets are refused once it expires (wins and rollbacks are not, as the protocol requires)."""

    __tablename__ = "vendor_session"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    aggregator: Mapped[str] = mapped_column(String(16))
    merchant: Mapped[str] = mapped_column(String(32))
    account_id: Mapped[str] = mapped_column(String(64))
    player_name: Mapped[str] = mapped_column(String(64))
    currency: Mapped[str] = mapped_column(String(3))
    vendor: Mapped[str] = mapped_column(String(40))
    game_code: Mapped[str] = mapped_column(String(60))
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class VendorTransaction(Base):
    """A bet or a win an aggregator reported, after the wallet took or paid it (the wallet itself keeps the
    money idempotent by the transaction's id). A win must name a bet of this table; a round's bet record is
    written when the aggregator closes the round."""

    __tablename__ = "vendor_transaction"
    __table_args__ = (Index("ix_vendor_transaction_round", "aggregator", "round_id"),)

    aggregator: Mapped[str] = mapped_column(String(16), primary_key=True)
    transaction_uuid: Mapped[str] = mapped_column(String(64), primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))  # bet, win
    merchant: Mapped[str] = mapped_column(String(32))
    account_id: Mapped[str] = mapped_column(String(64))
    player_name: Mapped[str] = mapped_column(String(64))
    vendor: Mapped[str] = mapped_column(String(40))
    game_code: Mapped[str] = mapped_column(String(60))
    game_type: Mapped[str] = mapped_column(String(16))
    round_id: Mapped[str] = mapped_column(String(100))
    currency: Mapped[str] = mapped_column(String(3))
    amount: Mapped[int] = mapped_column(BigInteger)  # minor units
    rolled_back: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
