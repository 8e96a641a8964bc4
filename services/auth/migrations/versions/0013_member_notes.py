"""ops notes on a member (risk and support)

A new table only ever inserted into, read per member newest first through its (merchant, account_id, id) index.

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-28 09:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0013"
down_revision: str | None = "0012"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "member_note",
        sa.Column("id", sa.BigInteger(), autoincrement=True, nullable=False),
        sa.Column("merchant", sa.String(length=32), nullable=False),
        sa.Column("account_id", sa.String(length=36), nullable=False),
        sa.Column("author", sa.String(length=64), nullable=False),
        sa.Column("text", sa.String(length=1000), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_member_note")),
    )
    op.create_index("ix_member_note_merchant_account_id_id", "member_note", ["merchant", "account_id", "id"])


def downgrade() -> None:
    op.drop_index("ix_member_note_merchant_account_id_id", table_name="member_note")
    op.drop_table("member_note")
