"""A brand's rule per point type: each whole betting unit of valid bet (or deposit) earns ``ratio`` points."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, Boolean, DateTime, Integer, String, func
from sqlalchemy.orm import Mapped, mapped_column

from portal_kit.db import Base


class PointRule(Base):
    __tablename__ = "point_rule"

    merchant: Mapped[str] = mapped_column(String(32), primary_key=True)
    point_type: Mapped[str] = mapped_column(String(16), primary_key=True)  # PointType, not REDEEM
    betting_unit: Mapped[int] = mapped_column(BigInteger)  # minor units of valid bet (or deposit) per unit
    ratio: Mapped[int] = mapped_column(Integer)  # points per whole unit
    enabled: Mapped[bool] = mapped_column(Boolean)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
