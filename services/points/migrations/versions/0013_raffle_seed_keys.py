"""raffles' seeds derived under a key held outside the database (POINTS_SEED_KEY, its id recorded on the raffle; the
raffles made before keep their stored seed and stay drawable) and a raffle's minimum turnover to take a ticket

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-27 18:40:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0013"
down_revision: str | None = "0012"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("raffle", sa.Column("min_turnover", sa.BigInteger(), server_default="0", nullable=False))
    op.add_column("raffle", sa.Column("seed_key_id", sa.String(length=16), nullable=True))
    op.alter_column("raffle", "seed", existing_type=sa.LargeBinary(), nullable=True)
    op.create_check_constraint(op.f("ck_raffle_min_turnover_not_negative"), "raffle", "min_turnover >= 0")
    op.create_check_constraint(op.f("ck_raffle_seed_known"), "raffle", "seed IS NOT NULL OR seed_key_id IS NOT NULL")


def downgrade() -> None:
    # A raffle made under a key has no stored seed, and the database never held it: going back would lose its draw.
    op.execute(
        "DO $$ BEGIN IF EXISTS (SELECT 1 FROM raffle WHERE seed IS NULL) THEN "
        "RAISE EXCEPTION 'raffles made under POINTS_SEED_KEY have no stored seed: downgrade refused'; END IF; END $$"
    )
    op.drop_constraint(op.f("ck_raffle_seed_known"), "raffle", type_="check")
    op.drop_constraint(op.f("ck_raffle_min_turnover_not_negative"), "raffle", type_="check")
    op.alter_column("raffle", "seed", existing_type=sa.LargeBinary(), nullable=False)
    op.drop_column("raffle", "seed_key_id")
    op.drop_column("raffle", "min_turnover")
