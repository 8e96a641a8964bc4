"""deposits, withdrawals, bank accounts, merchant wallet settings, member profiles, ops audit

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-22 18:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_NOW = sa.text("now()")


def _created() -> sa.Column[object]:
    return sa.Column("created_at", sa.DateTime(timezone=True), server_default=_NOW, nullable=False)


def upgrade() -> None:
    op.create_table(
        "merchant_wallet",
        sa.Column("merchant", sa.String(length=32), nullable=False),
        sa.Column("mode", sa.String(length=8), nullable=False),
        sa.Column("vendors", postgresql.JSONB(astext_type=sa.Text()), nullable=False),
        sa.Column("deposit_min", sa.BigInteger(), nullable=False),
        sa.Column("deposit_max", sa.BigInteger(), nullable=False),
        sa.Column("withdrawal_min", sa.BigInteger(), nullable=False),
        sa.Column("withdrawal_max", sa.BigInteger(), nullable=False),
        sa.Column("confirm_minutes", sa.Integer(), nullable=False),
        sa.Column("bank", postgresql.JSONB(astext_type=sa.Text()), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), server_default=_NOW, nullable=False),
        sa.PrimaryKeyConstraint("merchant", name=op.f("pk_merchant_wallet")),
    )
    op.create_table(
        "member_profile",
        sa.Column("merchant", sa.String(length=32), nullable=False),
        sa.Column("account_id", sa.String(length=64), nullable=False),
        sa.Column("account_type", sa.SmallInteger(), nullable=False),
        sa.Column("username", sa.String(length=64), nullable=True),
        sa.Column("upline_id", sa.String(length=64), nullable=True),
        sa.PrimaryKeyConstraint("merchant", "account_id", name=op.f("pk_member_profile")),
    )
    op.create_table(
        "deposit",
        sa.Column("id", sa.String(length=36), nullable=False),
        sa.Column("merchant", sa.String(length=32), nullable=False),
        sa.Column("account_id", sa.String(length=64), nullable=False),
        sa.Column("request_id", sa.String(length=64), nullable=False),
        sa.Column("channel", sa.String(length=20), nullable=False),
        sa.Column("amount", sa.BigInteger(), nullable=False),
        sa.Column("currency", sa.String(length=3), nullable=False),
        sa.Column("reference", sa.String(length=100), nullable=True),
        sa.Column("status", sa.String(length=12), nullable=False),
        sa.Column("gateway_txn_id", sa.String(length=100), nullable=True),
        sa.Column("decided_by", sa.String(length=64), nullable=True),
        sa.Column("reason", sa.String(length=500), nullable=True),
        _created(),
        sa.Column("decided_at", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_deposit")),
    )
    op.create_index("uq_deposit_request", "deposit", ["merchant", "account_id", "request_id"], unique=True)
    op.create_index("ix_deposit_status", "deposit", ["merchant", "status", "created_at"])
    op.create_index("ix_deposit_account", "deposit", ["merchant", "account_id", "created_at"])
    op.create_table(
        "bank_account",
        sa.Column("id", sa.String(length=36), nullable=False),
        sa.Column("merchant", sa.String(length=32), nullable=False),
        sa.Column("account_id", sa.String(length=64), nullable=False),
        sa.Column("bank_name", sa.String(length=100), nullable=False),
        sa.Column("holder_name", sa.String(length=100), nullable=False),
        sa.Column("account_number", sa.String(length=40), nullable=False),
        _created(),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_bank_account")),
    )
    op.create_index(op.f("ix_bank_account_account_id"), "bank_account", ["account_id"])
    op.create_index("uq_bank_account_number", "bank_account", ["merchant", "account_id", "account_number"], unique=True)
    op.create_table(
        "withdrawal",
        sa.Column("id", sa.String(length=36), nullable=False),
        sa.Column("merchant", sa.String(length=32), nullable=False),
        sa.Column("account_id", sa.String(length=64), nullable=False),
        sa.Column("request_id", sa.String(length=64), nullable=False),
        sa.Column("bank_account_id", sa.String(length=36), nullable=False),
        sa.Column("amount", sa.BigInteger(), nullable=False),
        sa.Column("currency", sa.String(length=3), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("remainder", sa.BigInteger(), nullable=True),
        sa.Column("confirm_deadline", sa.DateTime(timezone=True), nullable=True),
        sa.Column("decided_by", sa.String(length=64), nullable=True),
        sa.Column("reason", sa.String(length=500), nullable=True),
        _created(),
        sa.Column("updated_at", sa.DateTime(timezone=True), server_default=_NOW, nullable=False),
        sa.ForeignKeyConstraint(
            ["bank_account_id"], ["bank_account.id"], name=op.f("fk_withdrawal_bank_account_id_bank_account")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_withdrawal")),
    )
    op.create_index("uq_withdrawal_request", "withdrawal", ["merchant", "account_id", "request_id"], unique=True)
    op.create_index("ix_withdrawal_status", "withdrawal", ["merchant", "status", "created_at"])
    op.create_index("ix_withdrawal_account", "withdrawal", ["merchant", "account_id", "created_at"])
    op.create_table(
        "withdrawal_proof",
        sa.Column("id", sa.BigInteger(), autoincrement=True, nullable=False),
        sa.Column("withdrawal_id", sa.String(length=36), nullable=False),
        sa.Column("content_type", sa.String(length=20), nullable=False),
        sa.Column("data", sa.LargeBinary(), nullable=False),
        _created(),
        sa.ForeignKeyConstraint(
            ["withdrawal_id"], ["withdrawal.id"], name=op.f("fk_withdrawal_proof_withdrawal_id_withdrawal")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_withdrawal_proof")),
    )
    op.create_index(op.f("ix_withdrawal_proof_withdrawal_id"), "withdrawal_proof", ["withdrawal_id"])
    op.create_table(
        "money_audit",
        sa.Column("id", sa.BigInteger(), autoincrement=True, nullable=False),
        sa.Column("merchant", sa.String(length=32), nullable=False),
        sa.Column("actor", sa.String(length=64), nullable=False),
        sa.Column("action", sa.String(length=40), nullable=False),
        sa.Column("target", sa.String(length=64), nullable=False),
        sa.Column("reason", sa.String(length=500), nullable=True),
        sa.Column("detail", postgresql.JSONB(astext_type=sa.Text()), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), server_default=_NOW, nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_money_audit")),
    )
    op.create_index(op.f("ix_money_audit_merchant"), "money_audit", ["merchant"])


def downgrade() -> None:
    for table in ("money_audit", "withdrawal_proof", "withdrawal", "bank_account", "deposit", "member_profile"):
        op.drop_table(table)
    op.drop_table("merchant_wallet")
