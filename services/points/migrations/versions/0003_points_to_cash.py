"""points converted to cash: a brand's rate and each conversion

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-27 13:40:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "point_conversion_rule",
        sa.Column("merchant", sa.String(length=32), nullable=False),
        sa.Column("points_per_unit", sa.BigInteger(), nullable=False),
        sa.Column("amount_per_unit", sa.BigInteger(), nullable=False),
        sa.Column("min_points", sa.BigInteger(), nullable=False),
        sa.Column("enabled", sa.Boolean(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.PrimaryKeyConstraint("merchant", name=op.f("pk_point_conversion_rule")),
    )
    op.create_table(
        "point_conversion",
        sa.Column("id", sa.BigInteger(), sa.Identity(always=False), nullable=False),
        sa.Column("merchant", sa.String(length=32), nullable=False),
        sa.Column("account_id", sa.String(length=64), nullable=False),
        sa.Column("request_id", sa.String(length=64), nullable=False),
        sa.Column("points", sa.BigInteger(), nullable=False),
        sa.Column("amount", sa.BigInteger(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("error", sa.String(length=64), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("paid_at", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_point_conversion")),
    )
    op.create_index(
        "ux_point_conversion_request", "point_conversion", ["merchant", "account_id", "request_id"], unique=True
    )
    op.create_index("ix_point_conversion_status", "point_conversion", ["status", "id"])


def downgrade() -> None:
    op.drop_table("point_conversion")
    op.drop_table("point_conversion_rule")
