"""The tree's tables: one row per account (its upline and depth) and one per (ancestor, descendant) pair at every
depth, the account itself included at depth 0 (a closure table). "Is X in Y's tree" is one primary-key lookup,
"Y's whole tree" one range of the primary key, "X's uplines" one range of the descendant index."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, DateTime, Index, Integer, SmallInteger, String, func
from sqlalchemy.orm import Mapped, mapped_column

from portal_kit.db import Base


class TeamMember(Base):
    __tablename__ = "team_member"

    merchant: Mapped[str] = mapped_column(String(32), primary_key=True)
    account_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    username: Mapped[str | None] = mapped_column(String(64), nullable=True)
    account_type: Mapped[int | None] = mapped_column(SmallInteger, nullable=True)
    upline_id: Mapped[str | None] = mapped_column(String(64), nullable=True)
    depth: Mapped[int] = mapped_column(Integer, default=0)
    # Known only as someone's upline so far (its own registration not yet read): its details come with it.
    placeholder: Mapped[bool] = mapped_column(Boolean, default=False)
    registered_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())

    __table_args__ = (Index("ix_team_member_upline", "merchant", "upline_id"),)


class TeamLink(Base):
    __tablename__ = "team_link"

    merchant: Mapped[str] = mapped_column(String(32), primary_key=True)
    ancestor_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    descendant_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    depth: Mapped[int] = mapped_column(Integer)

    __table_args__ = (Index("ix_team_link_descendant", "merchant", "descendant_id", "depth"),)
