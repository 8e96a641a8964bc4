"""the ops list of bonuses is read newest or oldest first, by status

The back office pages every bonus of a brand (issue 46, item 3), all of them or of one status, newest or oldest first
by when they were granted (their ids are random UUIDs and only break ties). Two indexes serve those pages without
sorting the brand's whole history.

Revision ID: 0016
Revises: 0015
Create Date: 2026-11-27 22:20:00
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0016"
down_revision: str | None = "0015"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_index("ix_bonus_grant_merchant", "bonus_grant", ["merchant", "created_at", "id"], unique=False)
    op.create_index(
        "ix_bonus_grant_merchant_status", "bonus_grant", ["merchant", "status", "created_at", "id"], unique=False
    )


def downgrade() -> None:
    op.drop_index("ix_bonus_grant_merchant_status", table_name="bonus_grant")
    op.drop_index("ix_bonus_grant_merchant", table_name="bonus_grant")
