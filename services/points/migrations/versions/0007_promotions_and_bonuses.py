"""promotions with bonuses (issue #47 item 4): a brand's first-deposit and reload promotions, the members who
joined them, how many deposits the promotions have seen of each member, and the bonuses granted with their wagering

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-27 16:10:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "promotion",
        sa.Column("id", sa.BigInteger(), sa.Identity(always=False), nullable=False),
        sa.Column("merchant", sa.String(length=32), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("names", postgresql.JSONB(astext_type=sa.Text()), nullable=False),
        sa.Column("details", postgresql.JSONB(astext_type=sa.Text()), nullable=False),
        sa.Column("picture", sa.String(length=500), nullable=False),
        sa.Column("percent_bp", sa.Integer(), nullable=False),
        sa.Column("max_bonus", sa.BigInteger(), nullable=False),
        sa.Column("min_deposit", sa.BigInteger(), nullable=False),
        sa.Column("wagering_multiple", sa.Integer(), nullable=False),
        sa.Column("game_types", postgresql.ARRAY(sa.String(length=12)), nullable=False),
        sa.Column("max_bet", sa.BigInteger(), nullable=False),
        sa.Column("expiry_days", sa.Integer(), nullable=False),
        sa.Column("starts_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("ends_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("active", sa.Boolean(), nullable=False),
        sa.Column("sort", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.CheckConstraint(
            "percent_bp > 0 AND max_bonus > 0 AND min_deposit >= 0", name=op.f("ck_promotion_bonus_positive")
        ),
        sa.CheckConstraint(
            "wagering_multiple >= 1 AND expiry_days >= 1 AND max_bet >= 0", name=op.f("ck_promotion_wagering_sane")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_promotion")),
    )
    op.create_index("ix_promotion_merchant_sort", "promotion", ["merchant", "sort", "id"])
    op.create_table(
        "promotion_join",
        sa.Column("id", sa.BigInteger(), sa.Identity(always=False), nullable=False),
        sa.Column("merchant", sa.String(length=32), nullable=False),
        sa.Column("promotion_id", sa.BigInteger(), nullable=False),
        sa.Column("account_id", sa.String(length=64), nullable=False),
        sa.Column("joined_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_promotion_join")),
    )
    op.create_index("ux_promotion_join", "promotion_join", ["promotion_id", "account_id"], unique=True)
    op.create_table(
        "promotion_depositor",
        sa.Column("merchant", sa.String(length=32), nullable=False),
        sa.Column("account_id", sa.String(length=64), nullable=False),
        sa.Column("deposits", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("merchant", "account_id", name=op.f("pk_promotion_depositor")),
    )
    op.create_table(
        "bonus_grant",
        sa.Column("id", sa.String(length=36), nullable=False),
        sa.Column("merchant", sa.String(length=32), nullable=False),
        sa.Column("account_id", sa.String(length=64), nullable=False),
        sa.Column("promotion_id", sa.BigInteger(), nullable=False),
        sa.Column("promotion_name", postgresql.JSONB(astext_type=sa.Text()), nullable=False),
        sa.Column("source", sa.String(length=32), nullable=False),
        sa.Column("deposit_id", sa.String(length=64), nullable=False),
        sa.Column("deposit_amount", sa.BigInteger(), nullable=False),
        sa.Column("amount", sa.BigInteger(), nullable=False),
        sa.Column("turnover_required", sa.BigInteger(), nullable=False),
        sa.Column("turnover_done", sa.BigInteger(), nullable=False),
        sa.Column("game_types", postgresql.ARRAY(sa.String(length=12)), nullable=False),
        sa.Column("max_bet", sa.BigInteger(), nullable=False),
        sa.Column("expiry_days", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(length=12), nullable=False),
        sa.Column("error", sa.String(length=64), nullable=True),
        sa.Column("asking_until", sa.DateTime(timezone=True), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("activated_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("settled_at", sa.DateTime(timezone=True), nullable=True),
        sa.CheckConstraint(
            "amount > 0 AND turnover_required > 0 AND turnover_done >= 0", name=op.f("ck_bonus_grant_amounts_sane")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_bonus_grant")),
    )
    op.create_index("ux_bonus_grant_source", "bonus_grant", ["promotion_id", "account_id", "source"], unique=True)
    op.create_index("ix_bonus_grant_member", "bonus_grant", ["merchant", "account_id", "status", "activated_at"])
    op.create_index(
        "ix_bonus_grant_due", "bonus_grant", ["status", "asking_until"],
        postgresql_where=sa.text("status IN ('GRANTING', 'RELEASING', 'EXPIRING')"),
    )  # fmt: skip
    op.create_index(
        "ix_bonus_grant_expiry", "bonus_grant", ["expires_at"], postgresql_where=sa.text("status = 'ACTIVE'")
    )


def downgrade() -> None:
    op.drop_table("bonus_grant")
    op.drop_table("promotion_depositor")
    op.drop_index("ux_promotion_join", table_name="promotion_join")
    op.drop_table("promotion_join")
    op.drop_index("ix_promotion_merchant_sort", table_name="promotion")
    op.drop_table("promotion")
