"""bet records

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-23 17:44:39.253367
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "bet_record",
        sa.Column("id", sa.String(length=120), nullable=False),
        sa.Column("merchant", sa.String(length=32), nullable=False),
        sa.Column("account_id", sa.String(length=64), nullable=False),
        sa.Column("player_name", sa.String(length=64), nullable=False),
        sa.Column("vendor", sa.String(length=40), nullable=False),
        sa.Column("game_type", sa.String(length=16), nullable=False),
        sa.Column("game_code", sa.String(length=60), nullable=False),
        sa.Column("currency", sa.String(length=3), nullable=False),
        sa.Column("stake", sa.BigInteger(), nullable=False),
        sa.Column("valid_bet", sa.BigInteger(), nullable=False),
        sa.Column("win", sa.BigInteger(), nullable=False),
        sa.Column("settled_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_bet_record")),
    )
    op.create_index("ix_bet_record_member", "bet_record", ["merchant", "account_id", "settled_at"], unique=False)
    op.create_index(
        "ix_bet_record_wins",
        "bet_record",
        ["merchant", "settled_at"],
        unique=False,
        postgresql_where=sa.text("win > stake"),
    )
    op.add_column("game_round", sa.Column("player_name", sa.String(length=64), server_default="", nullable=False))


def downgrade() -> None:
    op.drop_column("game_round", "player_name")
    op.drop_index("ix_bet_record_wins", table_name="bet_record", postgresql_where=sa.text("win > stake"))
    op.drop_index("ix_bet_record_member", table_name="bet_record")
    op.drop_table("bet_record")
