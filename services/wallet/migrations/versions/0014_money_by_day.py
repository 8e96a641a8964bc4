"""the money that came in and went out per brand, day and currency, for the ops dashboards

The wallet worker consumes its own ``wallet.deposit.credited.v1`` and ``wallet.withdrawal.paid.v1`` to count them
into their day, once per event. No backfill: the new durable consumers read the stream from its start, which
counts what was credited and paid before this revision (the streams keep every event).

Revision ID: 0014
Revises: 0013
Create Date: 2026-11-27 12:45:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0014"
down_revision: str | None = "0013"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "money_day",
        sa.Column("merchant", sa.String(length=32), nullable=False),
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("currency", sa.String(length=8), nullable=False),
        sa.Column("deposits", sa.BigInteger(), nullable=False),
        sa.Column("deposited", sa.BigInteger(), nullable=False),
        sa.Column("withdrawals", sa.BigInteger(), nullable=False),
        sa.Column("withdrawn", sa.BigInteger(), nullable=False),
        sa.PrimaryKeyConstraint("merchant", "day", "currency", name=op.f("pk_money_day")),
    )


def downgrade() -> None:
    op.drop_table("money_day")
