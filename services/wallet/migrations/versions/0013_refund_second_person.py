"""a refund of a disputed withdrawal above the dual-control amount waits for a second person

``withdrawal.refund_first_by`` keeps who asked a refund that, by itself or with its maker's running total for the
member that day, is above the brand's dual-control amount; someone else's refund carries it out.

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-27 07:05:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0013"
down_revision: str | None = "0012"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("withdrawal", sa.Column("refund_first_by", sa.String(length=64), nullable=True))


def downgrade() -> None:
    op.drop_column("withdrawal", "refund_first_by")
