"""in-house rounds name their wallet

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-24 02:45:20.905422
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("game_round", sa.Column("wallet", sa.String(length=16), server_default="main", nullable=False))


def downgrade() -> None:
    op.drop_column("game_round", "wallet")
