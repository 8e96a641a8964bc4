"""The play per brand, UTC day, vendor, game type and currency, for the ops dashboards."""

from __future__ import annotations

from datetime import date

from sqlalchemy import BigInteger, Date, String
from sqlalchemy.orm import Mapped, mapped_column

from portal_kit.db import Base


class PlayDay(Base):
    __tablename__ = "play_day"

    merchant: Mapped[str] = mapped_column(String(32), primary_key=True)
    day: Mapped[date] = mapped_column(Date, primary_key=True)
    vendor: Mapped[str] = mapped_column(String(40), primary_key=True)
    game_type: Mapped[str] = mapped_column(String(16), primary_key=True)
    currency: Mapped[str] = mapped_column(String(8), primary_key=True)
    bets: Mapped[int] = mapped_column(BigInteger)  # settled bets (rounds)
    stake: Mapped[int] = mapped_column(BigInteger)  # minor units, as every sum here
    win: Mapped[int] = mapped_column(BigInteger)
    valid_bet: Mapped[int] = mapped_column(BigInteger)
