"""missions: a brand's missions (bet, deposit, play days) and each account's progress in them, the days an account
played in a play-days mission, and the usernames of the accounts known (the leaderboard shows them masked)

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-27 15:20:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("point_member", sa.Column("username", sa.String(length=64), nullable=True))
    op.create_table(
        "mission",
        sa.Column("id", sa.BigInteger(), sa.Identity(always=False), nullable=False),
        sa.Column("merchant", sa.String(length=32), nullable=False),
        sa.Column("names", postgresql.JSONB(astext_type=sa.Text()), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("game_types", postgresql.JSONB(astext_type=sa.Text()), nullable=False),
        sa.Column("target", sa.BigInteger(), nullable=False),
        sa.Column("reward_points", sa.BigInteger(), nullable=False),
        sa.Column("starts_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("ends_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("active", sa.Boolean(), nullable=False),
        sa.Column("sort", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.CheckConstraint("target > 0", name=op.f("ck_mission_target_positive")),
        sa.CheckConstraint("reward_points > 0", name=op.f("ck_mission_reward_positive")),
        sa.CheckConstraint("ends_at > starts_at", name=op.f("ck_mission_window_forward")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_mission")),
    )
    op.create_index("ix_mission_merchant_sort", "mission", ["merchant", "sort", "id"])
    op.create_table(
        "mission_progress",
        sa.Column("mission_id", sa.BigInteger(), nullable=False),
        sa.Column("account_id", sa.String(length=64), nullable=False),
        sa.Column("merchant", sa.String(length=32), nullable=False),
        sa.Column("progress", sa.BigInteger(), nullable=False),
        sa.Column("completed_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("claimed_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("claim_request_id", sa.String(length=64), nullable=True),
        sa.Column("updated_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.CheckConstraint("progress >= 0", name=op.f("ck_mission_progress_progress_not_negative")),
        sa.ForeignKeyConstraint(
            ["mission_id"], ["mission.id"], name=op.f("fk_mission_progress_mission_id_mission"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("mission_id", "account_id", name=op.f("pk_mission_progress")),
    )
    op.create_index(
        "ix_mission_progress_board",
        "mission_progress",
        ["mission_id", sa.text("progress DESC"), "updated_at", "account_id"],
    )
    op.create_table(
        "mission_play_day",
        sa.Column("mission_id", sa.BigInteger(), nullable=False),
        sa.Column("account_id", sa.String(length=64), nullable=False),
        sa.Column("day", sa.Date(), nullable=False),
        sa.ForeignKeyConstraint(
            ["mission_id"], ["mission.id"], name=op.f("fk_mission_play_day_mission_id_mission"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("mission_id", "account_id", "day", name=op.f("pk_mission_play_day")),
    )


def downgrade() -> None:
    op.drop_table("mission_play_day")
    op.drop_table("mission_progress")
    op.drop_table("mission")
    op.drop_column("point_member", "username")
