"""each member's missions told completed and told claimed by the points service's events, one row a mission (the
missions badge of CSP_unreadCount counts those completed and not claimed, whichever event came first)

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
        "member_mission_badge",
        sa.Column("merchant", sa.String(length=32), nullable=False),
        sa.Column("account_id", sa.String(length=64), nullable=False),
        sa.Column("mission_id", sa.BigInteger(), nullable=False),
        sa.Column("completed", sa.Boolean(), nullable=False),
        sa.Column("claimed", sa.Boolean(), nullable=False),
        sa.PrimaryKeyConstraint("merchant", "account_id", "mission_id", name=op.f("pk_member_mission_badge")),
    )


def downgrade() -> None:
    op.drop_table("member_mission_badge")
