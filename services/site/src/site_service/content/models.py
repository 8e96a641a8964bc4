from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, Boolean, DateTime, ForeignKey, Integer, String, func
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from portal_kit.db import Base

I18n = dict[str, str]


class Banner(Base):
    __tablename__ = "banner"

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=True)
    merchant: Mapped[str] = mapped_column(ForeignKey("merchant.code", ondelete="CASCADE"), index=True)
    group_name: Mapped[str] = mapped_column(String(20))
    image_url: Mapped[str] = mapped_column(String(500))
    title: Mapped[I18n] = mapped_column(JSONB, default=dict)
    linkage_type: Mapped[str] = mapped_column(String(20), default="NONE")
    linkage: Mapped[str] = mapped_column(String(500), default="")
    sort: Mapped[int] = mapped_column(Integer, default=0)
    active: Mapped[bool] = mapped_column(Boolean, default=True)


class Announcement(Base):
    """Announcements and notices: type B, PL, PU, PR or H; popup execution A, B or F (or none)."""

    __tablename__ = "announcement"

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=True)
    merchant: Mapped[str] = mapped_column(ForeignKey("merchant.code", ondelete="CASCADE"), index=True)
    type: Mapped[str] = mapped_column(String(2))
    popup_execution: Mapped[str | None] = mapped_column(String(1), nullable=True)
    title: Mapped[I18n] = mapped_column(JSONB, default=dict)
    content: Mapped[I18n] = mapped_column(JSONB, default=dict)
    promotion_type: Mapped[str | None] = mapped_column(String(30), nullable=True)
    starts_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    ends_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    sort: Mapped[int] = mapped_column(Integer, default=0)
    active: Mapped[bool] = mapped_column(Boolean, default=True)


class HelpTopic(Base):
    __tablename__ = "help_topic"

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=True)
    merchant: Mapped[str] = mapped_column(ForeignKey("merchant.code", ondelete="CASCADE"), index=True)
    key: Mapped[str] = mapped_column(String(50))
    title: Mapped[I18n] = mapped_column(JSONB, default=dict)
    content: Mapped[I18n] = mapped_column(JSONB, default=dict)
    sort: Mapped[int] = mapped_column(Integer, default=0)
