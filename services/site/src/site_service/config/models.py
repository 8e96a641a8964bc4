from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, Boolean, DateTime, ForeignKey, Integer, SmallInteger, String, func
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from portal_kit.audit import OpsAuditRecord
from portal_kit.db import Base

I18n = dict[str, str]


class Merchant(Base):
    """A brand and its site configuration."""

    __tablename__ = "merchant"

    code: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(100))
    active: Mapped[bool] = mapped_column(Boolean, default=True)
    currency: Mapped[str] = mapped_column(String(3))
    currency_symbol: Mapped[str] = mapped_column(String(8))
    languages: Mapped[list[str]] = mapped_column(JSONB, default=lambda: ["TR", "EN", "CN"])
    default_language: Mapped[str] = mapped_column(String(8), default="TR")
    main_domain: Mapped[str] = mapped_column(String(200), default="")
    gtag_id: Mapped[str] = mapped_column(String(50), default="")
    image_cdns: Mapped[list[str]] = mapped_column(JSONB, default=list)
    launch_cdns: Mapped[list[str]] = mapped_column(JSONB, default=list)
    flags: Mapped[dict[str, bool]] = mapped_column(JSONB, default=dict)
    customer_service_url: Mapped[str] = mapped_column(String(500), default="")
    description: Mapped[I18n] = mapped_column(JSONB, default=dict)
    copyright: Mapped[str] = mapped_column(String(200), default="")
    maintenance: Mapped[bool] = mapped_column(Boolean, default=False)
    maintenance_title: Mapped[I18n] = mapped_column(JSONB, default=dict)
    maintenance_text: Mapped[I18n] = mapped_column(JSONB, default=dict)
    maintenance_end: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    blocked_networks: Mapped[list[str]] = mapped_column(JSONB, default=list)
    region_text: Mapped[I18n] = mapped_column(JSONB, default=dict)
    # The odds table the brand's lottery pays: LOTT, ZY, ELOTT or SEA (the lottery's data says what each pays).
    lottery_prize_mode: Mapped[str] = mapped_column(String(8), default="LOTT", server_default="LOTT")
    # The country dialing codes the brand sends SMS to (none: no SMS at all), so nobody pumps SMS to
    # premium numbers abroad at the brand's cost.
    sms_dialing_codes: Mapped[list[str]] = mapped_column(JSONB, default=list, server_default="[]")
    updated_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), server_default=func.now(), onupdate=func.now()
    )


class Resource(Base):
    """A link or download of a brand keyed by type (MOBILECONFIG, Android, FACEBOOK, ...)."""

    __tablename__ = "resource"

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=True)
    merchant: Mapped[str] = mapped_column(ForeignKey("merchant.code", ondelete="CASCADE"), index=True)
    type: Mapped[str] = mapped_column(String(20))
    label_name_en: Mapped[str] = mapped_column(String(100))
    url: Mapped[str] = mapped_column(String(500))
    sort: Mapped[int] = mapped_column(Integer, default=0)


class RegisterRule(Base):
    """How one registration field is shown and checked for one brand."""

    __tablename__ = "register_rule"

    merchant: Mapped[str] = mapped_column(ForeignKey("merchant.code", ondelete="CASCADE"), primary_key=True)
    field: Mapped[str] = mapped_column(String(40), primary_key=True)
    enabled: Mapped[bool] = mapped_column(Boolean, default=False)
    required: Mapped[bool] = mapped_column(Boolean, default=False)
    pattern_id: Mapped[int] = mapped_column(SmallInteger, default=0)
    min_length: Mapped[int] = mapped_column(Integer, default=0)
    max_length: Mapped[int] = mapped_column(Integer, default=255)
    sort: Mapped[int] = mapped_column(Integer, default=0)


class OpsAudit(OpsAuditRecord, Base):
    """Who changed what, when (the kit's one ops-audit shape): every ops change is recorded in the transaction that
    makes it. ``action`` is ``<section>.<action>`` (``merchant.updated``, ``banners.deleted``); ``target`` the content
    item's id, or '' for the brand's own settings (the brand is ``merchant``); ``before`` and ``after`` the changed
    state. Rows written before migration 0005 keep their old detail whole in ``after``."""

    __tablename__ = "ops_audit"


class DomainRoute(Base):
    """An alternative address (line) of a brand, offered when the usual one is unreachable."""

    __tablename__ = "domain_route"

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=True)
    merchant: Mapped[str] = mapped_column(ForeignKey("merchant.code", ondelete="CASCADE"), index=True)
    domain: Mapped[str] = mapped_column(String(200))
    label: Mapped[str] = mapped_column(String(100), default="")
    sort: Mapped[int] = mapped_column(Integer, default=0)
