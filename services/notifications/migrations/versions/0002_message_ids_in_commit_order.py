"""a brand's messages take their ids in the order they commit

An id is taken when a row is inserted, its commit comes later: two consumers writing messages for one reader could
commit them out of id order, and a page that had seen the newer one would never be sent the older (a resume asks
for the ids after the last it saw). Each insert now waits for the brand's turn, held until its transaction ends,
and takes its id then: within a brand (a reader's messages and the brand's broadcasts) id order is commit order.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-26 03:00:00
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# The first key of the brand's advisory lock: the notifications database's locks of this kind, apart from any other.
MESSAGE_TURN = 15_001


def upgrade() -> None:
    op.execute(
        f"""
        CREATE FUNCTION member_message_id_at_turn() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            PERFORM pg_advisory_xact_lock({MESSAGE_TURN}, hashtext(NEW.merchant));
            NEW.id := nextval('member_message_id_seq');
            RETURN NEW;
        END;
        $$
        """
    )
    op.execute(
        "CREATE TRIGGER member_message_id_at_turn BEFORE INSERT ON member_message "
        "FOR EACH ROW EXECUTE FUNCTION member_message_id_at_turn()"
    )


def downgrade() -> None:
    op.execute("DROP TRIGGER member_message_id_at_turn ON member_message")
    op.execute("DROP FUNCTION member_message_id_at_turn()")
