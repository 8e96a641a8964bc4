"""The accounts opened per brand, UTC day and kind, for the ops dashboards."""

from __future__ import annotations

from datetime import date

from sqlalchemy import BigInteger, Date, String
from sqlalchemy.orm import Mapped, mapped_column

from portal_kit.db import Base


class RegistrationDay(Base):
    __tablename__ = "registration_day"

    merchant: Mapped[str] = mapped_column(String(32), primary_key=True)
    day: Mapped[date] = mapped_column(Date, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8), primary_key=True)  # AccountKind
    accounts: Mapped[int] = mapped_column(BigInteger)
