"""seed key ids, rounds opened only under a held key, a recovery sweep that never starves, a jackpot that stops at
its cap, and Hub88 rounds won only by a real win

- ``seed_key``: the fingerprint of the key first used under each id (HMAC-SHA256 of ``fingerprint`` under the key);
  a process given another key under a recorded id refuses to start.
- ``seed_pair.key_id`` / ``next_key_id`` and ``game_round.key_id``: the id of the key each pair's seed (and the next
  pair's) and each round's seed is derived under. Pairs and rounds made before (null) were derived from the key's
  text, not its hex bytes: no held key derives them, so such a pair is retired at its next use (a new pair, shown
  first; its seed is never revealed) and its open rounds are voided when no money moved for them.
- ``bgs_open_round`` takes the ids of the keys the process holds and refuses a pair under any other
  (``seeds.retired``, SQLSTATE ``GM001``) before it writes anything; a replay still answers its round.
- ``game_round.attempts`` / ``retry_at``: the recovery sweep takes open rounds by ``retry_at`` (when it was opened,
  at first) and puts one it could not settle back by a growing delay, so rounds that cannot settle never hide the
  others.
- ``bgs_close_round`` adds a spin's share to the jackpot only up to the cap (a pool just below it fills to the cap,
  not past it).
- ``vendor_round.won`` is set by a win that pays something: recomputed for the rounds played before, where a win of
  0 had set it (and so refused every rollback of the round).

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-27 10:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

OPEN_ROUND = """
CREATE FUNCTION bgs_open_round(p_merchant text, p_account text, p_player text, p_request text, p_game_code text,
                               p_game_type text, p_currency text, p_wallet text, p_stake bigint, p_params jsonb,
                               p_keys text[])
RETURNS SETOF game_round LANGUAGE plpgsql AS $$
DECLARE
    current_pair seed_pair;
    opened game_round;
BEGIN
    -- The pair's row lock orders a player's rounds (and a rotation) one after another.
    SELECT * INTO current_pair FROM seed_pair WHERE merchant = p_merchant AND account_id = p_account FOR UPDATE;
    SELECT * INTO opened FROM game_round
     WHERE merchant = p_merchant AND account_id = p_account AND request_id = p_request;
    IF FOUND THEN
        RETURN NEXT opened;
        RETURN;
    END IF;
    IF current_pair.shown_at IS NULL THEN
        RAISE EXCEPTION USING ERRCODE = 'GM001', MESSAGE = 'seeds.not_shown';
    END IF;
    IF current_pair.key_id IS NULL OR NOT current_pair.key_id = ANY(p_keys) THEN
        RAISE EXCEPTION USING ERRCODE = 'GM001', MESSAGE = 'seeds.retired';
    END IF;
    UPDATE seed_pair SET nonce = nonce + 1 WHERE merchant = p_merchant AND account_id = p_account
    RETURNING nonce INTO current_pair.nonce;
    INSERT INTO game_round (id, merchant, account_id, player_name, request_id, game_code, game_type, currency, wallet,
                            stake, win, server_seed_hash, client_seed, nonce, pair, key_id, outcome, state)
    VALUES (gen_random_uuid(), p_merchant, p_account, p_player, p_request, p_game_code, p_game_type, p_currency,
            p_wallet, p_stake, NULL, current_pair.server_seed_hash, current_pair.client_seed, current_pair.nonce,
            current_pair.pair, current_pair.key_id, jsonb_build_object('params', p_params), 'open')
    RETURNING * INTO opened;
    RETURN NEXT opened;
END
$$
"""

# Migration 0007's close, the jackpot's share added only up to the cap.
CLOSE_ROUND = """
CREATE OR REPLACE FUNCTION bgs_close_round(p_id uuid, p_state text, p_win bigint, p_outcome jsonb, p_balance bigint,
                                           p_refusal text, p_settled_at timestamptz, p_event_id text, p_event jsonb,
                                           p_headers jsonb, p_contribution bigint, p_shard int, p_pool_seed bigint,
                                           p_pool_cap bigint)
RETURNS SETOF game_round LANGUAGE plpgsql AS $$
DECLARE
    closed game_round;
    room bigint;
