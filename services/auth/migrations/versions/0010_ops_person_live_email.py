"""one mailbox, one ops person, held by the database: a unique e-mail among the people not disabled

Two invitations to one mailbox sent at once both passed the service's check; the partial unique index refuses the
second (``ops.email.exists``).

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-27 08:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0010"
down_revision: str | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_index(
        "uq_ops_person_live_email",
        "ops_person",
        ["email"],
        unique=True,
        postgresql_where=sa.text("email IS NOT NULL AND status <> 'disabled'"),
    )


def downgrade() -> None:
    op.drop_index("uq_ops_person_live_email", table_name="ops_person")
