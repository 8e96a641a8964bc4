"""the Hub88 wallet API held to its documentation: every transaction_uuid claimed once across kinds with its
state, free bets and promotions, rounds that lock and close once, game sessions tied to the portal session that
launched them

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-26 22:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# Rounds already played: closed when their record exists (the first close wrote it), and with a win when one
# was booked, so a late win or rollback is held to the same rules as a new round's.
_ROUNDS = """
INSERT INTO vendor_round (aggregator, round_id, merchant, account_id, player_name, vendor, game_code, game_type,
                          currency, won, closed_at)
SELECT DISTINCT ON (t.aggregator, t.round_id) t.aggregator, t.round_id, t.merchant, t.account_id, t.player_name,
       t.vendor, t.game_code, t.game_type, t.currency,
       EXISTS (SELECT 1 FROM vendor_transaction w
                WHERE w.aggregator = t.aggregator AND w.round_id = t.round_id AND w.kind = 'win'),
       (SELECT r.settled_at FROM bet_record r WHERE r.id = t.vendor || ':' || t.aggregator || ':' || t.round_id)
  FROM vendor_transaction t
 ORDER BY t.aggregator, t.round_id, t.created_at
"""


def upgrade() -> None:
    op.add_column("vendor_session", sa.Column("portal_session", sa.String(length=80), nullable=True))
    op.add_column("vendor_transaction", sa.Column("state", sa.String(length=12), nullable=True))
    op.add_column("vendor_transaction", sa.Column("reference_uuid", sa.String(length=64), nullable=True))
    op.add_column("vendor_transaction", sa.Column("is_free", sa.Boolean(), server_default=sa.false(), nullable=False))
    op.add_column("vendor_transaction", sa.Column("reward_uuid", sa.String(length=64), nullable=True))
    op.add_column("vendor_transaction", sa.Column("promo", sa.Boolean(), server_default=sa.false(), nullable=False))
    op.execute(
        "UPDATE vendor_transaction SET state = CASE WHEN rolled_back THEN 'rolled_back' "
        "WHEN kind = 'bet' THEN 'placed' ELSE 'done' END"
    )
    op.alter_column("vendor_transaction", "state", nullable=False)
    op.drop_column("vendor_transaction", "rolled_back")
    op.create_table(
        "vendor_round",
        sa.Column("aggregator", sa.String(length=16), nullable=False),
        sa.Column("round_id", sa.String(length=100), nullable=False),
        sa.Column("merchant", sa.String(length=32), nullable=False),
        sa.Column("account_id", sa.String(length=64), nullable=False),
        sa.Column("player_name", sa.String(length=64), nullable=False),
        sa.Column("vendor", sa.String(length=40), nullable=False),
        sa.Column("game_code", sa.String(length=60), nullable=False),
        sa.Column("game_type", sa.String(length=16), nullable=False),
        sa.Column("currency", sa.String(length=3), nullable=False),
        sa.Column("won", sa.Boolean(), server_default=sa.false(), nullable=False),
        sa.Column("closed_at", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("aggregator", "round_id", name=op.f("pk_vendor_round")),
    )
    op.execute(_ROUNDS)


def downgrade() -> None:
    op.drop_table("vendor_round")
    op.add_column(
        "vendor_transaction", sa.Column("rolled_back", sa.Boolean(), server_default=sa.false(), nullable=False)
    )
    op.alter_column("vendor_transaction", "rolled_back", server_default=None)
    op.execute("UPDATE vendor_transaction SET rolled_back = (state = 'rolled_back')")
    op.execute("DELETE FROM vendor_transaction WHERE kind = 'rollback'")
    op.drop_column("vendor_transaction", "promo")
    op.drop_column("vendor_transaction", "reward_uuid")
    op.drop_column("vendor_transaction", "is_free")
    op.drop_column("vendor_transaction", "reference_uuid")
    op.drop_column("vendor_transaction", "state")
    op.drop_column("vendor_session", "portal_session")
