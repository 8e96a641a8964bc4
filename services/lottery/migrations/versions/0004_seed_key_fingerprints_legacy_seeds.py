"""seed keys' fingerprints, the stored seeds limited to the issues written before 0003, and an issue's commitment
fixed in the database

- ``lottery_seed_key``: the fingerprint of each seed key id's key (HMAC-SHA256 of ``fingerprint`` under the key),
  recorded when a worker first holds it; a worker given another key under a recorded id refuses to start.
- ``lottery_issue.legacy_seed``: set here, and only here, on the open issues that kept their seed from the start
  (written before 0003: ``seed_key_id`` empty). Only those are drawn from a stored seed; any other issue without a
  key is set aside (``stuck``) when due, never drawn from a seed someone wrote into the database. An open VN_SOUTH
  issue with a stored seed can only come from a worker of before 0003 left running after it (at the northern draw's
  time): it is not marked, and dropped when nobody bet on it (the worker writes the southern issue in its place).
- A trigger on ``lottery_issue`` refuses an issue inserted with a seed or with ``legacy_seed``, ``legacy_seed`` set
  afterwards, a change of ``seed_hash`` (the commitment published before betting) and a change of a seed once stored
  (the draw stores it once). A worker of an older generation still running while a release migrates therefore
  writes no issue with a seed in the clear (the deployment stops the worker first anyway: ``strategy: Recreate``).

About 0003's comment on ``lottery_slip_write``: a slip being written holds its issue ``FOR SHARE``, so a void (``FOR
UPDATE``) waits for it; the draw does not wait: it takes due issues ``FOR UPDATE SKIP LOCKED``, passes over one a slip
is being written on and draws it on a later tick (the slip, written before the close, is in the draw).

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-27 09:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# Open issues written with their seed in the clear. A VN_SOUTH one was written by an older worker after 0003 (which
# moved every VN_SOUTH issue before it to VN_NORTH), with the northern draw's time: it is not marked (set aside when
# due, its bets refunded), and dropped if nobody bet on it, so that the worker writes the southern issue in its place.
STORED = "status = 'open' AND seed_key_id IS NULL AND seed IS NOT NULL"
UNBETTED = (
    "NOT EXISTS (SELECT 1 FROM lottery_bet b "
    "WHERE b.game_code = lottery_issue.game_code AND b.issue = lottery_issue.issue)"
)

GUARD = """
CREATE FUNCTION lottery_issue_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        IF NEW.seed IS NOT NULL OR NEW.legacy_seed THEN
            RAISE EXCEPTION 'lottery issue %:% is written with its commitment alone, never with a seed',
                NEW.game_code, NEW.issue;
        END IF;
    ELSIF NEW.legacy_seed AND NOT OLD.legacy_seed THEN
        RAISE EXCEPTION 'lottery issue %:%: only migration 0004 marks the issues written with a seed',
            NEW.game_code, NEW.issue;
    ELSIF NEW.seed_hash IS DISTINCT FROM OLD.seed_hash THEN
        RAISE EXCEPTION 'lottery issue %:%: its commitment is published and never changes', NEW.game_code, NEW.issue;
    ELSIF OLD.seed IS NOT NULL AND NEW.seed IS DISTINCT FROM OLD.seed THEN
        RAISE EXCEPTION 'lottery issue %:%: its seed is stored once', NEW.game_code, NEW.issue;
    END IF;
    RETURN NEW;
END
$$
"""


def upgrade() -> None:
    op.create_table(
        "lottery_seed_key",
        sa.Column("key_id", sa.String(length=16), nullable=False),
        sa.Column("fingerprint", sa.String(length=64), nullable=False),
        sa.Column("recorded_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.PrimaryKeyConstraint("key_id", name=op.f("pk_lottery_seed_key")),
    )
    op.add_column("lottery_issue", sa.Column("legacy_seed", sa.Boolean(), server_default=sa.false(), nullable=False))
    op.execute(f"UPDATE lottery_issue SET legacy_seed = true WHERE {STORED} AND game_code <> 'VN_SOUTH'")  # noqa: S608
    op.execute(f"DELETE FROM lottery_issue WHERE {STORED} AND game_code = 'VN_SOUTH' AND {UNBETTED}")  # noqa: S608
    op.execute(GUARD)
    op.execute(
        "CREATE TRIGGER lottery_issue_guard BEFORE INSERT OR UPDATE ON lottery_issue "
        "FOR EACH ROW EXECUTE FUNCTION lottery_issue_guard()"
    )


def downgrade() -> None:
    op.execute("DROP TRIGGER lottery_issue_guard ON lottery_issue")
    op.execute("DROP FUNCTION lottery_issue_guard()")
    op.drop_column("lottery_issue", "legacy_seed")
    op.drop_table("lottery_seed_key")
