"""mall items may cost money as well as points (charged through the wallet, refunded on a rejection), and an activity
application's bonus and a red envelope's pool above the brand's dual-control amount wait for a second person

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-27 19:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0012"
down_revision: str | None = "0011"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("mall_item", sa.Column("money", sa.BigInteger(), server_default="0", nullable=False))
    op.create_check_constraint(op.f("ck_mall_item_money_not_negative"), "mall_item", "money >= 0")
    op.add_column("mall_redemption", sa.Column("money", sa.BigInteger(), server_default="0", nullable=False))
    op.add_column("mall_redemption", sa.Column("payment", sa.String(12), server_default="NONE", nullable=False))
    op.create_index(
        "ix_mall_redemption_payment", "mall_redemption", ["payment", "id"],
        postgresql_where=sa.text("payment IN ('PENDING', 'REFUNDING')"),
    )  # fmt: skip
    op.add_column("promotion_application", sa.Column("maker", sa.String(64), nullable=True))
    op.add_column("red_envelope", sa.Column("review", sa.String(12), server_default="NONE", nullable=False))
    op.add_column("red_envelope", sa.Column("checked_by", sa.String(64), nullable=True))


def downgrade() -> None:
    op.drop_column("red_envelope", "checked_by")
    op.drop_column("red_envelope", "review")
    op.drop_column("promotion_application", "maker")
    op.drop_index("ix_mall_redemption_payment", table_name="mall_redemption")
    op.drop_column("mall_redemption", "payment")
    op.drop_column("mall_redemption", "money")
    op.drop_constraint(op.f("ck_mall_item_money_not_negative"), "mall_item")
    op.drop_column("mall_item", "money")
