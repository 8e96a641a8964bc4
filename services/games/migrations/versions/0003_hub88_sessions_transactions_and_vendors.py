"""hub88 sessions, transactions and vendors

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-23 18:10:08.703174
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "vendor_session",
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("aggregator", sa.String(length=16), nullable=False),
        sa.Column("merchant", sa.String(length=32), nullable=False),
        sa.Column("account_id", sa.String(length=64), nullable=False),
        sa.Column("player_name", sa.String(length=64), nullable=False),
        sa.Column("currency", sa.String(length=3), nullable=False),
        sa.Column("vendor", sa.String(length=40), nullable=False),
        sa.Column("game_code", sa.String(length=60), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("token_hash", name=op.f("pk_vendor_session")),
    )
    op.create_table(
        "vendor_transaction",
        sa.Column("aggregator", sa.String(length=16), nullable=False),
        sa.Column("transaction_uuid", sa.String(length=64), nullable=False),
        sa.Column("kind", sa.String(length=8), nullable=False),
        sa.Column("merchant", sa.String(length=32), nullable=False),
        sa.Column("account_id", sa.String(length=64), nullable=False),
        sa.Column("player_name", sa.String(length=64), nullable=False),
        sa.Column("vendor", sa.String(length=40), nullable=False),
        sa.Column("game_code", sa.String(length=60), nullable=False),
        sa.Column("game_type", sa.String(length=16), nullable=False),
        sa.Column("round_id", sa.String(length=100), nullable=False),
        sa.Column("currency", sa.String(length=3), nullable=False),
        sa.Column("amount", sa.BigInteger(), nullable=False),
        sa.Column("rolled_back", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.PrimaryKeyConstraint("aggregator", "transaction_uuid", name=op.f("pk_vendor_transaction")),
    )
    op.create_index("ix_vendor_transaction_round", "vendor_transaction", ["aggregator", "round_id"], unique=False)
    op.add_column("vendor", sa.Column("aggregator", sa.String(length=16), nullable=True))


def downgrade() -> None:
    op.drop_column("vendor", "aggregator")
    op.drop_index("ix_vendor_transaction_round", table_name="vendor_transaction")
    op.drop_table("vendor_transaction")
    op.drop_table("vendor_session")
