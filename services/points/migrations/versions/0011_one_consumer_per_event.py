"""the points worker consumes each event type through one durable consumer for every slice (points_service/consumers.py):
the events the earlier consumers already applied are marked consumed under the new names, so a stack that ran before
does not apply its history again when the new durables read their streams from the start

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-27 17:05:00
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0011"
down_revision: str | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# Earning's consumers (the only ones released before) claimed every event of their streams, earning or not.
RENAMED = {
    "points__earn_game_bet": "points__game_bet",
    "points__earn_lottery_bet": "points__lottery_bet",
    "points__earn_deposit": "points__deposit",
    "points__know_member": "points__registered",
}


def upgrade() -> None:
    for old, new in RENAMED.items():
        op.execute(
            f"INSERT INTO inbox (consumer, event_id, subject, processed_at) "  # noqa: S608 - constants
            f"SELECT '{new}', event_id, subject, processed_at FROM inbox WHERE consumer = '{old}' "
            f"ON CONFLICT DO NOTHING"
        )


def downgrade() -> None:
    for new in RENAMED.values():
        op.execute(f"DELETE FROM inbox WHERE consumer = '{new}'")  # noqa: S608 - constants
