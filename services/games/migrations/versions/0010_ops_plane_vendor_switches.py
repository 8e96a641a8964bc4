"""the ops plane: vendors and games switched on and off, maintenance windows that start later, the games audit

A brand's admin switches a vendor (of one game type) or a game off and on, and sets a vendor's maintenance window
with a start (``maintenance_from``: none, in force from when it was set) and a reason; every such change is written
to ``games_audit`` (the kit's one ops-audit shape) in its own transaction. Every row is on as it was.

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-27 12:30:00
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
    op.add_column("vendor", sa.Column("enabled", sa.Boolean(), server_default=sa.true(), nullable=False))
    op.add_column("vendor", sa.Column("maintenance_from", sa.DateTime(timezone=True), nullable=True))
    op.add_column("vendor", sa.Column("maintenance_reason", sa.String(length=500), nullable=True))
    op.add_column("game", sa.Column("enabled", sa.Boolean(), server_default=sa.true(), nullable=False))
    op.create_table(
        "games_audit",
        sa.Column("id", sa.BigInteger(), autoincrement=True, nullable=False),
        sa.Column("merchant", sa.String(length=32), nullable=False),
        sa.Column("actor", sa.String(length=64), nullable=False),
        sa.Column("action", sa.String(length=40), nullable=False),
        sa.Column("target", sa.String(length=64), nullable=False),
        sa.Column("reason", sa.String(length=500), nullable=True),
        sa.Column("before", postgresql.JSONB(none_as_null=True, astext_type=sa.Text()), nullable=True),
        sa.Column("after", postgresql.JSONB(none_as_null=True, astext_type=sa.Text()), nullable=True),
        sa.Column("ip", sa.String(length=64), nullable=True),
        sa.Column("at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_games_audit")),
    )
    op.create_index("ix_games_audit_merchant_at", "games_audit", ["merchant", "at"], unique=False)


def downgrade() -> None:
    op.drop_index("ix_games_audit_merchant_at", table_name="games_audit")
    op.drop_table("games_audit")
    op.drop_column("game", "enabled")
    op.drop_column("vendor", "maintenance_reason")
    op.drop_column("vendor", "maintenance_from")
    op.drop_column("vendor", "enabled")
