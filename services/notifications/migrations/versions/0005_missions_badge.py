"""each member's missions whose reward is ready to claim, counted from the points service's events (the missions
badge of CSP_unreadCount)

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-27 16:20:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "member_badge",
        sa.Column("merchant", sa.String(length=32), nullable=False),
        sa.Column("account_id", sa.String(length=64), nullable=False),
        sa.Column("missions", sa.Integer(), nullable=False),
        sa.CheckConstraint("missions >= 0", name=op.f("ck_member_badge_missions_not_negative")),
        sa.PrimaryKeyConstraint("merchant", "account_id", name=op.f("pk_member_badge")),
    )


def downgrade() -> None:
    op.drop_table("member_badge")
