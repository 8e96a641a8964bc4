"""A brand's settings of one lottery game (``lottery_brand_game``): no row, the catalogue's (on, the house's limits,
the brand's prize mode)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, Boolean, CheckConstraint, DateTime, String, func
from sqlalchemy.orm import Mapped, mapped_column

from portal_kit.db import Base


class BrandGame(Base):
    """Whether the brand's members play the game, the stake limits of a bet and of a member's bets on one issue (minor
    units), and the prize mode its bets are paid under (none: the brand's, ``lotteryPrizeMode``)."""

    __tablename__ = "lottery_brand_game"
    __table_args__ = (
        CheckConstraint("min_stake >= 1 AND min_stake <= max_stake AND max_stake <= max_per_issue", name="limits"),
    )

    merchant: Mapped[str] = mapped_column(String(32), primary_key=True)
    game_code: Mapped[str] = mapped_column(String(32), primary_key=True)
    enabled: Mapped[bool] = mapped_column(Boolean)
    min_stake: Mapped[int] = mapped_column(BigInteger)
    max_stake: Mapped[int] = mapped_column(BigInteger)
    max_per_issue: Mapped[int] = mapped_column(BigInteger)
    prize_mode: Mapped[str | None] = mapped_column(String(16), nullable=True)
    updated_by: Mapped[str] = mapped_column(String(64))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
