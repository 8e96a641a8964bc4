"""the points service publishes events (an outbox, its relay woken by NOTIFY), members apply for activity promotions
with a remark and images, and each member's net play per day is kept for cashback on net loss (issue #47 items 4
and 6)

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-27 15:40:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

from portal_kit.messaging.outbox import DROP_NOTIFY, NOTIFY_FUNCTION, NOTIFY_TRIGGER

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
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
    op.execute(NOTIFY_FUNCTION)
    op.execute(NOTIFY_TRIGGER)
    op.create_table(
        "promotion_application",
        sa.Column("id", sa.BigInteger(), sa.Identity(always=False), nullable=False),
        sa.Column("merchant", sa.String(length=32), nullable=False),
        sa.Column("promotion_id", sa.BigInteger(), nullable=False),
        sa.Column("account_id", sa.String(length=64), nullable=False),
        sa.Column("request_id", sa.String(length=64), nullable=False),
        sa.Column("remark", sa.String(length=140), nullable=False),
        sa.Column("status", sa.String(length=12), nullable=False),
        sa.Column("amount", sa.BigInteger(), nullable=True),
        sa.Column("grant_id", sa.String(length=36), nullable=True),
        sa.Column("decided_by", sa.String(length=64), nullable=True),
        sa.Column("reason", sa.String(length=500), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("decided_at", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_promotion_application")),
    )
    op.create_index(
        "ux_promotion_application_request", "promotion_application", ["merchant", "account_id", "request_id"],
        unique=True,
    )  # fmt: skip
    op.create_index("ix_promotion_application_status", "promotion_application", ["merchant", "status", "id"])
    op.create_index(
        "ux_promotion_application_waiting", "promotion_application", ["promotion_id", "account_id"], unique=True,
        postgresql_where=sa.text("status = 'PENDING'"),
    )  # fmt: skip
    op.create_table(
        "promotion_application_image",
        sa.Column("id", sa.BigInteger(), sa.Identity(always=False), nullable=False),
        sa.Column("application_id", sa.BigInteger(), nullable=False),
        sa.Column("content_type", sa.String(length=20), nullable=False),
        sa.Column("data", sa.LargeBinary(), nullable=False),
        sa.ForeignKeyConstraint(
            ["application_id"], ["promotion_application.id"],
            name=op.f("fk_promotion_application_image_application_id_promotion_application"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_promotion_application_image")),
    )  # fmt: skip
    op.create_index("ix_promotion_application_image_application", "promotion_application_image", ["application_id"])
    op.create_table(
        "play_day_net",
        sa.Column("merchant", sa.String(length=32), nullable=False),
        sa.Column("account_id", sa.String(length=64), nullable=False),
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("staked", sa.BigInteger(), nullable=False),
        sa.Column("won", sa.BigInteger(), nullable=False),
        sa.PrimaryKeyConstraint("merchant", "account_id", "day", name=op.f("pk_play_day_net")),
    )
    op.create_index("ix_play_day_net_day", "play_day_net", ["day"])


def downgrade() -> None:
    op.drop_table("play_day_net")
    op.drop_table("promotion_application_image")
    op.drop_table("promotion_application")
    for statement in DROP_NOTIFY:
        op.execute(statement)
    op.drop_index("ix_outbox_pending", table_name="outbox", postgresql_where=sa.text("published_at IS NULL"))
    op.drop_table("outbox")
