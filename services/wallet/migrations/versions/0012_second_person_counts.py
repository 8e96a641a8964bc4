"""a second person that counts: running totals per ops person, member and day; raises of the amount asked

``ops_member_day`` keeps what each ops person moved alone (no second person) to or from each member on each UTC day,
upserted and so locked in the action's transaction; ``withdrawal.second_person`` keeps whether an approval needed a
second person; ``dual_control_request`` holds a raise of a brand's dual-control amount until another admin approves.

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-27 07:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0012"
down_revision: str | None = "0011"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "ops_member_day",
        sa.Column("merchant", sa.String(length=32), nullable=False),
        sa.Column("actor", sa.String(length=64), nullable=False),
        sa.Column("account_id", sa.String(length=64), nullable=False),
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("alone", sa.BigInteger(), server_default="0", nullable=False),
        sa.Column("credited", sa.BigInteger(), server_default="0", nullable=False),
        sa.CheckConstraint("alone >= 0", name=op.f("ck_ops_member_day_alone_not_negative")),
        sa.CheckConstraint("credited >= 0 AND credited <= alone", name=op.f("ck_ops_member_day_credited_within_alone")),
        sa.PrimaryKeyConstraint("merchant", "actor", "account_id", "day", name=op.f("pk_ops_member_day")),
    )
    op.add_column("withdrawal", sa.Column("second_person", sa.Boolean(), server_default=sa.false(), nullable=False))
    op.create_table(
        "dual_control_request",
        sa.Column("id", sa.String(length=36), nullable=False),
        sa.Column("merchant", sa.String(length=32), nullable=False),
        sa.Column("before", sa.BigInteger(), nullable=False),
        sa.Column("amount", sa.BigInteger(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("requested_by", sa.String(length=64), nullable=False),
        sa.Column("decided_by", sa.String(length=64), nullable=True),
        sa.Column("decision_reason", sa.String(length=500), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("decided_at", sa.DateTime(timezone=True), nullable=True),
        sa.CheckConstraint("amount > before", name=op.f("ck_dual_control_request_raises")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_dual_control_request")),
    )
    op.create_index(
        "uq_dual_control_request_pending",
        "dual_control_request",
        ["merchant"],
        unique=True,
        postgresql_where=sa.text("status = 'pending'"),
    )
    op.create_index("ix_dual_control_request_merchant", "dual_control_request", ["merchant", "created_at"])


def downgrade() -> None:
    op.drop_index("ix_dual_control_request_merchant", table_name="dual_control_request")
    op.drop_index("uq_dual_control_request_pending", table_name="dual_control_request")
    op.drop_table("dual_control_request")
    op.drop_column("withdrawal", "second_person")
    op.drop_table("ops_member_day")
