"""a conversion's lease: one process at a time asks the wallet for its cash, with no transaction held open

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-27 13:40:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("point_conversion", sa.Column("asking_until", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    op.drop_column("point_conversion", "asking_until")
