"""every commit that writes outbox rows notifies the relay

The relay was woken by a message on NATS from the process that committed, which only the writers that remembered
to ring did (a server-side function's events waited for the next poll). A statement trigger on the outbox now
notifies ``outbox`` at the commit, whoever wrote the rows; the relay listens (``portal_kit.messaging.outbox``).

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-27 01:00:00
"""

from collections.abc import Sequence

from alembic import op

from portal_kit.messaging.outbox import DROP_NOTIFY, NOTIFY_FUNCTION, NOTIFY_TRIGGER

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.execute(NOTIFY_FUNCTION)
    op.execute(NOTIFY_TRIGGER)


def downgrade() -> None:
    for statement in DROP_NOTIFY:
        op.execute(statement)
