"""initial notifications schema

Revision ID: 0001
Revises:
Create Date: 2026-11-24 02:28:24.895638
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
        "inbox",
        sa.Column("consumer", sa.String(length=200), nullable=False),
        sa.Column("event_id", sa.String(length=64), nullable=False),
        sa.Column("subject", sa.String(length=200), nullable=False),
        sa.Column("processed_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.PrimaryKeyConstraint("consumer", "event_id", name=op.f("pk_inbox")),
    )
    op.create_table(
        "member_message",
        sa.Column("id", sa.BigInteger(), autoincrement=True, nullable=False),
        sa.Column("merchant", sa.String(length=32), nullable=False),
        sa.Column("account_id", sa.String(length=64), nullable=True),
        sa.Column("kind", sa.String(length=32), nullable=False),
        sa.Column("title", sa.String(length=200), nullable=False),
        sa.Column("body", sa.String(length=4000), nullable=False),
        sa.Column("amount", sa.BigInteger(), nullable=True),
        sa.Column("currency", sa.String(length=3), nullable=True),
        sa.Column("reference", sa.String(length=64), nullable=True),
        sa.Column("reason", sa.String(length=500), nullable=True),
        sa.Column("occurred_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("written_by", sa.String(length=64), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.CheckConstraint("amount IS NULL OR amount > 0", name=op.f("ck_member_message_amount_positive")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_member_message")),
    )
    op.create_index("ix_member_message_reader", "member_message", ["merchant", "account_id", "id"], unique=False)
    op.create_table(
        "notifications_audit",
        sa.Column("id", sa.BigInteger(), autoincrement=True, nullable=False),
        sa.Column("merchant", sa.String(length=32), nullable=False),
        sa.Column("actor", sa.String(length=64), nullable=False),
        sa.Column("action", sa.String(length=40), nullable=False),
        sa.Column("target", sa.String(length=64), nullable=False),
        sa.Column("before", postgresql.JSONB(astext_type=sa.Text()), nullable=False),
        sa.Column("after", postgresql.JSONB(astext_type=sa.Text()), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_notifications_audit")),
    )
    op.create_index("ix_notifications_audit_merchant", "notifications_audit", ["merchant", "id"], unique=False)
    op.create_table(
        "support_channel",
        sa.Column("merchant", sa.String(length=32), nullable=False),
        sa.Column("model_id", sa.String(length=32), nullable=False),
        sa.Column("name", sa.String(length=80), nullable=False),
        sa.Column("url", sa.String(length=500), nullable=False),
        sa.Column("sort", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("merchant", "model_id", name=op.f("pk_support_channel")),
    )
    op.create_table(
        "member_message_receipt",
        sa.Column("message_id", sa.BigInteger(), nullable=False),
        sa.Column("account_id", sa.String(length=64), nullable=False),
        sa.Column("read_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("deleted_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["message_id"],
            ["member_message.id"],
            name=op.f("fk_member_message_receipt_message_id_member_message"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("message_id", "account_id", name=op.f("pk_member_message_receipt")),
    )


def downgrade() -> None:
    op.drop_table("member_message_receipt")
    op.drop_table("support_channel")
    op.drop_index("ix_notifications_audit_merchant", table_name="notifications_audit")
    op.drop_table("notifications_audit")
    op.drop_index("ix_member_message_reader", table_name="member_message")
    op.drop_table("member_message")
    op.drop_table("inbox")
