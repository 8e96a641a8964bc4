"""The accounts the points service knows (from ``auth.member.registered.v1``): a trial account earns nothing."""

from __future__ import annotations

from sqlalchemy import Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from portal_kit.db import Base


class PointMember(Base):
    __tablename__ = "point_member"

    merchant: Mapped[str] = mapped_column(String(32), primary_key=True)
    account_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_type: Mapped[int] = mapped_column(Integer)  # 0 member; 1, 2, 41, 42 agents; 4 trial
    username: Mapped[str | None] = mapped_column(String(64), nullable=True)  # shown masked on leaderboards
