"""seeds committed under a key outside the database, the northern and southern VN draws, voids by two people, and a
slip's hot path as server-side functions

- ``lottery_issue.seed`` holds a seed only once it is revealed at the draw; an issue is written with the commitment
  alone and the id of the key its seed is derived under (``seed_key_id``). Issues written before this revision keep
  the seed they were written with (``seed_key_id`` empty) and are drawn from it.
- The VN game written so far as ``VN_SOUTH`` had the northern draw's 27 prizes: its issues, slips and bets become
  ``VN_NORTH``, their draw's context keeping the code they were committed under (``draw_code``); ``VN_SOUTH`` is now
  the southern draw's 18 prizes.
- ``lottery_void_request``: a void proposed by one ops person, approved or rejected by another.
- ``lottery_slip_write``, ``lottery_slip_paid``, ``lottery_slip_void``: writing a slip, and settling its debit's
  answer, each one round trip (``bets.repository``).

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-26 22:30:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# The slip and its bets written ``pending``, once per request id. The issue is held shared (the draw and a void wait
# for it) and must be the one open for bets now: not closed by the database's clock, and no earlier issue of the game
# still before its close. The member's stakes on the issue are summed under an advisory lock of (member, issue), so
# parallel slips cannot pass the limit together; a twin request that waited on that lock answers the slip written.
WRITE = """
CREATE FUNCTION lottery_slip_write(
    p_slip uuid, p_merchant text, p_account text, p_request text, p_fingerprint text, p_game text, p_issue text,
    p_currency text, p_total bigint, p_max_per_issue bigint, p_player text, p_bets jsonb,
    OUT outcome text, OUT slip_id uuid, OUT written_at timestamptz, OUT used bigint
) LANGUAGE plpgsql AS $$
DECLARE
    earlier record;
    target record;
BEGIN
    SELECT id, fingerprint INTO earlier FROM lottery_slip
     WHERE merchant = p_merchant AND account_id = p_account AND request_id = p_request;
    IF FOUND THEN
        outcome := CASE WHEN earlier.fingerprint = p_fingerprint THEN 'replay' ELSE 'idempotency.mismatch' END;
        slip_id := earlier.id;
        RETURN;
    END IF;
    SELECT status, closes_at, draws_at INTO target FROM lottery_issue
     WHERE game_code = p_game AND issue = p_issue FOR SHARE;
    IF NOT FOUND THEN
        outcome := 'lottery.issue_unknown';
        RETURN;
    END IF;
    written_at := clock_timestamp();
    IF target.status <> 'open' OR target.closes_at <= written_at THEN
        outcome := 'lottery.issue_closed';
        RETURN;
    END IF;
    IF EXISTS (SELECT 1 FROM lottery_issue
                WHERE game_code = p_game AND draws_at > written_at AND draws_at < target.draws_at
                  AND status = 'open' AND closes_at > written_at) THEN
        outcome := 'lottery.issue_not_open';
        RETURN;
    END IF;
    PERFORM pg_advisory_xact_lock(hashtextextended(p_merchant || ':' || p_account || ':' || p_game || ':' || p_issue, 0));
    SELECT id, fingerprint INTO earlier FROM lottery_slip
     WHERE merchant = p_merchant AND account_id = p_account AND request_id = p_request;
    IF FOUND THEN
        outcome := CASE WHEN earlier.fingerprint = p_fingerprint THEN 'replay' ELSE 'idempotency.mismatch' END;
        slip_id := earlier.id;
        RETURN;
    END IF;
    SELECT COALESCE(sum(stake), 0) INTO used FROM lottery_bet
     WHERE merchant = p_merchant AND account_id = p_account AND game_code = p_game AND issue = p_issue
       AND status IN ('pending', 'accepted');
    IF used + p_total > p_max_per_issue THEN
        outcome := 'lottery.issue_limit';
        RETURN;
    END IF;
    INSERT INTO lottery_slip (id, merchant, account_id, request_id, fingerprint, game_code, issue, currency, total,
                              status, created_at)
    VALUES (p_slip, p_merchant, p_account, p_request, p_fingerprint, p_game, p_issue, p_currency, p_total,
            'pending', written_at)
    ON CONFLICT (merchant, account_id, request_id) DO NOTHING;
    IF NOT FOUND THEN  -- the same request id for another issue, written meanwhile
        SELECT id, fingerprint INTO earlier FROM lottery_slip
         WHERE merchant = p_merchant AND account_id = p_account AND request_id = p_request;
        outcome := CASE WHEN earlier.fingerprint = p_fingerprint THEN 'replay' ELSE 'idempotency.mismatch' END;
        slip_id := earlier.id;
        RETURN;
    END IF;
    INSERT INTO lottery_bet (id, slip_id, line, merchant, account_id, player_name, game_code, issue, bet_type, choice,
                             currency, stake, odds_milli, status, hits, win, created_at)
    SELECT (b ->> 'id')::uuid, p_slip, (n - 1)::int, p_merchant, p_account, p_player, p_game, p_issue,
           b ->> 'betType', b -> 'choice', p_currency, (b ->> 'stake')::bigint, (b ->> 'odds')::int, 'pending', 0, 0,
           written_at
      FROM jsonb_array_elements(p_bets) WITH ORDINALITY AS t(b, n);
    outcome := 'written';
    slip_id := p_slip;
END
$$
"""

# The debit's answer: the slip and its bets accepted only while the issue still takes bets (held shared, by the
# database's clock); otherwise the slip is ``voiding`` with ``lottery.issue_closed``, its debit to be given back.
# A slip no longer pending (the sweep took it) is answered as it stands.
PAID = """
CREATE FUNCTION lottery_slip_paid(p_slip uuid, p_balance bigint, OUT slip_status text, OUT slip_refusal text)
LANGUAGE plpgsql AS $$
DECLARE
    takes_bets boolean;
