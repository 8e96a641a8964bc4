"""the ops audit takes the kit's one shape

``ops_audit`` becomes ``portal_kit.audit.OpsAuditRecord``: who (``actor``), what (``action``), to which object
(``target``), why (``reason``), the state ``before`` and ``after``, from where (``ip``). A row written before keeps
its old ``detail`` whole in ``after`` (the ops API shows it as it did), its target the content item's id the detail
names, or '' for a change of the brand's own settings; actor and action are cut to the kit's lengths (the site's
actions are at most 21 characters). The downgrade folds the state back into ``detail`` the way the ops API shows it.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-27 04:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("ops_audit", sa.Column("target", sa.String(length=64), nullable=True))
    op.add_column("ops_audit", sa.Column("reason", sa.String(length=500), nullable=True))
    op.add_column("ops_audit", sa.Column("before", postgresql.JSONB(astext_type=sa.Text()), nullable=True))
    op.add_column("ops_audit", sa.Column("after", postgresql.JSONB(astext_type=sa.Text()), nullable=True))
    op.add_column("ops_audit", sa.Column("ip", sa.String(length=64), nullable=True))
    op.execute("UPDATE ops_audit SET after = detail, target = left(COALESCE(detail ->> 'id', ''), 64)")
    op.alter_column("ops_audit", "target", existing_type=sa.String(length=64), nullable=False)
    op.alter_column(
        "ops_audit",
        "actor",
        existing_type=sa.String(length=100),
        type_=sa.String(length=64),
        postgresql_using="left(actor, 64)",
    )
    op.alter_column(
        "ops_audit",
        "action",
        existing_type=sa.String(length=100),
        type_=sa.String(length=40),
        postgresql_using="left(action, 40)",
    )
    op.drop_column("ops_audit", "detail")
    op.drop_index("ix_ops_audit_merchant", table_name="ops_audit")
    op.create_index("ix_ops_audit_merchant_at", "ops_audit", ["merchant", "at"], unique=False)


def downgrade() -> None:
    op.drop_index("ix_ops_audit_merchant_at", table_name="ops_audit")
    op.create_index("ix_ops_audit_merchant", "ops_audit", ["merchant"], unique=False)
    op.add_column("ops_audit", sa.Column("detail", postgresql.JSONB(astext_type=sa.Text()), nullable=True))
    # As ``AuditEntryRead.of`` shows a row: without a before state its after; else before, after and the item's id.
    # No state is SQL NULL or, written through the model, JSON null.
    op.execute("UPDATE ops_audit SET before = NULLIF(before, 'null'::jsonb), after = NULLIF(after, 'null'::jsonb)")
    op.execute(
        """
        UPDATE ops_audit SET detail = CASE
            WHEN before IS NULL THEN COALESCE(after, '{}'::jsonb)
            ELSE jsonb_build_object('before', before)
                || CASE WHEN after IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('after', after) END
                || CASE WHEN target ~ '^[0-9]+$' THEN jsonb_build_object('id', target::bigint) ELSE '{}'::jsonb END
        END
        """
    )
    op.alter_column("ops_audit", "detail", existing_type=postgresql.JSONB(astext_type=sa.Text()), nullable=False)
    op.alter_column("ops_audit", "action", existing_type=sa.String(length=40), type_=sa.String(length=100))
    op.alter_column("ops_audit", "actor", existing_type=sa.String(length=64), type_=sa.String(length=100))
    for column in ("ip", "after", "before", "reason", "target"):
        op.drop_column("ops_audit", column)
