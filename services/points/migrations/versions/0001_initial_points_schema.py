"""the points service: accounts known, rules, progress, the points ledger, the audit and the inbox

Revision ID: 0001
Revises:
Create Date: 2026-11-27 13:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "inbox",
        sa.Column("consumer", sa.String(length=200), nullable=False),
        sa.Column("event_id", sa.String(length=64), nullable=False),
        sa.Column("subject", sa.String(length=200), nullable=False),
        sa.Column("processed_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.PrimaryKeyConstraint("consumer", "event_id", name=op.f("pk_inbox")),
    )
    op.create_table(
        "point_member",
        sa.Column("merchant", sa.String(length=32), nullable=False),
        sa.Column("account_id", sa.String(length=64), nullable=False),
        sa.Column("account_type", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("merchant", "account_id", name=op.f("pk_point_member")),
    )
    op.create_table(
        "point_rule",
        sa.Column("merchant", sa.String(length=32), nullable=False),
        sa.Column("point_type", sa.String(length=16), nullable=False),
        sa.Column("betting_unit", sa.BigInteger(), nullable=False),
        sa.Column("ratio", sa.Integer(), nullable=False),
        sa.Column("enabled", sa.Boolean(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.PrimaryKeyConstraint("merchant", "point_type", name=op.f("pk_point_rule")),
    )
    op.create_table(
        "point_progress",
        sa.Column("merchant", sa.String(length=32), nullable=False),
        sa.Column("account_id", sa.String(length=64), nullable=False),
        sa.Column("point_type", sa.String(length=16), nullable=False),
        sa.Column("carried", sa.BigInteger(), nullable=False),
        sa.Column("last_points", sa.BigInteger(), nullable=False),
        sa.Column("counted", sa.BigInteger(), nullable=False),
        sa.PrimaryKeyConstraint("merchant", "account_id", "point_type", name=op.f("pk_point_progress")),
    )
    op.create_table(
        "point_account",
        sa.Column("merchant", sa.String(length=32), nullable=False),
        sa.Column("account_id", sa.String(length=64), nullable=False),
        sa.Column("balance", sa.BigInteger(), nullable=False),
        sa.Column("earned", sa.BigInteger(), nullable=False),
        sa.Column("spent", sa.BigInteger(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.CheckConstraint("balance >= 0", name=op.f("ck_point_account_balance_not_negative")),
        sa.PrimaryKeyConstraint("merchant", "account_id", name=op.f("pk_point_account")),
    )
    op.create_table(
        "point_entry",
        sa.Column("id", sa.BigInteger(), sa.Identity(always=False), nullable=False),
        sa.Column("merchant", sa.String(length=32), nullable=False),
        sa.Column("account_id", sa.String(length=64), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("point_type", sa.String(length=16), nullable=False),
        sa.Column("points", sa.BigInteger(), nullable=False),
        sa.Column("balance_after", sa.BigInteger(), nullable=False),
        sa.Column("base_amount", sa.BigInteger(), nullable=False),
        sa.Column("betting_unit", sa.BigInteger(), nullable=False),
        sa.Column("ratio", sa.BigInteger(), nullable=False),
        sa.Column("source", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_point_entry")),
    )
    op.create_index("ix_point_entry_merchant_account_id", "point_entry", ["merchant", "account_id", "id"])
    op.create_index("ux_point_entry_merchant_kind_source", "point_entry", ["merchant", "kind", "source"], unique=True)
    op.create_table(
        "points_audit",
        sa.Column("id", sa.BigInteger(), autoincrement=True, nullable=False),
        sa.Column("merchant", sa.String(length=32), nullable=False),
        sa.Column("actor", sa.String(length=64), nullable=False),
        sa.Column("action", sa.String(length=40), nullable=False),
        sa.Column("target", sa.String(length=64), nullable=False),
        sa.Column("reason", sa.String(length=500), nullable=True),
        sa.Column("before", sa.dialects.postgresql.JSONB(astext_type=sa.Text()), nullable=True),
        sa.Column("after", sa.dialects.postgresql.JSONB(astext_type=sa.Text()), nullable=True),
        sa.Column("ip", sa.String(length=64), nullable=True),
        sa.Column("at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_points_audit")),
    )
    op.create_index("ix_points_audit_merchant_at", "points_audit", ["merchant", "at"])


def downgrade() -> None:
    op.drop_table("points_audit")
    op.drop_table("point_entry")
    op.drop_table("point_account")
    op.drop_table("point_progress")
    op.drop_table("point_rule")
    op.drop_table("point_member")
    op.drop_table("inbox")