BEGIN
    SELECT i.status = 'open' AND i.closes_at > clock_timestamp() INTO takes_bets
      FROM lottery_slip s JOIN lottery_issue i ON i.game_code = s.game_code AND i.issue = s.issue
     WHERE s.id = p_slip
       FOR SHARE OF i;
    UPDATE lottery_slip
       SET status = CASE WHEN takes_bets THEN 'accepted' ELSE 'voiding' END,
           balance = CASE WHEN takes_bets THEN p_balance END,
           refusal = CASE WHEN takes_bets THEN NULL ELSE 'lottery.issue_closed' END
     WHERE id = p_slip AND status = 'pending'
    RETURNING status, refusal INTO slip_status, slip_refusal;
    IF NOT FOUND THEN
        SELECT status, refusal INTO slip_status, slip_refusal FROM lottery_slip WHERE id = p_slip;
    ELSIF takes_bets THEN
        UPDATE lottery_bet SET status = 'accepted' WHERE slip_id = p_slip AND status = 'pending';
    END IF;
END
$$
"""

# The slip void from ``p_from`` (``pending``: the wallet refused the debit; ``voiding``: its debit given back) with its
# pending bets; a refusal it already carries is kept.
VOID = """
CREATE FUNCTION lottery_slip_void(p_slip uuid, p_from text, p_refusal text, OUT slip_status text, OUT slip_refusal text)
LANGUAGE plpgsql AS $$
BEGIN
    UPDATE lottery_slip SET status = 'void', refusal = COALESCE(refusal, p_refusal)
     WHERE id = p_slip AND status = p_from
    RETURNING status, refusal INTO slip_status, slip_refusal;
    IF NOT FOUND THEN
        SELECT status, refusal INTO slip_status, slip_refusal FROM lottery_slip WHERE id = p_slip;
    ELSE
        UPDATE lottery_bet SET status = 'void' WHERE slip_id = p_slip AND status = 'pending';
    END IF;
END
$$
"""


def upgrade() -> None:
    op.alter_column("lottery_issue", "seed", existing_type=sa.LargeBinary(), nullable=True)
    op.add_column("lottery_issue", sa.Column("seed_key_id", sa.String(length=16), nullable=True))
    op.add_column("lottery_issue", sa.Column("draw_code", sa.String(length=32), nullable=True))
    op.execute("UPDATE lottery_issue SET draw_code = game_code, game_code = 'VN_NORTH' WHERE game_code = 'VN_SOUTH'")
    op.execute("UPDATE lottery_slip SET game_code = 'VN_NORTH' WHERE game_code = 'VN_SOUTH'")
    op.execute("UPDATE lottery_bet SET game_code = 'VN_NORTH' WHERE game_code = 'VN_SOUTH'")
    op.create_index("ix_bet_member_issue", "lottery_bet", ["merchant", "account_id", "game_code", "issue"])
    op.create_table(
        "lottery_void_request",
        sa.Column("id", sa.UUID(), nullable=False),
        sa.Column("game_code", sa.String(length=32), nullable=False),
        sa.Column("issue", sa.String(length=16), nullable=False),
        sa.Column("reason", sa.String(length=500), nullable=False),
        sa.Column("status", sa.String(length=10), nullable=False),
        sa.Column("requested_by", sa.String(length=64), nullable=False),
        sa.Column("decided_by", sa.String(length=64), nullable=True),
        sa.Column("decision_reason", sa.String(length=500), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("decided_at", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_lottery_void_request")),
    )
    op.create_index("ix_void_request_created", "lottery_void_request", ["created_at"])
    op.create_index(
        "uq_void_request_pending",
        "lottery_void_request",
        ["game_code", "issue"],
        unique=True,
        postgresql_where=sa.text("status = 'pending'"),
    )
    for function in (WRITE, PAID, VOID):
        op.execute(function)


def downgrade() -> None:
    """Back to seeds stored from the start: refused (the schema change fails) while an issue written under a key
    and not drawn yet carries bets, or the southern VN game has bets."""
    op.execute("DROP FUNCTION lottery_slip_void(uuid, text, text)")
    op.execute("DROP FUNCTION lottery_slip_paid(uuid, bigint)")
    op.execute(
        "DROP FUNCTION lottery_slip_write(uuid, text, text, text, text, text, text, text, bigint, bigint, text, jsonb)"
    )
    op.drop_index(
        "uq_void_request_pending", table_name="lottery_void_request", postgresql_where=sa.text("status = 'pending'")
    )
    op.drop_index("ix_void_request_created", table_name="lottery_void_request")
    op.drop_table("lottery_void_request")
    op.drop_index("ix_bet_member_issue", table_name="lottery_bet")
    unbetted = (
        "NOT EXISTS (SELECT 1 FROM lottery_bet b WHERE b.game_code = lottery_issue.game_code "
        "AND b.issue = lottery_issue.issue)"
    )
    op.execute(f"DELETE FROM lottery_issue WHERE (game_code = 'VN_SOUTH' OR seed IS NULL) AND {unbetted}")  # noqa: S608
    op.execute("UPDATE lottery_issue SET game_code = draw_code WHERE draw_code IS NOT NULL")
    op.execute("UPDATE lottery_slip SET game_code = 'VN_SOUTH' WHERE game_code = 'VN_NORTH'")
    op.execute("UPDATE lottery_bet SET game_code = 'VN_SOUTH' WHERE game_code = 'VN_NORTH'")
    op.drop_column("lottery_issue", "draw_code")
    op.drop_column("lottery_issue", "seed_key_id")
    op.alter_column("lottery_issue", "seed", existing_type=sa.LargeBinary(), nullable=False)
