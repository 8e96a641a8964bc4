"""the play per brand, day, vendor, game type and currency, for the ops dashboards

The games worker consumes its own ``games.bet.settled.v1`` and ``lottery.bet.settled.v1`` to count each settled bet
into its day, once per event. No backfill: the new durable consumers read the streams from their start, which
counts the bets settled before this revision (the streams keep every event).

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-27 13:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0011"
down_revision: str | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "play_day",
        sa.Column("merchant", sa.String(length=32), nullable=False),
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("vendor", sa.String(length=40), nullable=False),
        sa.Column("game_type", sa.String(length=16), nullable=False),
        sa.Column("currency", sa.String(length=8), nullable=False),
        sa.Column("bets", sa.BigInteger(), nullable=False),
        sa.Column("stake", sa.BigInteger(), nullable=False),
        sa.Column("win", sa.BigInteger(), nullable=False),
        sa.Column("valid_bet", sa.BigInteger(), nullable=False),
        sa.PrimaryKeyConstraint("merchant", "day", "vendor", "game_type", "currency", name=op.f("pk_play_day")),
    )


def downgrade() -> None:
    op.drop_table("play_day")
