"""the points mall: a brand's items with their stock, and the members' redemptions of them

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-27 13:20:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "mall_item",
        sa.Column("id", sa.BigInteger(), sa.Identity(always=False), nullable=False),
        sa.Column("merchant", sa.String(length=32), nullable=False),
        sa.Column("names", postgresql.JSONB(astext_type=sa.Text()), nullable=False),
        sa.Column("picture", sa.String(length=500), nullable=False),
        sa.Column("points", sa.BigInteger(), nullable=False),
        sa.Column("stock", sa.BigInteger(), nullable=False),
        sa.Column("active", sa.Boolean(), nullable=False),
        sa.Column("sort", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.CheckConstraint("stock >= 0", name=op.f("ck_mall_item_stock_not_negative")),
        sa.CheckConstraint("points > 0", name=op.f("ck_mall_item_points_positive")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_mall_item")),
    )
    op.create_index("ix_mall_item_merchant_sort", "mall_item", ["merchant", "sort", "id"])
    op.create_table(
        "mall_redemption",
        sa.Column("id", sa.BigInteger(), sa.Identity(always=False), nullable=False),
        sa.Column("merchant", sa.String(length=32), nullable=False),
        sa.Column("account_id", sa.String(length=64), nullable=False),
        sa.Column("request_id", sa.String(length=64), nullable=False),
        sa.Column("item_id", sa.BigInteger(), nullable=False),
        sa.Column("item_name", postgresql.JSONB(astext_type=sa.Text()), nullable=False),
        sa.Column("quantity", sa.Integer(), nullable=False),
        sa.Column("points", sa.BigInteger(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("delivery_address", sa.String(length=300), nullable=False),
        sa.Column("mobile", sa.String(length=32), nullable=False),
        sa.Column("decided_by", sa.String(length=64), nullable=True),
        sa.Column("reason", sa.String(length=500), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("decided_at", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_mall_redemption")),
    )
    op.create_index(
        "ux_mall_redemption_request", "mall_redemption", ["merchant", "account_id", "request_id"], unique=True
    )
    op.create_index("ix_mall_redemption_account", "mall_redemption", ["merchant", "account_id", "id"])
    op.create_index("ix_mall_redemption_status", "mall_redemption", ["merchant", "status", "id"])


def downgrade() -> None:
    op.drop_table("mall_redemption")
    op.drop_table("mall_item")
