"""raffles (a provably fair draw of cash prizes among the members' tickets, its seed committed when made) and red
envelopes (a pool of cash split at random into shares, one claimed a member) (issue #47 items 4 and 6)

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-27 16:20:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0010"
down_revision: str | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _when(name: str, nullable: bool = False) -> sa.Column:
    return sa.Column(name, sa.DateTime(timezone=True), nullable=nullable)


def _created() -> sa.Column:
    return sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False)


def upgrade() -> None:
    op.create_table(
        "raffle",
        sa.Column("id", sa.BigInteger(), sa.Identity(always=False), nullable=False),
        sa.Column("merchant", sa.String(length=32), nullable=False),
        sa.Column("names", postgresql.JSONB(astext_type=sa.Text()), nullable=False),
        _when("opens_at"),
        _when("closes_at"),
        sa.Column("prizes", postgresql.JSONB(astext_type=sa.Text()), nullable=False),
        sa.Column("seed", sa.LargeBinary(), nullable=False),
        sa.Column("seed_hash", sa.String(length=64), nullable=False),
        sa.Column("tickets", sa.Integer(), server_default="0", nullable=False),
        _when("drawn_at", nullable=True),
        sa.Column("created_by", sa.String(length=64), nullable=False),
        _created(),
        sa.CheckConstraint("closes_at > opens_at", name=op.f("ck_raffle_window_valid")),
        sa.CheckConstraint("tickets >= 0", name=op.f("ck_raffle_tickets_not_negative")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_raffle")),
    )
    op.create_index("ix_raffle_merchant_closes", "raffle", ["merchant", "closes_at"])
    op.create_index("ix_raffle_due", "raffle", ["drawn_at", "closes_at"])
    op.create_table(
        "raffle_ticket",
        sa.Column("raffle_id", sa.BigInteger(), nullable=False),
        sa.Column("ticket_no", sa.Integer(), nullable=False),
        sa.Column("merchant", sa.String(length=32), nullable=False),
        sa.Column("account_id", sa.String(length=64), nullable=False),
        sa.Column("username", sa.String(length=64), nullable=True),
        sa.Column("request_id", sa.String(length=64), nullable=False),
        _created(),
        sa.PrimaryKeyConstraint("raffle_id", "ticket_no", name=op.f("pk_raffle_ticket")),
    )
    op.create_index("ux_raffle_ticket_account", "raffle_ticket", ["raffle_id", "account_id"], unique=True)
    op.create_table(
        "raffle_prize",
        sa.Column("raffle_id", sa.BigInteger(), nullable=False),
        sa.Column("place", sa.Integer(), nullable=False),
        sa.Column("merchant", sa.String(length=32), nullable=False),
        sa.Column("amount", sa.BigInteger(), nullable=False),
        sa.Column("ticket_no", sa.Integer(), nullable=False),
        sa.Column("account_id", sa.String(length=64), nullable=False),
        sa.Column("username", sa.String(length=64), nullable=True),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("error", sa.String(length=64), nullable=True),
        _when("asking_until", nullable=True),
        _created(),
        _when("paid_at", nullable=True),
        sa.CheckConstraint("amount > 0", name=op.f("ck_raffle_prize_amount_positive")),
        sa.PrimaryKeyConstraint("raffle_id", "place", name=op.f("pk_raffle_prize")),
    )
    op.create_index("ix_raffle_prize_status", "raffle_prize", ["status", "raffle_id"])
    op.create_table(
        "red_envelope",
        sa.Column("id", sa.BigInteger(), sa.Identity(always=False), nullable=False),
        sa.Column("merchant", sa.String(length=32), nullable=False),
        sa.Column("names", postgresql.JSONB(astext_type=sa.Text()), nullable=False),
        sa.Column("pool", sa.BigInteger(), nullable=False),
        sa.Column("shares", sa.Integer(), nullable=False),
        _when("opens_at"),
        _when("closes_at"),
        sa.Column("created_by", sa.String(length=64), nullable=False),
        _created(),
        sa.CheckConstraint("closes_at > opens_at", name=op.f("ck_red_envelope_window_valid")),
        sa.CheckConstraint("shares > 0 AND pool >= shares", name=op.f("ck_red_envelope_pool_covers_shares")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_red_envelope")),
    )
    op.create_index("ix_red_envelope_merchant_closes", "red_envelope", ["merchant", "closes_at"])
    op.create_table(
        "red_envelope_share",
        sa.Column("envelope_id", sa.BigInteger(), nullable=False),
        sa.Column("share_no", sa.Integer(), nullable=False),
        sa.Column("merchant", sa.String(length=32), nullable=False),
        sa.Column("amount", sa.BigInteger(), nullable=False),
        sa.Column("account_id", sa.String(length=64), nullable=True),
        sa.Column("request_id", sa.String(length=64), nullable=True),
        sa.Column("status", sa.String(length=16), nullable=True),
        sa.Column("error", sa.String(length=64), nullable=True),
        _when("asking_until", nullable=True),
        _when("claimed_at", nullable=True),
        _when("paid_at", nullable=True),
        sa.CheckConstraint("amount > 0", name=op.f("ck_red_envelope_share_amount_positive")),
        sa.PrimaryKeyConstraint("envelope_id", "share_no", name=op.f("pk_red_envelope_share")),
    )
    op.create_index("ux_red_envelope_share_account", "red_envelope_share", ["envelope_id", "account_id"], unique=True)
    op.create_index("ix_red_envelope_share_status", "red_envelope_share", ["status", "envelope_id"])


def downgrade() -> None:
    op.drop_table("red_envelope_share")
    op.drop_table("red_envelope")
    op.drop_table("raffle_prize")
    op.drop_table("raffle_ticket")
    op.drop_table("raffle")
