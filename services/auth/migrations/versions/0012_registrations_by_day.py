"""the accounts opened per brand and day, for the ops dashboards, and the inbox of the events auth consumes

The auth worker now consumes its own ``auth.member.registered.v1`` to count each account into its day, once per
event. No backfill: the new durable consumer reads the stream from its start, which counts the accounts opened
before this revision (the streams keep every event).

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-27 12:40:00
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
        "inbox",
        sa.Column("consumer", sa.String(length=200), nullable=False),
        sa.Column("event_id", sa.String(length=64), nullable=False),
        sa.Column("subject", sa.String(length=200), nullable=False),
        sa.Column("processed_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.PrimaryKeyConstraint("consumer", "event_id", name=op.f("pk_inbox")),
    )
    op.create_table(
        "registration_day",
        sa.Column("merchant", sa.String(length=32), nullable=False),
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("kind", sa.String(length=8), nullable=False),
        sa.Column("accounts", sa.BigInteger(), nullable=False),
        sa.PrimaryKeyConstraint("merchant", "day", "kind", name=op.f("pk_registration_day")),
    )


def downgrade() -> None:
    op.drop_table("registration_day")
    op.drop_table("inbox")
