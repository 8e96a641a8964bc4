"""each brand's settings of its lottery games

``lottery_brand_game``: per brand and game, whether its members play it, the stake limits of one bet and of a
member's bets on one issue (minor units, within the house's of ``lottery.toml``), and the prize mode its bets are
paid under (null: the brand's ``lotteryPrizeMode``). No row: the catalogue's, as before this revision.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-28 12:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "lottery_brand_game",
        sa.Column("merchant", sa.String(length=32), nullable=False),
        sa.Column("game_code", sa.String(length=32), nullable=False),
        sa.Column("enabled", sa.Boolean(), nullable=False),
        sa.Column("min_stake", sa.BigInteger(), nullable=False),
        sa.Column("max_stake", sa.BigInteger(), nullable=False),
        sa.Column("max_per_issue", sa.BigInteger(), nullable=False),
        sa.Column("prize_mode", sa.String(length=16), nullable=True),
        sa.Column("updated_by", sa.String(length=64), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.CheckConstraint(
            "min_stake >= 1 AND min_stake <= max_stake AND max_stake <= max_per_issue",
            name=op.f("ck_lottery_brand_game_limits"),
        ),
        sa.PrimaryKeyConstraint("merchant", "game_code", name=op.f("pk_lottery_brand_game")),
    )


def downgrade() -> None:
    op.drop_table("lottery_brand_game")
