"""Ops people (separate from members: their own table, login and sessions) and the audit of ops actions in auth."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import BigInteger, DateTime, Index, String, func
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

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


class AuthAudit(Base):
    """Every ops action auth carries out: who, what, on which object, the state before and after."""

    __tablename__ = "auth_audit"
    __table_args__ = (Index("ix_auth_audit_merchant_at", "merchant", "at"),)

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=True)
    merchant: Mapped[str] = mapped_column(String(32))  # "*" for actions on ops people
    actor: Mapped[str] = mapped_column(String(64))
    action: Mapped[str] = mapped_column(String(40))
    target: Mapped[str] = mapped_column(String(64))
    before: Mapped[dict[str, Any] | None] = mapped_column(JSONB, nullable=True)
    after: Mapped[dict[str, Any] | None] = mapped_column(JSONB, nullable=True)
    ip: Mapped[str | None] = mapped_column(String(64), nullable=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
