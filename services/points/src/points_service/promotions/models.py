"""Promotions a brand offers, the members who joined them, what the promotions know of members' deposits, and the
bonuses granted."""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import (
    BigInteger,
    Boolean,
    CheckConstraint,
    Date,
    DateTime,
    ForeignKey,
    Identity,
    Index,
    Integer,
    LargeBinary,
    String,
    func,
)
from sqlalchemy.dialects.postgresql import ARRAY, JSONB
from sqlalchemy.orm import Mapped, mapped_column

from portal_kit.db import Base


class Promotion(Base):
    __tablename__ = "promotion"
    __table_args__ = (
        CheckConstraint("percent_bp > 0 AND max_bonus > 0 AND min_deposit >= 0", name="bonus_positive"),
        CheckConstraint("wagering_multiple >= 1 AND expiry_days >= 1 AND max_bet >= 0", name="wagering_sane"),
        Index("ix_promotion_merchant_sort", "merchant", "sort", "id"),
    )

    id: Mapped[int] = mapped_column(BigInteger, Identity(), primary_key=True)
    merchant: Mapped[str] = mapped_column(String(32))
    kind: Mapped[str] = mapped_column(String(16))  # PromotionKind
    names: Mapped[dict[str, str]] = mapped_column(JSONB)  # language → name
    details: Mapped[dict[str, str]] = mapped_column(JSONB)  # language → terms, plain text
    picture: Mapped[str] = mapped_column(String(500))
    percent_bp: Mapped[int] = mapped_column(Integer)  # the bonus: basis points of the deposit…
    max_bonus: Mapped[int] = mapped_column(BigInteger)  # …at most this (minor units)
    min_deposit: Mapped[int] = mapped_column(BigInteger)  # a smaller deposit earns nothing
    wagering_multiple: Mapped[int] = mapped_column(Integer)  # stakes asked: the bonus times this
    game_types: Mapped[list[str]] = mapped_column(ARRAY(String(12)))  # GameType: the bets that count
    max_bet: Mapped[int] = mapped_column(BigInteger)  # a bet above it does not count (0: no maximum)
    expiry_days: Mapped[int] = mapped_column(Integer)  # from the grant: unmet by then, forfeited
    starts_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    ends_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    active: Mapped[bool] = mapped_column(Boolean)
    sort: Mapped[int] = mapped_column(Integer)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class PromotionJoin(Base):
    """A member joined a promotion (``MCSFE_signUpPromotionJoin``): its next qualifying deposit earns the bonus."""

    __tablename__ = "promotion_join"
    __table_args__ = (Index("ux_promotion_join", "promotion_id", "account_id", unique=True),)

    id: Mapped[int] = mapped_column(BigInteger, Identity(), primary_key=True)
    merchant: Mapped[str] = mapped_column(String(32))
    promotion_id: Mapped[int] = mapped_column(BigInteger)
    account_id: Mapped[str] = mapped_column(String(64))
    joined_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class PromotionDepositor(Base):
    """How many credited deposits the promotions have seen of a member (a first-deposit promotion is for those with
    none)."""

    __tablename__ = "promotion_depositor"

    merchant: Mapped[str] = mapped_column(String(32), primary_key=True)
    account_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    deposits: Mapped[int] = mapped_column(Integer)


DUE = "status IN ('GRANTING', 'RELEASING', 'EXPIRING')"  # the wallet is to be asked


