from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, Boolean, DateTime, Index, String, false, func
from sqlalchemy.orm import Mapped, mapped_column

from portal_kit.db import Base


class VendorSession(Base):
    """A game session opened for an aggregator's game: the aggregator calls back with its token (stored
    hashed), and bets are refused once it expires or once the portal session that launched it ends (wins and
    rollbacks are not, as the protocol requires)."""

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
    # The key of the portal session that launched it (``session:<sha256 of its token>``, as the kit stores it).
    portal_session: Mapped[str | None] = mapped_column(String(80), nullable=True)


class VendorTransaction(Base):
    """One ``transaction_uuid`` of an aggregator, whatever its kind (a bet, a win, a rollback): claimed here
    before the wallet moves any money, so an id is used once across kinds, a win and a rollback of one bet
    serialise on the bet's row, and the money is moved under the same id again when the call is repeated."""

    __tablename__ = "vendor_transaction"
    __table_args__ = (Index("ix_vendor_transaction_round", "aggregator", "round_id"),)

    aggregator: Mapped[str] = mapped_column(String(16), primary_key=True)
    transaction_uuid: Mapped[str] = mapped_column(String(64), primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))  # bet, win, rollback
    state: Mapped[str] = mapped_column(String(12))  # domain.BetState / MovementState
    merchant: Mapped[str] = mapped_column(String(32))
    account_id: Mapped[str] = mapped_column(String(64))
    player_name: Mapped[str] = mapped_column(String(64))
    vendor: Mapped[str] = mapped_column(String(40))
    game_code: Mapped[str] = mapped_column(String(60))
    game_type: Mapped[str] = mapped_column(String(16))
    round_id: Mapped[str] = mapped_column(String(100))
    currency: Mapped[str] = mapped_column(String(3))
    amount: Mapped[int] = mapped_column(BigInteger)  # minor units (a free bet: 0)
    reference_uuid: Mapped[str | None] = mapped_column(String(64), nullable=True)  # a win's or rollback's bet
    is_free: Mapped[bool] = mapped_column(Boolean, server_default=false())
    reward_uuid: Mapped[str | None] = mapped_column(String(64), nullable=True)
    promo: Mapped[bool] = mapped_column(Boolean, server_default=false())  # is_supplier_promo
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class VendorRound(Base):
    """A round of an aggregator, locked by every transaction of it (round first, then the bet), so a close, a
    win and a rollback of one round take turns: a round with a win refuses rollbacks, a closed round takes no
    new bet or win, and its bet record is written once, when it closes."""

    __tablename__ = "vendor_round"

    aggregator: Mapped[str] = mapped_column(String(16), primary_key=True)
    round_id: Mapped[str] = mapped_column(String(100), primary_key=True)
    merchant: Mapped[str] = mapped_column(String(32))
    account_id: Mapped[str] = mapped_column(String(64))
    player_name: Mapped[str] = mapped_column(String(64))
    vendor: Mapped[str] = mapped_column(String(40))
    game_code: Mapped[str] = mapped_column(String(60))
    game_type: Mapped[str] = mapped_column(String(16))
    currency: Mapped[str] = mapped_column(String(3))
    won: Mapped[bool] = mapped_column(Boolean, server_default=false())
    closed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
