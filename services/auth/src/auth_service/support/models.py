"""Ops notes on a member (risk and support): what an ops person wrote about the account, by whom and when."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, DateTime, Index, String, func
from sqlalchemy.orm import Mapped, mapped_column

from portal_kit.db import Base

NOTE_MAX_CHARS = 1000


class MemberNote(Base):
    """One note, only ever inserted (a correction is a new note); listed per member newest first (migration 0013)."""

    __tablename__ = "member_note"
    __table_args__ = (Index("ix_member_note_merchant_account_id_id", "merchant", "account_id", "id"),)

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=True)
    merchant: Mapped[str] = mapped_column(String(32))
    account_id: Mapped[str] = mapped_column(String(36))
    author: Mapped[str] = mapped_column(String(64))  # the ops person's username
    text: Mapped[str] = mapped_column(String(NOTE_MAX_CHARS))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
