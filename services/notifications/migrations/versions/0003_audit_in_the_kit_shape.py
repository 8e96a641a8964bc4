"""the ops audit takes the kit's one shape

``notifications_audit`` becomes ``portal_kit.audit.OpsAuditRecord``: it gains ``reason`` and ``ip`` (empty on the
rows so far), ``before`` and ``after`` may be empty (an action with no state on one side), and it is read per brand
newest first by ``(merchant, at)``. The downgrade gives empty states back as ``{}``, as the rows were written.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-27 05:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TABLE = "notifications_audit"


def upgrade() -> None:
    op.add_column(TABLE, sa.Column("reason", sa.String(length=500), nullable=True))
    op.add_column(TABLE, sa.Column("ip", sa.String(length=64), nullable=True))
    for column in ("before", "after"):
        op.alter_column(TABLE, column, existing_type=postgresql.JSONB(astext_type=sa.Text()), nullable=True)
    op.drop_index("ix_notifications_audit_merchant", table_name=TABLE)
    op.create_index("ix_notifications_audit_merchant_at", TABLE, ["merchant", "at"], unique=False)


def downgrade() -> None:
    op.drop_index("ix_notifications_audit_merchant_at", table_name=TABLE)
    op.create_index("ix_notifications_audit_merchant", TABLE, ["merchant", "id"], unique=False)
    # No state is SQL NULL or, written through the model, JSON null: both become {} again.
    op.execute(
        "UPDATE notifications_audit SET before = COALESCE(NULLIF(before, 'null'::jsonb), '{}'::jsonb),"
        " after = COALESCE(NULLIF(after, 'null'::jsonb), '{}'::jsonb)"
    )
    for column in ("before", "after"):
        op.alter_column(TABLE, column, existing_type=postgresql.JSONB(astext_type=sa.Text()), nullable=False)
    op.drop_column(TABLE, "ip")
    op.drop_column(TABLE, "reason")
