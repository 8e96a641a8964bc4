"""Referrals: each member's invite code, a brand's rule (what an invitee must deposit and bet, what the inviter gets),
every invitation (the invitee's deposits and valid bets counted toward it) and its reward, paid once per invitee."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, Boolean, CheckConstraint, DateTime, Identity, Index, String, func
from sqlalchemy.orm import Mapped, mapped_column

from portal_kit.db import Base


class ReferralRule(Base):
    __tablename__ = "referral_rule"
    __table_args__ = (CheckConstraint("min_deposit >= 0 AND min_valid_bet >= 0 AND reward >= 1", name="rule_sane"),)

    merchant: Mapped[str] = mapped_column(String(32), primary_key=True)
    min_deposit: Mapped[int] = mapped_column(BigInteger)  # D: credited deposits, minor units
    min_valid_bet: Mapped[int] = mapped_column(BigInteger)  # B: valid bets, minor units
    reward: Mapped[int] = mapped_column(BigInteger)  # R: the inviter's cash, minor units
    enabled: Mapped[bool] = mapped_column(Boolean)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class ReferralCode(Base):
    __tablename__ = "referral_code"
    __table_args__ = (Index("ux_referral_code_code", "merchant", "code", unique=True),)

    merchant: Mapped[str] = mapped_column(String(32), primary_key=True)
    account_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    code: Mapped[str] = mapped_column(String(16))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class ReferralTotal(Base):
    """Every account's credited deposits and valid bets, counted whether or not its invitation is known yet (the
    streams are read apart: a deposit may be consumed before the registration that names the inviter)."""

    __tablename__ = "referral_total"

    merchant: Mapped[str] = mapped_column(String(32), primary_key=True)
    account_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    deposited: Mapped[int] = mapped_column(BigInteger)
    valid_bet: Mapped[int] = mapped_column(BigInteger)


class ReferralInvitation(Base):
    __tablename__ = "referral_invitation"
    __table_args__ = (
        Index("ux_referral_invitation_invitee", "merchant", "invitee_id", unique=True),
        Index("ix_referral_invitation_inviter", "merchant", "inviter_id", "id"),
        Index("ix_referral_invitation_status", "status", "id"),
    )

    id: Mapped[int] = mapped_column(BigInteger, Identity(), primary_key=True)
    merchant: Mapped[str] = mapped_column(String(32))
    inviter_id: Mapped[str] = mapped_column(String(64))
    invitee_id: Mapped[str] = mapped_column(String(64))
    invitee_username: Mapped[str] = mapped_column(String(64))
    code: Mapped[str] = mapped_column(String(16))
    registered_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    status: Mapped[str] = mapped_column(String(16))  # InvitationStatus
    reward: Mapped[int] = mapped_column(BigInteger)  # fixed when it qualified (0 until then)
    error: Mapped[str | None] = mapped_column(String(64), nullable=True)
    asking_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    qualified_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    paid_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
