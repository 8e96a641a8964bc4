"""The second step: the head."""

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"


def upgrade() -> None:
    op.create_table("second_step", sa.Column("id", sa.Integer, primary_key=True))


def downgrade() -> None:
    op.drop_table("second_step")
