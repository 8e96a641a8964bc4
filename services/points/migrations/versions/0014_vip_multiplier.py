"""the VIP points multiplier applied to earning: a settled bet's valid bet is weighted by its member's level's
``points_multiplier_pct``, the weighted part below one betting unit carried exactly (``point_progress.carried`` in
minor units and the new ``carried_fraction`` in hundredths of one), and each entry shows the multiplier it was earned
at (``point_entry.multiplier_pct``, 100 for every entry before)

Revision ID: 0014
Revises: 0013
Create Date: 2026-11-27 18:40:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0014"
down_revision: str | None = "0013"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column(
        "point_progress", sa.Column("carried_fraction", sa.Integer(), server_default=sa.text("0"), nullable=False)
    )
    op.add_column(
        "point_entry", sa.Column("multiplier_pct", sa.Integer(), server_default=sa.text("100"), nullable=False)
    )


def downgrade() -> None:
    op.drop_column("point_entry", "multiplier_pct")
    op.drop_column("point_progress", "carried_fraction")
