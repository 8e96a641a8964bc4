"""the country dialing codes a brand sends SMS to

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-23 22:20:18.618355
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column(
        "merchant",
        sa.Column("sms_dialing_codes", postgresql.JSONB(astext_type=sa.Text()), server_default="[]", nullable=False),
    )
    # The brands so far are Turkish (TRY): they keep sending SMS to Turkish numbers; new brands send none until
    # ops list their countries.
    op.execute("""UPDATE merchant SET sms_dialing_codes = '["90"]' WHERE currency = 'TRY'""")


def downgrade() -> None:
    op.drop_column("merchant", "sms_dialing_codes")
