"""What the wallet keeps of an account from ``auth.member.registered.v1``: its type and its upline."""

from __future__ import annotations

from sqlalchemy import SmallInteger, String
from sqlalchemy.orm import Mapped, mapped_column

from portal_kit.db import Base


class MemberProfile(Base):
    __tablename__ = "member_profile"

    merchant: Mapped[str] = mapped_column(String(32), primary_key=True)
    account_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_type: Mapped[int] = mapped_column(SmallInteger)
    username: Mapped[str | None] = mapped_column(String(64), nullable=True)
    upline_id: Mapped[str | None] = mapped_column(String(64), nullable=True)