class BonusGrant(Base):
    """A bonus granted to a member by a promotion, for one deposit; its wagering and where it is (GrantStatus)."""

    __tablename__ = "bonus_grant"
    __table_args__ = (
        Index("ux_bonus_grant_source", "promotion_id", "account_id", "source", unique=True),
        Index("ix_bonus_grant_member", "merchant", "account_id", "status", "activated_at"),
        Index("ix_bonus_grant_merchant", "merchant", "created_at", "id"),
        Index("ix_bonus_grant_merchant_status", "merchant", "status", "created_at", "id"),
        Index("ix_bonus_grant_due", "status", "asking_until", postgresql_where=DUE),
        Index("ix_bonus_grant_expiry", "expires_at", postgresql_where="status = 'ACTIVE'"),
        CheckConstraint("amount > 0 AND turnover_required > 0 AND turnover_done >= 0", name="amounts_sane"),
    )

    id: Mapped[str] = mapped_column(String(36), primary_key=True)  # a UUID: the wallet holds the bonus under it
    merchant: Mapped[str] = mapped_column(String(32))
    account_id: Mapped[str] = mapped_column(String(64))
    promotion_id: Mapped[int] = mapped_column(BigInteger)
    promotion_name: Mapped[dict[str, str]] = mapped_column(JSONB)  # as named when granted
    # Once per promotion and member for a source: ``first`` (a first-deposit bonus), ``day:<yyyy-mm-dd>`` (a reload).
    source: Mapped[str] = mapped_column(String(32))
    deposit_id: Mapped[str] = mapped_column(String(64))  # the deposit it was earned by
    deposit_amount: Mapped[int] = mapped_column(BigInteger)
    amount: Mapped[int] = mapped_column(BigInteger)
    turnover_required: Mapped[int] = mapped_column(BigInteger)
    turnover_done: Mapped[int] = mapped_column(BigInteger, default=0)
    game_types: Mapped[list[str]] = mapped_column(ARRAY(String(12)))
    max_bet: Mapped[int] = mapped_column(BigInteger)
    expiry_days: Mapped[int] = mapped_column(Integer)  # counted again from when the wallet holds it
    status: Mapped[str] = mapped_column(String(12))
    error: Mapped[str | None] = mapped_column(String(64), nullable=True)
    asking_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    activated_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    settled_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class PromotionApplication(Base):
    """A member's application to an activity promotion (``MCSFE_signUpRequestReward``): a remark of at most 140
    characters and up to three images, decided by ops (an approval grants its bonus)."""

    __tablename__ = "promotion_application"
    __table_args__ = (
        Index("ux_promotion_application_request", "merchant", "account_id", "request_id", unique=True),
        Index("ix_promotion_application_status", "merchant", "status", "id"),
        # One application of a member's waiting per promotion, however many are sent at once.
        Index(
            "ux_promotion_application_waiting",
            "promotion_id",
            "account_id",
            unique=True,
            postgresql_where="status = 'PENDING'",
        ),
    )

    id: Mapped[int] = mapped_column(BigInteger, Identity(), primary_key=True)
    merchant: Mapped[str] = mapped_column(String(32))
    promotion_id: Mapped[int] = mapped_column(BigInteger)
    account_id: Mapped[str] = mapped_column(String(64))
    request_id: Mapped[str] = mapped_column(String(64))
    remark: Mapped[str] = mapped_column(String(140))
    status: Mapped[str] = mapped_column(String(12))  # ApplicationStatus
    amount: Mapped[int | None] = mapped_column(BigInteger, nullable=True)  # the bonus an approval granted
    grant_id: Mapped[str | None] = mapped_column(String(36), nullable=True)
    decided_by: Mapped[str | None] = mapped_column(String(64), nullable=True)
    maker: Mapped[str | None] = mapped_column(String(64), nullable=True)  # approved above the dual-control amount
    reason: Mapped[str | None] = mapped_column(String(500), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    decided_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class PromotionApplicationImage(Base):
    __tablename__ = "promotion_application_image"
    __table_args__ = (Index("ix_promotion_application_image_application", "application_id"),)

    id: Mapped[int] = mapped_column(BigInteger, Identity(), primary_key=True)
    application_id: Mapped[int] = mapped_column(ForeignKey("promotion_application.id"))
    content_type: Mapped[str] = mapped_column(String(20))
    data: Mapped[bytes] = mapped_column(LargeBinary)


class PlayDayNet(Base):
    """A member's stakes and wins of one UTC day, every game (cashback on net loss is paid from it)."""

    __tablename__ = "play_day_net"
    __table_args__ = (Index("ix_play_day_net_day", "day"),)

    merchant: Mapped[str] = mapped_column(String(32), primary_key=True)
    account_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    day: Mapped[date] = mapped_column(Date, primary_key=True)
    staked: Mapped[int] = mapped_column(BigInteger)
    won: Mapped[int] = mapped_column(BigInteger)
