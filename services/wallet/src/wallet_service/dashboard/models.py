"""The money that came in and went out per brand, UTC day and currency, for the ops dashboards."""

from __future__ import annotations

from datetime import date

from sqlalchemy import BigInteger, Date, String
from sqlalchemy.orm import Mapped, mapped_column

from portal_kit.db import Base


class MoneyDay(Base):
    __tablename__ = "money_day"

    merchant: Mapped[str] = mapped_column(String(32), primary_key=True)
    day: Mapped[date] = mapped_column(Date, primary_key=True)
    currency: Mapped[str] = mapped_column(String(8), primary_key=True)
    deposits: Mapped[int] = mapped_column(BigInteger, default=0)  # deposits credited
    deposited: Mapped[int] = mapped_column(BigInteger, default=0)  # their sum, minor units
    withdrawals: Mapped[int] = mapped_column(BigInteger, default=0)  # withdrawals paid
    withdrawn: Mapped[int] = mapped_column(BigInteger, default=0)  # their sum, minor units
