"""feedback has a status that ops filter its inbox by

Every note arrives ``new``; an ops person marks it ``handled`` (or back to ``new``) as the inbox is worked, and the
console lists the inbox by status, oldest or newest first: one index serves the brand's notes of a status in the
order of their arrival. Rows written before are ``new``.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-27 22:10:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column(
        "feedback", sa.Column("status", sa.String(length=10), server_default=sa.text("'new'"), nullable=False)
    )
    op.create_index(
        "ix_feedback_merchant_status_created", "feedback", ["merchant", "status", "created_at", "id"], unique=False
    )


def downgrade() -> None:
    op.drop_index("ix_feedback_merchant_status_created", table_name="feedback")
    op.drop_column("feedback", "status")
