"""Ops people (separate from members: their own table, login and sessions) and the audit of ops actions in auth."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import DateTime, Index, String, func
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from portal_kit.audit import OpsAuditRecord
from portal_kit.db import Base


class OpsPerson(Base):
    """Someone who runs brands: a password and a required TOTP, roles (portal_kit.sessions.OpsRole) and the
    brands they may act for (``*`` for all)."""

    __tablename__ = "ops_person"
    __table_args__ = (Index("uq_ops_person_username", "username", unique=True),)

    id: Mapped[str] = mapped_column(String(36), primary_key=True)
    username: Mapped[str] = mapped_column(String(64))  # stored lower-case
    password_hash: Mapped[str] = mapped_column(String(200))
    totp_secret: Mapped[str] = mapped_column(String(200))  # sealed (auth_service.totp)
    roles: Mapped[list[str]] = mapped_column(JSONB, default=list)
    merchants: Mapped[list[str]] = mapped_column(JSONB, default=list)
    status: Mapped[str] = mapped_column(String(16), default="active")  # active | disabled
    created_by: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    last_login_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class AuthAudit(OpsAuditRecord, Base):
    """Every ops action auth carries out, in the kit's one audit shape: who, what, on which object (``merchant``
    ``*`` for actions on ops people), the state before and after, from where and when."""

    __tablename__ = "auth_audit"
