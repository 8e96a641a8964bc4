"""round wallet and the progressive jackpot

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-24 02:51:51.493634
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "jackpot_share",
        sa.Column("merchant", sa.String(length=32), nullable=False),
        sa.Column("currency", sa.String(length=3), nullable=False),
        sa.Column("shard", sa.Integer(), nullable=False),
        sa.Column("amount", sa.BigInteger(), nullable=False),
        sa.PrimaryKeyConstraint("merchant", "currency", "shard", name=op.f("pk_jackpot_share")),
    )
    op.add_column("game_round", sa.Column("wallet", sa.String(length=16), server_default="main", nullable=False))
    op.add_column("game_round", sa.Column("jackpot_win", sa.BigInteger(), nullable=True))
    op.create_index(
        "ix_round_jackpot",
        "game_round",
        ["merchant", "settled_at"],
        unique=False,
        postgresql_where=sa.text("jackpot_win IS NOT NULL"),
    )


def downgrade() -> None:
    op.drop_index("ix_round_jackpot", table_name="game_round", postgresql_where=sa.text("jackpot_win IS NOT NULL"))
    op.drop_column("game_round", "jackpot_win")
    op.drop_column("game_round", "wallet")
    op.drop_table("jackpot_share")
