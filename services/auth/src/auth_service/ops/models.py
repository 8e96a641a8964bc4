"""Ops people (separate from members: their own table, login and sessions) and the audit of ops actions in auth."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import DateTime, Index, String, func, text
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from portal_kit.audit import OpsAuditRecord
from portal_kit.db import Base


class OpsPerson(Base):
    """Someone who runs brands: a password and a required TOTP, roles (portal_kit.sessions.OpsRole) and the
    brands they may act for (``*`` for all). A person starts as an invitation (``pending`` until a second admin
    approves it, then ``invited`` with a one-time enrolment token, kept only as its SHA-256) and becomes
    ``active`` when they set their own password and enrol their own TOTP; ``disabled`` admits nothing."""

    __tablename__ = "ops_person"
    __table_args__ = (
        Index("uq_ops_person_username", "username", unique=True),
        Index(
            "uq_ops_person_enrol_token",
            "enrol_token_hash",
            unique=True,
            postgresql_where=text("enrol_token_hash IS NOT NULL"),
        ),
        # One mailbox, one ops person: among those not disabled, an e-mail is held once (two invitations at once).
        Index(
            "uq_ops_person_live_email",
            "email",
            unique=True,
            postgresql_where=text("email IS NOT NULL AND status <> 'disabled'"),
        ),
    )

    id: Mapped[str] = mapped_column(String(36), primary_key=True)
    username: Mapped[str] = mapped_column(String(64))  # stored lower-case
    password_hash: Mapped[str | None] = mapped_column(String(200), nullable=True)  # set by the person at enrolment
    totp_secret: Mapped[str | None] = mapped_column(String(200), nullable=True)  # sealed (auth_service.totp)
    roles: Mapped[list[str]] = mapped_column(JSONB, default=list)
    merchants: Mapped[list[str]] = mapped_column(JSONB, default=list)
    status: Mapped[str] = mapped_column(String(16), default="active")  # pending | invited | active | disabled
    created_by: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    last_login_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    email: Mapped[str | None] = mapped_column(String(254), nullable=True)  # where the enrolment link goes
    invited_by: Mapped[str | None] = mapped_column(String(36), nullable=True)  # the inviter's person id
    approved_by: Mapped[str | None] = mapped_column(String(36), nullable=True)  # who approved the invitation
    enrol_token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    enrol_expires_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    enrol_totp_secret: Mapped[str | None] = mapped_column(String(200), nullable=True)  # sealed, until confirmed


class OpsRequest(Base):
    """A change of the ops plane that one admin asks and a second one approves (maker–checker): an invitation
    (``person.invite``), a person's roles and brands (``person.grant``), an address range added or removed
    (``range.add``, ``range.remove``). ``merchants`` are the brands it touches (a checker must be an admin of each),
    ``before`` and ``after`` the change."""

    __tablename__ = "ops_request"
    __table_args__ = (Index("ix_ops_request_status_created", "status", "created_at"),)

    id: Mapped[str] = mapped_column(String(36), primary_key=True)
    kind: Mapped[str] = mapped_column(String(32))
    target: Mapped[str] = mapped_column(String(64))  # a person's id or a range
    merchants: Mapped[list[str]] = mapped_column(JSONB, default=list)
    before: Mapped[dict[str, object] | None] = mapped_column(JSONB, nullable=True)
    after: Mapped[dict[str, object]] = mapped_column(JSONB)
    status: Mapped[str] = mapped_column(String(16), default="pending")  # pending | approved | rejected | stale
    maker_id: Mapped[str] = mapped_column(String(36))
    maker: Mapped[str] = mapped_column(String(64))
    checker_id: Mapped[str | None] = mapped_column(String(36), nullable=True)
    checker: Mapped[str | None] = mapped_column(String(64), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    decided_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class OpsAddressRange(Base):
    """An address range the ops login admits (inside the gateway's own ops ranges); none: the gateway's alone."""

    __tablename__ = "ops_address_range"

    cidr: Mapped[str] = mapped_column(String(64), primary_key=True)
    added_by: Mapped[str] = mapped_column(String(64))
    approved_by: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class AuthAudit(OpsAuditRecord, Base):
    """Every ops action auth carries out, in the kit's one audit shape: who, what, on which object (``merchant``
    ``*`` for actions on ops people), the state before and after, from where and when."""

    __tablename__ = "auth_audit"
