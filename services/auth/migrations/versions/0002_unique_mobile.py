"""a mobile number belongs to one account of a brand (login by SMS code finds it)

Revision ID: 0002
Revises: 0001
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_index(
        "uq_account_merchant_mobile",
        "account",
        ["merchant", "country_dialing_code", "mobile_num"],
        unique=True,
        postgresql_where=sa.text("mobile_num IS NOT NULL"),
    )


def downgrade() -> None:
    op.drop_index("uq_account_merchant_mobile", table_name="account")