BEGIN
    UPDATE game_round
       SET state = p_state, win = COALESCE(p_win, win), outcome = outcome || COALESCE(p_outcome, '{}'::jsonb),
           balance = p_balance, refusal = p_refusal, settled_at = p_settled_at
     WHERE id = p_id AND state = 'open'
    RETURNING * INTO closed;
    IF NOT FOUND THEN
        RETURN QUERY SELECT * FROM game_round WHERE id = p_id;
        RETURN;
    END IF;
    IF p_event IS NOT NULL THEN
        INSERT INTO bet_record (id, merchant, account_id, player_name, vendor, game_type, game_code, currency, stake,
                                valid_bet, win, settled_at)
        VALUES ('BGS:' || closed.id, closed.merchant, closed.account_id, closed.player_name, 'BGS', closed.game_type,
                closed.game_code, closed.currency, closed.stake, closed.stake,
                closed.win + COALESCE(closed.jackpot_win, 0), p_settled_at)
        ON CONFLICT DO NOTHING;
        IF FOUND THEN
            INSERT INTO outbox (id, subject, body, headers, attempts)
            VALUES (p_event_id, p_event ->> 'subject', p_event, p_headers, 0);
        END IF;
    END IF;
    IF p_contribution > 0 THEN
        SELECT p_pool_cap - p_pool_seed - COALESCE(sum(amount), 0) INTO room
          FROM jackpot_share WHERE merchant = closed.merchant AND currency = closed.currency;
        IF room > 0 THEN
            INSERT INTO jackpot_share AS share (merchant, currency, shard, amount)
            VALUES (closed.merchant, closed.currency, p_shard, LEAST(p_contribution, room))
            ON CONFLICT (merchant, currency, shard) DO UPDATE SET amount = share.amount + excluded.amount;
        END IF;
    END IF;
    RETURN NEXT closed;
END
$$
"""

WON_BY_A_REAL_WIN = """
UPDATE vendor_round r
   SET won = EXISTS (SELECT 1 FROM vendor_transaction w
                      WHERE w.aggregator = r.aggregator AND w.round_id = r.round_id AND w.kind = 'win'
                        AND w.amount > 0 AND NOT w.promo AND w.state IN ('pending', 'done'))
"""


def _old_function(name: str) -> str:
    """A function of migration 0007, as it was (read from that migration, not copied)."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).with_name("0007_bgs_integrity.py")
    spec = importlib.util.spec_from_file_location("games_migration_0007", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    text: str = getattr(module, name)
    return text


def upgrade() -> None:
    op.create_table(
        "seed_key",
        sa.Column("key_id", sa.String(length=16), nullable=False),
        sa.Column("fingerprint", sa.String(length=64), nullable=False),
        sa.Column("recorded_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.PrimaryKeyConstraint("key_id", name=op.f("pk_seed_key")),
    )
    op.add_column("seed_pair", sa.Column("key_id", sa.String(length=16), nullable=True))
    op.add_column("seed_pair", sa.Column("next_key_id", sa.String(length=16), nullable=True))
    op.add_column("game_round", sa.Column("key_id", sa.String(length=16), nullable=True))
    op.add_column("game_round", sa.Column("attempts", sa.Integer(), server_default="0", nullable=False))
    op.add_column(
        "game_round",
        sa.Column("retry_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
    )
    op.execute("UPDATE game_round SET retry_at = created_at WHERE state = 'open'")
    op.drop_index("ix_round_open", table_name="game_round", postgresql_where=sa.text("state = 'open'"))
    op.create_index("ix_round_due", "game_round", ["retry_at"], postgresql_where=sa.text("state = 'open'"))
    op.execute("DROP FUNCTION bgs_open_round(text, text, text, text, text, text, text, text, bigint, jsonb)")
    op.execute(OPEN_ROUND)
    op.execute(CLOSE_ROUND)
    op.execute(WON_BY_A_REAL_WIN)


def downgrade() -> None:
    op.execute(_old_function("CLOSE_ROUND").replace("CREATE FUNCTION", "CREATE OR REPLACE FUNCTION", 1))
    op.execute("DROP FUNCTION bgs_open_round(text, text, text, text, text, text, text, text, bigint, jsonb, text[])")
    op.execute(_old_function("OPEN_ROUND"))
    op.drop_index("ix_round_due", table_name="game_round", postgresql_where=sa.text("state = 'open'"))
    op.create_index("ix_round_open", "game_round", ["created_at"], postgresql_where=sa.text("state = 'open'"))
    op.drop_column("game_round", "retry_at")
    op.drop_column("game_round", "attempts")
    op.drop_column("game_round", "key_id")
    op.drop_column("seed_pair", "next_key_id")
    op.drop_column("seed_pair", "key_id")
    op.drop_table("seed_key")
