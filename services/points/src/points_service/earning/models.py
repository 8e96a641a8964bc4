"""What each account played (or deposited) per point type: the part below one betting unit carried to its next
amount (weighted by the VIP multiplier: whole minor units, and the hundredths of one a multiplier leaves), and the
whole amount counted."""

from __future__ import annotations

from sqlalchemy import BigInteger, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from portal_kit.db import Base


class PointProgress(Base):
    __tablename__ = "point_progress"

    merchant: Mapped[str] = mapped_column(String(32), primary_key=True)
    account_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    point_type: Mapped[str] = mapped_column(String(16), primary_key=True)
    carried: Mapped[int] = mapped_column(BigInteger)  # minor units below one betting unit
    carried_fraction: Mapped[int] = mapped_column(Integer, server_default="0")  # and hundredths of one (0..99)
    counted: Mapped[int] = mapped_column(BigInteger)  # every amount counted (turnover of the type)
