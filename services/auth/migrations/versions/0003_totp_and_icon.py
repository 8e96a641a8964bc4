"""a bindable TOTP authenticator (sealed secret) and the member's icon

Revision ID: 0003
Revises: 0002
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("account", sa.Column("totp_secret", sa.String(length=200), nullable=True))
    op.add_column("account", sa.Column("totp_enabled", sa.Boolean(), server_default=sa.false(), nullable=False))
    op.add_column("account", sa.Column("icon", sa.SmallInteger(), server_default="1", nullable=False))


def downgrade() -> None:
    op.drop_column("account", "icon")
    op.drop_column("account", "totp_enabled")
    op.drop_column("account", "totp_secret")
