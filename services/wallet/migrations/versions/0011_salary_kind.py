"""agents' pay has a kind of its own: ``salary_credit`` keeps the contract type and period of each pay

``rpc.wallet.salary`` credits an agent's main wallet from the brand's ``house:salaries#n`` (opened on first use, as
every house account) under the money transaction ``salary:<transactionId>`` (kind ``salary``); this table keeps what
the settlement line paid for beside it.

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-28 06:40:00
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
        "salary_credit",
        sa.Column("transaction_id", sa.BigInteger(), nullable=False),
        sa.Column("merchant", sa.String(length=32), nullable=False),
        sa.Column("account_id", sa.String(length=64), nullable=False),
        sa.Column("contract_kind", sa.String(length=20), nullable=False),
        sa.Column("period_start", sa.DateTime(timezone=True), nullable=False),
        sa.Column("period_end", sa.DateTime(timezone=True), nullable=False),
        sa.Column("amount", sa.BigInteger(), nullable=False),
        sa.Column("currency", sa.String(length=3), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.ForeignKeyConstraint(
            ["transaction_id"], ["money_transaction.id"], name=op.f("fk_salary_credit_transaction_id_money_transaction")
        ),
        sa.PrimaryKeyConstraint("transaction_id", name=op.f("pk_salary_credit")),
    )
    op.create_index(
        "ix_salary_credit_account", "salary_credit", ["merchant", "account_id", "period_start"], unique=False
    )


def downgrade() -> None:
    op.drop_index("ix_salary_credit_account", table_name="salary_credit")
    op.drop_table("salary_credit")
