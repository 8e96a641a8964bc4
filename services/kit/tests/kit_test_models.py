"""A table for the kit's tests: handlers write notes so a test can count effects."""

from __future__ import annotations

from sqlalchemy import BigInteger, String
from sqlalchemy.orm import Mapped, mapped_column

from portal_kit.db import Base


class Note(Base):
    __tablename__ = "kit_test_note"

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=True)
    text: Mapped[str] = mapped_column(String(200))
