"""the first of two approvals of a large bank transfer

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-23 22:34:14.823182
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("deposit", sa.Column("first_approved_by", sa.String(length=64), nullable=True))


def downgrade() -> None:
    op.drop_column("deposit", "first_approved_by")
