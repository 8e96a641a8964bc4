"""the indexes of the ops member search: a username's start, a mobile number without its dialing code, an address

Usernames (lower-case letters and digits) take the byte order ("C"), their own order: the (merchant, username)
index then serves a search by a name's start and the order by name (its rebuild blocks writes to the table while
it runs). The new indexes are built concurrently (outside the migration's transaction): a brand's account table
may be large, and a plain build would stop registrations and sign-ins while it runs.

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-27 10:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0011"
down_revision: str | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

INDEXES = {
    "ix_account_merchant_mobile_num": ["merchant", "mobile_num"],
    "ix_account_merchant_last_login_ip": ["merchant", "last_login_ip"],
    "ix_account_merchant_register_ip": ["merchant", "register_ip"],
}


def upgrade() -> None:
    op.alter_column("account", "username", type_=sa.String(64, collation="C"), existing_nullable=False)
    with op.get_context().autocommit_block():
        for name, columns in INDEXES.items():
            op.create_index(name, "account", columns, postgresql_concurrently=True, if_not_exists=True)


def downgrade() -> None:
    with op.get_context().autocommit_block():
        for name in reversed(INDEXES):
            op.drop_index(name, table_name="account", postgresql_concurrently=True, if_exists=True)
    op.alter_column("account", "username", type_=sa.String(64), existing_nullable=False)
