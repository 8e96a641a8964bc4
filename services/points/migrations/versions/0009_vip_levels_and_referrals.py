"""VIP levels (a brand's ladder by lifetime valid-bet turnover, each member's turnover and level, the levels reached
with their one-time cash bonus) and referrals (invite codes, a brand's rule, invitations and their rewards) (issue
#47 items 4, 5 and 7)

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-27 16:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "vip_level",
        sa.Column("merchant", sa.String(length=32), nullable=False),
        sa.Column("level", sa.Integer(), nullable=False),
        sa.Column("names", postgresql.JSONB(astext_type=sa.Text()), nullable=False),
        sa.Column("turnover", sa.BigInteger(), nullable=False),
        sa.Column("bonus", sa.BigInteger(), nullable=False),
        sa.Column("points_multiplier_pct", sa.Integer(), nullable=False),
        sa.Column("perks", postgresql.JSONB(astext_type=sa.Text()), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.CheckConstraint("level >= 1 AND turnover >= 1 AND bonus >= 0", name=op.f("ck_vip_level_level_sane")),
        sa.CheckConstraint("points_multiplier_pct BETWEEN 100 AND 1000", name=op.f("ck_vip_level_multiplier_sane")),
        sa.PrimaryKeyConstraint("merchant", "level", name=op.f("pk_vip_level")),
    )
    op.create_table(
        "vip_member",
        sa.Column("merchant", sa.String(length=32), nullable=False),
        sa.Column("account_id", sa.String(length=64), nullable=False),
        sa.Column("turnover", sa.BigInteger(), nullable=False),
        sa.Column("level", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.CheckConstraint("turnover >= 0 AND level >= 0", name=op.f("ck_vip_member_member_sane")),
        sa.PrimaryKeyConstraint("merchant", "account_id", name=op.f("pk_vip_member")),
    )
    op.create_table(
        "vip_level_up",
        sa.Column("id", sa.BigInteger(), sa.Identity(always=False), nullable=False),
        sa.Column("merchant", sa.String(length=32), nullable=False),
        sa.Column("account_id", sa.String(length=64), nullable=False),
        sa.Column("level", sa.Integer(), nullable=False),
        sa.Column("names", postgresql.JSONB(astext_type=sa.Text()), nullable=False),
        sa.Column("amount", sa.BigInteger(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("error", sa.String(length=64), nullable=True),
        sa.Column("asking_until", sa.DateTime(timezone=True), nullable=True),
        sa.Column("reached_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("paid_at", sa.DateTime(timezone=True), nullable=True),
        sa.CheckConstraint("amount >= 0", name=op.f("ck_vip_level_up_amount_sane")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_vip_level_up")),
    )
    op.create_index("ux_vip_level_up_member_level", "vip_level_up", ["merchant", "account_id", "level"], unique=True)
    op.create_index("ix_vip_level_up_pending", "vip_level_up", ["status", "id"])
    op.create_table(
        "referral_rule",
        sa.Column("merchant", sa.String(length=32), nullable=False),
        sa.Column("min_deposit", sa.BigInteger(), nullable=False),
        sa.Column("min_valid_bet", sa.BigInteger(), nullable=False),
        sa.Column("reward", sa.BigInteger(), nullable=False),
        sa.Column("enabled", sa.Boolean(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.CheckConstraint(
            "min_deposit >= 0 AND min_valid_bet >= 0 AND reward >= 1", name=op.f("ck_referral_rule_rule_sane")
        ),
        sa.PrimaryKeyConstraint("merchant", name=op.f("pk_referral_rule")),
    )
    op.create_table(
        "referral_code",
        sa.Column("merchant", sa.String(length=32), nullable=False),
        sa.Column("account_id", sa.String(length=64), nullable=False),
        sa.Column("code", sa.String(length=16), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.PrimaryKeyConstraint("merchant", "account_id", name=op.f("pk_referral_code")),
    )
    op.create_index("ux_referral_code_code", "referral_code", ["merchant", "code"], unique=True)
    op.create_table(
        "referral_total",
        sa.Column("merchant", sa.String(length=32), nullable=False),
        sa.Column("account_id", sa.String(length=64), nullable=False),
        sa.Column("deposited", sa.BigInteger(), nullable=False),
        sa.Column("valid_bet", sa.BigInteger(), nullable=False),
        sa.PrimaryKeyConstraint("merchant", "account_id", name=op.f("pk_referral_total")),
    )
    op.create_table(
        "referral_invitation",
        sa.Column("id", sa.BigInteger(), sa.Identity(always=False), nullable=False),
        sa.Column("merchant", sa.String(length=32), nullable=False),
        sa.Column("inviter_id", sa.String(length=64), nullable=False),
        sa.Column("invitee_id", sa.String(length=64), nullable=False),
        sa.Column("invitee_username", sa.String(length=64), nullable=False),
        sa.Column("code", sa.String(length=16), nullable=False),
        sa.Column("registered_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("reward", sa.BigInteger(), nullable=False),
        sa.Column("error", sa.String(length=64), nullable=True),
        sa.Column("asking_until", sa.DateTime(timezone=True), nullable=True),
        sa.Column("qualified_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("paid_at", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_referral_invitation")),
    )
    op.create_index("ux_referral_invitation_invitee", "referral_invitation", ["merchant", "invitee_id"], unique=True)
    op.create_index("ix_referral_invitation_inviter", "referral_invitation", ["merchant", "inviter_id", "id"])
    op.create_index("ix_referral_invitation_status", "referral_invitation", ["status", "id"])


def downgrade() -> None:
    for table in ("referral_invitation", "referral_total", "referral_code", "referral_rule", "vip_level_up",
                  "vip_member", "vip_level"):  # fmt: skip
        op.drop_table(table)
