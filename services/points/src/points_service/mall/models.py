"""The points mall: a brand's items (names in each language, a picture, the points and the money each costs, the stock
left) and the redemptions members make of them (in process until ops approve or reject them; a rejection refunds the
points, the stock and, through the wallet, the money)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, Boolean, CheckConstraint, DateTime, Identity, Index, Integer, String, func
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from portal_kit.db import Base


class MallItem(Base):
    __tablename__ = "mall_item"
    __table_args__ = (
        CheckConstraint("stock >= 0", name="stock_not_negative"),
        CheckConstraint("points > 0", name="points_positive"),
        CheckConstraint("money >= 0", name="money_not_negative"),
        Index("ix_mall_item_merchant_sort", "merchant", "sort", "id"),
    )

    id: Mapped[int] = mapped_column(BigInteger, Identity(), primary_key=True)
    merchant: Mapped[str] = mapped_column(String(32))
    names: Mapped[dict[str, str]] = mapped_column(JSONB)  # language → name
    picture: Mapped[str] = mapped_column(String(500))  # an https address
    points: Mapped[int] = mapped_column(BigInteger)  # what one costs
    money: Mapped[int] = mapped_column(BigInteger, server_default="0")  # and in money, minor units (0: points only)
    stock: Mapped[int] = mapped_column(BigInteger)  # left to redeem
    active: Mapped[bool] = mapped_column(Boolean)  # shown and redeemable
    sort: Mapped[int] = mapped_column(Integer)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class MallRedemption(Base):
    __tablename__ = "mall_redemption"
    __table_args__ = (
        Index("ux_mall_redemption_request", "merchant", "account_id", "request_id", unique=True),
        Index("ix_mall_redemption_account", "merchant", "account_id", "id"),
        Index("ix_mall_redemption_status", "merchant", "status", "id"),
        Index("ix_mall_redemption_payment", "payment", "id", postgresql_where="payment IN ('PENDING', 'REFUNDING')"),
    )

    id: Mapped[int] = mapped_column(BigInteger, Identity(), primary_key=True)  # the transaction number
    merchant: Mapped[str] = mapped_column(String(32))
    account_id: Mapped[str] = mapped_column(String(64))
    request_id: Mapped[str] = mapped_column(String(64))  # the member's: a repeat answers the first redemption
    item_id: Mapped[int] = mapped_column(BigInteger)
    item_name: Mapped[dict[str, str]] = mapped_column(JSONB)  # as it was named when redeemed
    quantity: Mapped[int] = mapped_column(Integer)
    points: Mapped[int] = mapped_column(BigInteger)  # all of it: the item's points × quantity
    money: Mapped[int] = mapped_column(BigInteger, server_default="0")  # the item's money × quantity
    payment: Mapped[str] = mapped_column(String(12), server_default="NONE")  # Payment: where that money is
    status: Mapped[str] = mapped_column(String(16))  # RedemptionStatus
    delivery_address: Mapped[str] = mapped_column(String(300))
    mobile: Mapped[str] = mapped_column(String(32))
    decided_by: Mapped[str | None] = mapped_column(String(64), nullable=True)
    reason: Mapped[str | None] = mapped_column(String(500), nullable=True)  # of a rejection
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    decided_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
