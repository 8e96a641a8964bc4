from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, DateTime, Index, String, text
from sqlalchemy.orm import Mapped, mapped_column

from portal_kit.db import Base


class BetRecord(Base):
    """A settled bet of any vendor, written in the transaction that settles it: the member's betting record,
    personal profit and loss, recent games and the winners board all read from here."""

    __tablename__ = "bet_record"
    __table_args__ = (
        Index("ix_bet_record_member", "merchant", "account_id", "settled_at"),
        Index("ix_bet_record_wins", "merchant", "settled_at", postgresql_where=text("win > stake")),
    )

    id: Mapped[str] = mapped_column(String(120), primary_key=True)  # <vendor>:<the vendor's round id>
    merchant: Mapped[str] = mapped_column(String(32))
    account_id: Mapped[str] = mapped_column(String(64))
    player_name: Mapped[str] = mapped_column(String(64))
    vendor: Mapped[str] = mapped_column(String(40))
    game_type: Mapped[str] = mapped_column(String(16))
    game_code: Mapped[str] = mapped_column(String(60))
    currency: Mapped[str] = mapped_column(String(3))
    stake: Mapped[int] = mapped_column(BigInteger)
    valid_bet: Mapped[int] = mapped_column(BigInteger)
    win: Mapped[int] = mapped_column(BigInteger)
    settled_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
