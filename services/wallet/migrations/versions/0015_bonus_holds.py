"""promotions' bonuses held for members until their wagering is met (issue #47): one row per grant of the points
service, and the withdrawal that forfeited it

Revision ID: 0015
Revises: 0014
Create Date: 2026-11-27 16:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0015"
down_revision: str | None = "0014"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "bonus_hold",
        sa.Column("id", sa.BigInteger(), autoincrement=True, nullable=False),
        sa.Column("merchant", sa.String(length=32), nullable=False),
        sa.Column("account_id", sa.String(length=64), nullable=False),
        sa.Column("grant_id", sa.String(length=64), nullable=False),
        sa.Column("amount", sa.BigInteger(), nullable=False),
        sa.Column("currency", sa.String(length=3), nullable=False),
        sa.Column("status", sa.String(length=12), nullable=False),
        sa.Column("withdrawal_id", sa.String(length=36), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("settled_at", sa.DateTime(timezone=True), nullable=True),
        sa.CheckConstraint("amount > 0", name=op.f("ck_bonus_hold_amount_positive")),
        sa.CheckConstraint("status IN ('HELD', 'RELEASED', 'FORFEITED')", name=op.f("ck_bonus_hold_status_known")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_bonus_hold")),
    )
    op.create_index("uq_bonus_hold_grant", "bonus_hold", ["merchant", "grant_id"], unique=True)
    op.create_index("ix_bonus_hold_member", "bonus_hold", ["merchant", "account_id", "status"])


def downgrade() -> None:
    op.drop_index("ix_bonus_hold_member", table_name="bonus_hold")
    op.drop_index("uq_bonus_hold_grant", table_name="bonus_hold")
    op.drop_table("bonus_hold")
