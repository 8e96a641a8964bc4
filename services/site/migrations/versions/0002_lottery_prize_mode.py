"""the brand's lottery prize mode

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-23 09:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column(
        "merchant", sa.Column("lottery_prize_mode", sa.String(length=8), server_default="LOTT", nullable=False)
    )


def downgrade() -> None:
    op.drop_column("merchant", "lottery_prize_mode")
