"""initial lottery schema

Revision ID: 0001
Revises:
Create Date: 2026-11-23 20:44:48.042268
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "lottery_issue",
        sa.Column("game_code", sa.String(length=32), nullable=False),
        sa.Column("issue", sa.String(length=16), nullable=False),
        sa.Column("opens_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("closes_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("draws_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("seed", sa.LargeBinary(), nullable=False),
        sa.Column("seed_hash", sa.String(length=64), nullable=False),
        sa.Column("status", sa.String(length=8), nullable=False),
        sa.Column("result", postgresql.JSONB(astext_type=sa.Text()), nullable=True),
        sa.Column("drawn_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("settled_at", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("game_code", "issue", name=op.f("pk_lottery_issue")),
    )
    op.create_index(
        "ix_issue_drawn", "lottery_issue", ["draws_at"], unique=False, postgresql_where=sa.text("status = 'drawn'")
    )
    op.create_index(
        "ix_issue_due", "lottery_issue", ["draws_at"], unique=False, postgresql_where=sa.text("status = 'open'")
    )
    op.create_index("ix_issue_game_draws", "lottery_issue", ["game_code", "draws_at"], unique=False)
    op.create_table(
        "lottery_slip",
        sa.Column("id", sa.UUID(), nullable=False),
        sa.Column("merchant", sa.String(length=32), nullable=False),
        sa.Column("account_id", sa.String(length=64), nullable=False),
        sa.Column("request_id", sa.String(length=100), nullable=False),
        sa.Column("fingerprint", sa.String(length=64), nullable=False),
        sa.Column("game_code", sa.String(length=32), nullable=False),
        sa.Column("issue", sa.String(length=16), nullable=False),
        sa.Column("currency", sa.String(length=3), nullable=False),
        sa.Column("total", sa.BigInteger(), nullable=False),
        sa.Column("status", sa.String(length=8), nullable=False),
        sa.Column("refusal", sa.String(length=60), nullable=True),
        sa.Column("balance", sa.BigInteger(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_lottery_slip")),
    )
    op.create_index(
        "ix_slip_pending",
        "lottery_slip",
        ["created_at"],
        unique=False,
        postgresql_where=sa.text("status IN ('pending', 'voiding')"),
    )
    op.create_index("uq_slip_request", "lottery_slip", ["merchant", "account_id", "request_id"], unique=True)
    op.create_table(
        "outbox",
        sa.Column("id", sa.String(length=64), nullable=False),
        sa.Column("subject", sa.String(length=200), nullable=False),
        sa.Column("body", postgresql.JSONB(astext_type=sa.Text()), nullable=False),
        sa.Column("headers", postgresql.JSONB(astext_type=sa.Text()), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("published_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("last_error", sa.Text(), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_outbox")),
    )
    op.create_index(
        "ix_outbox_pending", "outbox", ["created_at"], unique=False, postgresql_where=sa.text("published_at IS NULL")
    )
    op.create_table(
        "lottery_bet",
        sa.Column("id", sa.UUID(), nullable=False),
        sa.Column("slip_id", sa.UUID(), nullable=False),
        sa.Column("line", sa.Integer(), nullable=False),
        sa.Column("merchant", sa.String(length=32), nullable=False),
        sa.Column("account_id", sa.String(length=64), nullable=False),
        sa.Column("player_name", sa.String(length=64), nullable=False),
        sa.Column("game_code", sa.String(length=32), nullable=False),
        sa.Column("issue", sa.String(length=16), nullable=False),
        sa.Column("bet_type", sa.String(length=32), nullable=False),
        sa.Column("choice", postgresql.JSONB(astext_type=sa.Text()), nullable=False),
        sa.Column("currency", sa.String(length=3), nullable=False),
        sa.Column("stake", sa.BigInteger(), nullable=False),
        sa.Column("odds_milli", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(length=10), nullable=False),
        sa.Column("hits", sa.Integer(), nullable=False),
        sa.Column("win", sa.BigInteger(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("settled_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(["slip_id"], ["lottery_slip.id"], name=op.f("fk_lottery_bet_slip_id_lottery_slip")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_lottery_bet")),
    )
    op.create_index("ix_bet_created", "lottery_bet", ["created_at"], unique=False)
    op.create_index("ix_bet_issue", "lottery_bet", ["game_code", "issue", "status"], unique=False)
    op.create_index("ix_bet_member", "lottery_bet", ["merchant", "account_id", "created_at"], unique=False)
    op.create_index(op.f("ix_lottery_bet_slip_id"), "lottery_bet", ["slip_id"], unique=False)


def downgrade() -> None:
    op.drop_index(op.f("ix_lottery_bet_slip_id"), table_name="lottery_bet")
    op.drop_index("ix_bet_member", table_name="lottery_bet")
    op.drop_index("ix_bet_issue", table_name="lottery_bet")
    op.drop_index("ix_bet_created", table_name="lottery_bet")
    op.drop_table("lottery_bet")
    op.drop_index("ix_outbox_pending", table_name="outbox", postgresql_where=sa.text("published_at IS NULL"))
    op.drop_table("outbox")
    op.drop_index("uq_slip_request", table_name="lottery_slip")
    op.drop_index(
        "ix_slip_pending", table_name="lottery_slip", postgresql_where=sa.text("status IN ('pending', 'voiding')")
    )
    op.drop_table("lottery_slip")
    op.drop_index("ix_issue_game_draws", table_name="lottery_issue")
    op.drop_index("ix_issue_due", table_name="lottery_issue", postgresql_where=sa.text("status = 'open'"))
    op.drop_index("ix_issue_drawn", table_name="lottery_issue", postgresql_where=sa.text("status = 'drawn'"))
    op.drop_table("lottery_issue")
