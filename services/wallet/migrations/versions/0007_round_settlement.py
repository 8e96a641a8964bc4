"""one movement for a whole in-house round: its stake and its wins (placeholder until filled)

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-26 22:00:00.000000
"""

from collections.abc import Sequence

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
