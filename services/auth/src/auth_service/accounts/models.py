from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import BigInteger, Boolean, DateTime, Index, SmallInteger, String, false, func, text
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from portal_kit.db import Base


class Account(Base):
    """A member (type 0), an agent (1, 2, 41, 42) or a trial account (4) of one brand."""

    __tablename__ = "account"
    __table_args__ = (
        Index("uq_account_merchant_username", "merchant", "username", unique=True),
        Index("uq_account_merchant_affiliate_code", "merchant", "affiliate_code", unique=True,
              postgresql_where=text("affiliate_code IS NOT NULL")),
        Index("uq_account_merchant_mobile", "merchant", "country_dialing_code", "mobile_num", unique=True,
              postgresql_where=text("mobile_num IS NOT NULL")),
        # the ops member search (migration 0011; a username's start and the order by name: the unique index above,
        # in the column's byte order): a mobile number without its dialing code, an address
        Index("ix_account_merchant_mobile_num", "merchant", "mobile_num"),
        Index("ix_account_merchant_last_login_ip", "merchant", "last_login_ip"),
        Index("ix_account_merchant_register_ip", "merchant", "register_ip"),
    )  # fmt: skip

    id: Mapped[str] = mapped_column(String(36), primary_key=True)
    merchant: Mapped[str] = mapped_column(String(32))
    # stored lower-case (usernames are case-insensitive), letters and digits: byte order ("C") is their order, in
    # which the (merchant, username) index also serves a search by a name's start and the order by name
    username: Mapped[str] = mapped_column(String(64, collation="C"))
    account_type: Mapped[int] = mapped_column(SmallInteger, default=0)
    status: Mapped[str] = mapped_column(String(16), default="active")  # active | disabled
    password_hash: Mapped[str | None] = mapped_column(String(200), nullable=True)
    password_changed_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    payment_password_hash: Mapped[str | None] = mapped_column(String(200), nullable=True)
    nickname: Mapped[str | None] = mapped_column(String(64), nullable=True)
    fullname: Mapped[str | None] = mapped_column(String(100), nullable=True)
    payee_name: Mapped[str | None] = mapped_column(String(100), nullable=True)
    email: Mapped[str | None] = mapped_column(String(200), nullable=True)
    mobile_num: Mapped[str | None] = mapped_column(String(32), nullable=True)
    country_dialing_code: Mapped[str | None] = mapped_column(String(8), nullable=True)
    birthday: Mapped[str | None] = mapped_column(String(10), nullable=True)
    id_number: Mapped[str | None] = mapped_column(String(40), nullable=True)
    contacts: Mapped[dict[str, Any]] = mapped_column(JSONB, default=dict)  # qqNum, line, whatsapp, ...
    upline_id: Mapped[str | None] = mapped_column(String(36), nullable=True, index=True)
    affiliate_code: Mapped[str | None] = mapped_column(String(32), nullable=True)
    register_ip: Mapped[str | None] = mapped_column(String(64), nullable=True)
    register_method: Mapped[str] = mapped_column(String(16), default="USERNAME")
    totp_secret: Mapped[str | None] = mapped_column(String(200), nullable=True)  # sealed (auth_service.totp)
    totp_enabled: Mapped[bool] = mapped_column(Boolean, server_default=false(), default=False)
    icon: Mapped[int] = mapped_column(SmallInteger, server_default="1", default=1)
    locked_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    # The last change of a way into the account (password, mobile, authenticator, payment password): money may not
    # leave for a while after it (payment_password.check), in case the change was a thief's.
    security_changed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    last_login_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    last_login_ip: Mapped[str | None] = mapped_column(String(64), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class LoginRecord(Base):
    """Every login attempt of an existing account, kept for the security centre and for audits."""

    __tablename__ = "login_record"

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=True)
    account_id: Mapped[str] = mapped_column(String(36), index=True)
    ip: Mapped[str | None] = mapped_column(String(64), nullable=True)
    user_agent: Mapped[str | None] = mapped_column(String(300), nullable=True)
    success: Mapped[bool] = mapped_column(Boolean)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())

    # A login's new-address check: has the account signed in from here before (migration 0006).
    __table_args__ = (
        Index("ix_login_record_account_id_ip_success", "account_id", "ip", postgresql_where=text("success")),
    )
