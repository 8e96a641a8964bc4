"""the indexes of the ops member search: a username's start, a mobile number without its dialing code, an address

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-27 10:00:00
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0011"
down_revision: str | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # LIKE 'prefix%' uses a btree only with the pattern operator class (the database's collation is not C)
    op.create_index(
        "ix_account_merchant_username_prefix",
        "account",
        ["merchant", "username"],
        postgresql_ops={"username": "varchar_pattern_ops"},
    )
    op.create_index("ix_account_merchant_mobile_num", "account", ["merchant", "mobile_num"])
    op.create_index("ix_account_merchant_last_login_ip", "account", ["merchant", "last_login_ip"])
    op.create_index("ix_account_merchant_register_ip", "account", ["merchant", "register_ip"])


def downgrade() -> None:
    for name in (
        "ix_account_merchant_register_ip",
        "ix_account_merchant_last_login_ip",
        "ix_account_merchant_mobile_num",
        "ix_account_merchant_username_prefix",
    ):
        op.drop_index(name, table_name="account")
