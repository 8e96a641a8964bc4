"""ops maker and checker: adjustment requests, the approver of a withdrawal, the dual-control amount

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-23 21:56:58.236988
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
        "adjustment_request",
        sa.Column("id", sa.String(length=36), nullable=False),
        sa.Column("merchant", sa.String(length=32), nullable=False),
        sa.Column("account_id", sa.String(length=64), nullable=False),
        sa.Column("request_id", sa.String(length=64), nullable=False),
        sa.Column("amount", sa.BigInteger(), nullable=False),
        sa.Column("reason", sa.String(length=500), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("requested_by", sa.String(length=64), nullable=False),
        sa.Column("decided_by", sa.String(length=64), nullable=True),
        sa.Column("decision_reason", sa.String(length=500), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("decided_at", sa.DateTime(timezone=True), nullable=True),
        sa.CheckConstraint("amount <> 0", name=op.f("ck_adjustment_request_amount_not_zero")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_adjustment_request")),
    )
    op.create_index(
        "ix_adjustment_request_status", "adjustment_request", ["merchant", "status", "created_at"], unique=False
    )
    op.create_index("uq_adjustment_request", "adjustment_request", ["merchant", "request_id"], unique=True)
    op.add_column(
        "merchant_wallet", sa.Column("dual_control_above", sa.BigInteger(), server_default="1000000", nullable=False)
    )
    op.add_column("withdrawal", sa.Column("approved_by", sa.String(length=64), nullable=True))


def downgrade() -> None:
    op.drop_column("withdrawal", "approved_by")
    op.drop_column("merchant_wallet", "dual_control_above")
    op.drop_index("uq_adjustment_request", table_name="adjustment_request")
    op.drop_index("ix_adjustment_request_status", table_name="adjustment_request")
    op.drop_table("adjustment_request")
