"""settlement: real-time windows, late bets, window closes, settlement cursors and lines

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-27 04:16:00
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
        "member_window",
        sa.Column("merchant", sa.String(length=32), nullable=False),
        sa.Column("account_id", sa.String(length=64), nullable=False),
        sa.Column("window_start", sa.DateTime(timezone=True), nullable=False),
        sa.Column("currency", sa.String(length=3), nullable=False),
        sa.Column("won_count", sa.BigInteger(), nullable=False),
        sa.Column("won_valid_bet", sa.BigInteger(), nullable=False),
        sa.Column("lost_count", sa.BigInteger(), nullable=False),
        sa.Column("lost_valid_bet", sa.BigInteger(), nullable=False),
        sa.PrimaryKeyConstraint("merchant", "account_id", "window_start", "currency", name=op.f("pk_member_window")),
    )
    op.create_index("ix_member_window_merchant_window", "member_window", ["merchant", "window_start"], unique=False)
    op.create_table(
        "late_bet",
        sa.Column("id", sa.BigInteger(), autoincrement=True, nullable=False),
        sa.Column("merchant", sa.String(length=32), nullable=False),
        sa.Column("account_id", sa.String(length=64), nullable=False),
        sa.Column("window_start", sa.DateTime(timezone=True), nullable=False),
        sa.Column("currency", sa.String(length=3), nullable=False),
        sa.Column("won_count", sa.BigInteger(), nullable=False),
        sa.Column("won_valid_bet", sa.BigInteger(), nullable=False),
        sa.Column("lost_count", sa.BigInteger(), nullable=False),
        sa.Column("lost_valid_bet", sa.BigInteger(), nullable=False),
        sa.Column("into_window", sa.DateTime(timezone=True), nullable=True),
        sa.Column("arrived_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_late_bet")),
    )
    op.create_index("ix_late_bet_into", "late_bet", ["merchant", "into_window"], unique=False)
    op.create_table(
        "window_close",
        sa.Column("merchant", sa.String(length=32), nullable=False),
        sa.Column("closed_through", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("merchant", name=op.f("pk_window_close")),
    )
    op.create_table(
        "settlement_cursor",
        sa.Column("contract_id", sa.BigInteger(), nullable=False),
        sa.Column("merchant", sa.String(length=32), nullable=False),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("account_id", sa.String(length=64), nullable=False),
        sa.Column("next_start", sa.DateTime(timezone=True), nullable=False),
        sa.Column("next_end", sa.DateTime(timezone=True), nullable=False),
        sa.Column("done", sa.Boolean(), nullable=False),
        sa.PrimaryKeyConstraint("contract_id", name=op.f("pk_settlement_cursor")),
    )
    op.create_index("ix_settlement_cursor_next", "settlement_cursor", ["next_end"], unique=False)
    op.create_table(
        "settlement_line",
        sa.Column("id", sa.BigInteger(), autoincrement=True, nullable=False),
        sa.Column("merchant", sa.String(length=32), nullable=False),
        sa.Column("contract_id", sa.BigInteger(), nullable=False),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("account_id", sa.String(length=64), nullable=False),
        sa.Column("period_start", sa.DateTime(timezone=True), nullable=False),
        sa.Column("period_end", sa.DateTime(timezone=True), nullable=False),
        sa.Column("line_type", sa.String(length=12), nullable=False),
        sa.Column("currency", sa.String(length=3), nullable=False),
        sa.Column("amount", sa.BigInteger(), nullable=False),
        sa.Column("detail", postgresql.JSONB(astext_type=sa.Text()), nullable=False),
        sa.Column("transaction_id", sa.String(length=100), nullable=False),
        sa.Column("status", sa.String(length=12), nullable=False),
        sa.Column("error_code", sa.String(length=64), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("paid_at", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_settlement_line")),
        sa.UniqueConstraint("transaction_id", name=op.f("uq_settlement_line_transaction_id")),
    )
    op.create_index("ix_settlement_line_account", "settlement_line", ["merchant", "account_id", "id"], unique=False)
    op.create_index(
        "ix_settlement_line_pending",
        "settlement_line",
        ["id"],
        unique=False,
        postgresql_where=sa.text("status = 'PENDING'"),
    )


def downgrade() -> None:
    op.drop_index(
        "ix_settlement_line_pending", table_name="settlement_line", postgresql_where=sa.text("status = 'PENDING'")
    )
    op.drop_index("ix_settlement_line_account", table_name="settlement_line")
    op.drop_table("settlement_line")
    op.drop_index("ix_settlement_cursor_next", table_name="settlement_cursor")
    op.drop_table("settlement_cursor")
    op.drop_table("window_close")
    op.drop_index("ix_late_bet_into", table_name="late_bet")
    op.drop_table("late_bet")
    op.drop_index("ix_member_window_merchant_window", table_name="member_window")
    op.drop_table("member_window")
