"""ops people are invited and enrol themselves; grants and address ranges wait for a second admin

``ops_person`` gains the invitation (e-mail, inviter, approver, the one-time enrolment token's SHA-256 and expiry,
the TOTP secret being enrolled); its password and TOTP secret are empty until the person sets them. ``ops_request``
holds the maker–checker requests (invitations, grants, address ranges); ``ops_address_range`` the ranges the ops
login admits. People made before keep their password and secret and stay active.

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-27 07:00:00
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
    op.alter_column("ops_person", "password_hash", existing_type=sa.String(length=200), nullable=True)
    op.alter_column("ops_person", "totp_secret", existing_type=sa.String(length=200), nullable=True)
    op.add_column("ops_person", sa.Column("email", sa.String(length=254), nullable=True))
    op.add_column("ops_person", sa.Column("invited_by", sa.String(length=36), nullable=True))
    op.add_column("ops_person", sa.Column("approved_by", sa.String(length=36), nullable=True))
    op.add_column("ops_person", sa.Column("enrol_token_hash", sa.String(length=64), nullable=True))
    op.add_column("ops_person", sa.Column("enrol_expires_at", sa.DateTime(timezone=True), nullable=True))
    op.add_column("ops_person", sa.Column("enrol_totp_secret", sa.String(length=200), nullable=True))
    op.create_index(
        "uq_ops_person_enrol_token",
        "ops_person",
        ["enrol_token_hash"],
        unique=True,
        postgresql_where=sa.text("enrol_token_hash IS NOT NULL"),
    )
    op.create_table(
        "ops_request",
        sa.Column("id", sa.String(length=36), nullable=False),
        sa.Column("kind", sa.String(length=32), nullable=False),
        sa.Column("target", sa.String(length=64), nullable=False),
        sa.Column("merchants", postgresql.JSONB(astext_type=sa.Text()), nullable=False),
        sa.Column("before", postgresql.JSONB(astext_type=sa.Text()), nullable=True),
        sa.Column("after", postgresql.JSONB(astext_type=sa.Text()), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("maker_id", sa.String(length=36), nullable=False),
        sa.Column("maker", sa.String(length=64), nullable=False),
        sa.Column("checker_id", sa.String(length=36), nullable=True),
        sa.Column("checker", sa.String(length=64), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("decided_at", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_ops_request")),
    )
    op.create_index("ix_ops_request_status_created", "ops_request", ["status", "created_at"])
    op.create_table(
        "ops_address_range",
        sa.Column("cidr", sa.String(length=64), nullable=False),
        sa.Column("added_by", sa.String(length=64), nullable=False),
        sa.Column("approved_by", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.PrimaryKeyConstraint("cidr", name=op.f("pk_ops_address_range")),
    )


def downgrade() -> None:
    op.drop_table("ops_address_range")
    op.drop_index("ix_ops_request_status_created", table_name="ops_request")
    op.drop_table("ops_request")
    op.drop_index("uq_ops_person_enrol_token", table_name="ops_person")
    for column in ("enrol_totp_secret", "enrol_expires_at", "enrol_token_hash", "approved_by", "invited_by", "email"):
        op.drop_column("ops_person", column)
    op.execute("DELETE FROM ops_person WHERE password_hash IS NULL OR totp_secret IS NULL")  # never enrolled
    op.alter_column("ops_person", "totp_secret", existing_type=sa.String(length=200), nullable=False)
    op.alter_column("ops_person", "password_hash", existing_type=sa.String(length=200), nullable=False)
