"""the ops audit in the kit's one shape: a merchant, an address, reason and states optional

``lottery_audit`` becomes ``portal_kit.audit.OpsAuditRecord``: ``merchant`` (the brand the action belongs to) and
``ip`` added, ``reason``, ``before`` and ``after`` nullable, and the index ``ix_lottery_audit_merchant_at``. Every
action written so far (``issue.void.request``, ``issue.void``, ``issue.void.reject``, ``issue.stuck``) touched an
issue, and an issue is the same for every brand: each row is ``ALL_BRANDS`` (``*``).

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-28 09:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

ALL_BRANDS = "*"  # portal_kit.audit.ALL_BRANDS, written out: a migration keeps the value it ran with


def upgrade() -> None:
    op.add_column("lottery_audit", sa.Column("merchant", sa.String(length=32), nullable=True))
    op.execute(sa.text("UPDATE lottery_audit SET merchant = :brands").bindparams(brands=ALL_BRANDS))
    op.alter_column("lottery_audit", "merchant", existing_type=sa.String(length=32), nullable=False)
    op.add_column("lottery_audit", sa.Column("ip", sa.String(length=64), nullable=True))
    op.alter_column("lottery_audit", "reason", existing_type=sa.String(length=500), nullable=True)
    for column in ("before", "after"):
        op.alter_column("lottery_audit", column, existing_type=postgresql.JSONB(astext_type=sa.Text()), nullable=True)
    op.create_index("ix_lottery_audit_merchant_at", "lottery_audit", ["merchant", "at"])


def downgrade() -> None:
    op.drop_index("ix_lottery_audit_merchant_at", table_name="lottery_audit")
    op.execute("UPDATE lottery_audit SET reason = '' WHERE reason IS NULL")
    op.alter_column("lottery_audit", "reason", existing_type=sa.String(length=500), nullable=False)
    for column in ("before", "after"):
        op.execute(f'UPDATE lottery_audit SET "{column}" = \'{{}}\'::jsonb WHERE "{column}" IS NULL')  # noqa: S608
        op.alter_column("lottery_audit", column, existing_type=postgresql.JSONB(astext_type=sa.Text()), nullable=False)
    op.drop_column("lottery_audit", "ip")
    op.drop_column("lottery_audit", "merchant")
