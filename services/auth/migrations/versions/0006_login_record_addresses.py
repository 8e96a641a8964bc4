"""the successful logins of an account by address (a login's new-address check reads only this index)

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-25 20:40:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_index(
        "ix_login_record_account_id_ip_success",
        "login_record",
        ["account_id", "ip"],
        postgresql_where=sa.text("success"),
    )


def downgrade() -> None:
    op.drop_index("ix_login_record_account_id_ip_success", table_name="login_record")
