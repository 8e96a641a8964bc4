"""The first step."""

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | None = None


def upgrade() -> None:
    op.create_table("first_step", sa.Column("id", sa.Integer, primary_key=True))


def downgrade() -> None:
    op.drop_table("first_step")
