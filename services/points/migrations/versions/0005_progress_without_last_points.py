"""the progress keeps no "points the last amount earned": a pull's points are worked out in Python and written as
entries, so the column was written and never read

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-27 14:45:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.drop_column("point_progress", "last_points")


def downgrade() -> None:
    op.add_column("point_progress", sa.Column("last_points", sa.BigInteger(), server_default="0", nullable=False))
