"""the money audit takes the kit's one shape

``money_audit`` becomes ``portal_kit.audit.OpsAuditRecord``: who (``actor``), what (``action``), to which object
(``target``), why (``reason``), the state ``before`` and ``after``, from where (``ip``). A row written before keeps
its old ``detail`` whole in ``after`` (the ops API shows it as it did: ``detail`` is ``after`` when there is no state
before). The brand's audit is read newest first, so the index on ``merchant`` becomes one on ``(merchant, at)``. The
downgrade folds the state back into ``detail`` the way the ops API shows it.

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-27 12:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0010"
down_revision: str | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("money_audit", sa.Column("before", postgresql.JSONB(astext_type=sa.Text()), nullable=True))
    op.add_column("money_audit", sa.Column("after", postgresql.JSONB(astext_type=sa.Text()), nullable=True))
    op.add_column("money_audit", sa.Column("ip", sa.String(length=64), nullable=True))
    op.execute("UPDATE money_audit SET after = detail")
    op.drop_column("money_audit", "detail")
    op.drop_index("ix_money_audit_merchant", table_name="money_audit")
    op.create_index("ix_money_audit_merchant_at", "money_audit", ["merchant", "at"], unique=False)


def downgrade() -> None:
    op.drop_index("ix_money_audit_merchant_at", table_name="money_audit")
    op.create_index("ix_money_audit_merchant", "money_audit", ["merchant"], unique=False)
    op.add_column("money_audit", sa.Column("detail", postgresql.JSONB(astext_type=sa.Text()), nullable=True))
    # As ``WalletAuditRead.of`` shows a row: without a state before its after; else before and after side by side.
    # A row may hold JSON null for "no state" (written before the kit stored None as SQL NULL): the same here.
    op.execute("UPDATE money_audit SET before = NULLIF(before, 'null'::jsonb), after = NULLIF(after, 'null'::jsonb)")
    op.execute(
        """
        UPDATE money_audit SET detail = CASE
            WHEN before IS NULL THEN COALESCE(after, '{}'::jsonb)
            ELSE jsonb_build_object('before', before, 'after', after)
        END
        """
    )
    op.alter_column("money_audit", "detail", existing_type=postgresql.JSONB(astext_type=sa.Text()), nullable=False)
    for column in ("ip", "after", "before"):
        op.drop_column("money_audit", column)
