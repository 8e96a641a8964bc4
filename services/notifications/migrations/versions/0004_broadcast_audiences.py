"""an ops broadcast goes to every member of a brand, to one member or to a list of members

``member_message.audience`` says whom a broadcast (a row without an account) is for: ``all`` (every broadcast so
far, and the default, so a process of the previous version still writes broadcasts for everyone), ``member`` or
``list``; the members of a targeted one are rows of ``member_message_audience``, gone with their broadcast. The
downgrade takes the targeted broadcasts away (the previous version would show them to everyone).

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-27 13:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("member_message", sa.Column("audience", sa.String(length=8), server_default="all", nullable=False))
    op.create_check_constraint(
        op.f("ck_member_message_audience_known"), "member_message", "audience IN ('all', 'member', 'list')"
    )
    op.create_check_constraint(
        op.f("ck_member_message_audience_of_broadcast"), "member_message", "audience = 'all' OR account_id IS NULL"
    )
    op.create_table(
        "member_message_audience",
        sa.Column("message_id", sa.BigInteger(), nullable=False),
        sa.Column("account_id", sa.String(length=64), nullable=False),
        sa.ForeignKeyConstraint(
            ["message_id"],
            ["member_message.id"],
            name=op.f("fk_member_message_audience_message_id_member_message"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("message_id", "account_id", name=op.f("pk_member_message_audience")),
    )


def downgrade() -> None:
    op.execute("DELETE FROM member_message WHERE audience <> 'all'")
    op.drop_table("member_message_audience")
    op.drop_constraint(op.f("ck_member_message_audience_of_broadcast"), "member_message", type_="check")
    op.drop_constraint(op.f("ck_member_message_audience_known"), "member_message", type_="check")
    op.drop_column("member_message", "audience")
