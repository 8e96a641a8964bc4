"""What each account played (or deposited) per point type: the part below one betting unit carried to its next
amount, and the whole amount counted."""

from __future__ import annotations

from sqlalchemy import BigInteger, String
from sqlalchemy.orm import Mapped, mapped_column

from portal_kit.db import Base


class PointProgress(Base):
    __tablename__ = "point_progress"

    merchant: Mapped[str] = mapped_column(String(32), primary_key=True)
    account_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    point_type: Mapped[str] = mapped_column(String(16), primary_key=True)
    carried: Mapped[int] = mapped_column(BigInteger)  # minor units below one betting unit
    counted: Mapped[int] = mapped_column(BigInteger)  # every amount counted (turnover of the type)
