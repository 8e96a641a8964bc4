"""a raffle whose prizes together are above the brand's dual-control amount waits for a second person (as a red
envelope's pool does): unseen by members and never drawn until a finance checker other than its maker confirms it

Revision ID: 0015
Revises: 0014
Create Date: 2026-11-27 19:10:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0015"
down_revision: str | None = "0014"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("raffle", sa.Column("review", sa.String(12), server_default="NONE", nullable=False))
    op.add_column("raffle", sa.Column("checked_by", sa.String(64), nullable=True))


def downgrade() -> None:
    op.drop_column("raffle", "checked_by")
    op.drop_column("raffle", "review")
