"""Every ops action on money: who, when, on what, why, before and after (the kit's one ops-audit shape)."""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import BigInteger, Boolean, CheckConstraint, Date, DateTime, String, func
from sqlalchemy.orm import Mapped, mapped_column

from portal_kit.audit import OpsAuditRecord
from portal_kit.db import Base


class OpsAudit(OpsAuditRecord, Base):
    """``action`` is ``<object>.<action>`` (``withdrawal.pay``, ``balance.adjust``, ``settings.change``), ``target`` the
    object's id (a withdrawal, a deposit, an account, the brand). ``after`` is what the action recorded (its amount,
    account, status and balance before and after); a settings change keeps the changed settings in ``before`` and
    ``after``. Rows written before migration 0010 keep their old ``detail`` whole in ``after``."""

    __tablename__ = "money_audit"


class OpsMemberDay(Base):
    """What one ops person moved alone (with no second person) to or from one member of a brand on one UTC day:
    ``alone`` sums the amounts (adjustments either way, bank transfers credited, withdrawals approved), ``credited``
    the part that credited the member (adjustments up, bank transfers). The row is upserted, and so locked, in the
    transaction of the action it counts: two actions of the same person for the same member take turns."""

    __tablename__ = "ops_member_day"
    __table_args__ = (
        CheckConstraint("alone >= 0", name="alone_not_negative"),
        CheckConstraint("credited >= 0 AND credited <= alone", name="credited_within_alone"),
    )

    merchant: Mapped[str] = mapped_column(String(32), primary_key=True)
    actor: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    day: Mapped[date] = mapped_column(Date, primary_key=True)
    alone: Mapped[int] = mapped_column(BigInteger, server_default="0")
    credited: Mapped[int] = mapped_column(BigInteger, server_default="0")


class OpsGrantDecision(Base):
    """A grant another service asked about (``rpc.wallet.dual_control`` with its ``grantKey``), decided once: a replay
    of the key by the same maker for the same member answers the same and counts nothing more. The key names the grant
    and its amount (points: ``application:<id>:<amount>``), so the same grant of another amount, or asked by another
    maker, is decided, and counted into that maker's total, anew."""

    __tablename__ = "ops_grant_decision"

    merchant: Mapped[str] = mapped_column(String(32), primary_key=True)
    grant_key: Mapped[str] = mapped_column(String(200), primary_key=True)
    maker: Mapped[str] = mapped_column(String(64), primary_key=True)  # another maker's ask is its own decision
    account_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    second_person: Mapped[bool] = mapped_column(Boolean)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
