"""auth's ops audit takes the kit's one shape: a reason beside before and after

The ops audit of every service is now ``portal_kit.audit.OpsAuditRecord``. auth's ``auth_audit`` already had its
columns and its ``ix_auth_audit_merchant_at`` index (0004) but the reason an ops person gives for an action:
``reason`` is added, nullable, so the rows written so far keep none.

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-27 04:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("auth_audit", sa.Column("reason", sa.String(length=500), nullable=True))


def downgrade() -> None:
    op.drop_column("auth_audit", "reason")
