"""each grant another service asked the wallet to decide (points' bonuses), kept by its key so that a replay answers
the same and counts nothing more

Revision ID: 0016
Revises: 0015
Create Date: 2026-11-27 22:40:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0016"
down_revision: str | None = "0015"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "ops_grant_decision",
        sa.Column("merchant", sa.String(length=32), nullable=False),
        sa.Column("grant_key", sa.String(length=200), nullable=False),
        sa.Column("maker", sa.String(length=64), nullable=False),
        sa.Column("account_id", sa.String(length=64), nullable=False),
        sa.Column("second_person", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.PrimaryKeyConstraint("merchant", "grant_key", "maker", "account_id", name=op.f("pk_ops_grant_decision")),
    )


def downgrade() -> None:
    op.drop_table("ops_grant_decision")
