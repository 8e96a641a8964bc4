"""the in-house games' sealed seeds, stake-first rounds and caps

- ``seed_pair`` keeps no server seed: a pair is its number (the seed is derived from it under ``GAMES_SEED_KEY``,
  held outside the database), the commitment of its seed and of the next pair's, and when it was first shown.
  Pairs of the old scheme (a random seed stored in plaintext) are revealed as a rotation would reveal them and
  removed: the player's next ``GET /wps/games/bgs/seeds`` shows a new pair.
- ``game_round.pair`` names the pair a round runs under; a round is written open with its bet alone (``win`` null)
  and its outcome is fixed when it is settled. Rounds of the old scheme (``pair`` null) kept their outcome.
- ``bgs_open_round``: one statement takes the player's next nonce and writes the round open, once per request id,
  refusing a pair never shown (``seeds.not_shown``, SQLSTATE ``GM001``). ``bgs_close_round``: one statement
  closes it (settled or void), writes its bet record and stages ``games.bet.settled.v1`` once, and adds the
  spin's share to the jackpot while the pool is below its cap.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-26 22:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

REVEAL_OLD_PAIRS = """
INSERT INTO revealed_seed (server_seed_hash, merchant, account_id, server_seed, client_seed, rounds)
SELECT encode(sha256(convert_to(server_seed, 'UTF8')), 'hex'), merchant, account_id, server_seed, client_seed, nonce
  FROM seed_pair
ON CONFLICT DO NOTHING
"""

OPEN_ROUND = """
CREATE FUNCTION bgs_open_round(p_merchant text, p_account text, p_player text, p_request text, p_game_code text,
                               p_game_type text, p_currency text, p_wallet text, p_stake bigint, p_params jsonb)
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
    UPDATE seed_pair SET nonce = nonce + 1 WHERE merchant = p_merchant AND account_id = p_account
    RETURNING nonce INTO current_pair.nonce;
    INSERT INTO game_round (id, merchant, account_id, player_name, request_id, game_code, game_type, currency, wallet,
                            stake, win, server_seed_hash, client_seed, nonce, pair, outcome, state)
    VALUES (gen_random_uuid(), p_merchant, p_account, p_player, p_request, p_game_code, p_game_type, p_currency,
            p_wallet, p_stake, NULL, current_pair.server_seed_hash, current_pair.client_seed, current_pair.nonce,
            current_pair.pair, jsonb_build_object('params', p_params), 'open')
    RETURNING * INTO opened;
    RETURN NEXT opened;
END
$$
"""

# A round closed already (by another settle of it: the recovery sweep, a replay) is answered as it stands.
CLOSE_ROUND = """
CREATE FUNCTION bgs_close_round(p_id uuid, p_state text, p_win bigint, p_outcome jsonb, p_balance bigint,
                                p_refusal text, p_settled_at timestamptz, p_event_id text, p_event jsonb,
                                p_headers jsonb, p_contribution bigint, p_shard int, p_pool_seed bigint,
                                p_pool_cap bigint)
RETURNS SETOF game_round LANGUAGE plpgsql AS $$
DECLARE
    closed game_round;
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
        INSERT INTO jackpot_share AS share (merchant, currency, shard, amount)
        SELECT closed.merchant, closed.currency, p_shard, p_contribution
         WHERE p_pool_seed + (SELECT COALESCE(sum(amount), 0) FROM jackpot_share
                               WHERE merchant = closed.merchant AND currency = closed.currency) < p_pool_cap
        ON CONFLICT (merchant, currency, shard) DO UPDATE SET amount = share.amount + excluded.amount;
    END IF;
    RETURN NEXT closed;
END
$$
"""


def upgrade() -> None:
    op.execute(REVEAL_OLD_PAIRS)
    op.execute("DELETE FROM seed_pair")
    op.drop_column("seed_pair", "server_seed")
    op.add_column("seed_pair", sa.Column("pair", sa.BigInteger(), nullable=False, server_default="1"))
    op.add_column("seed_pair", sa.Column("server_seed_hash", sa.String(length=64), nullable=False))
    op.add_column("seed_pair", sa.Column("next_server_seed_hash", sa.String(length=64), nullable=False))
    op.add_column("seed_pair", sa.Column("shown_at", sa.DateTime(timezone=True), nullable=True))
    op.add_column("game_round", sa.Column("pair", sa.BigInteger(), nullable=True))
    op.alter_column("game_round", "win", existing_type=sa.BigInteger(), nullable=True)
    op.create_index(
        "ix_round_member_open",
        "game_round",
        ["merchant", "account_id"],
        unique=False,
        postgresql_where=sa.text("state = 'open'"),
    )
    op.execute(OPEN_ROUND)
    op.execute(CLOSE_ROUND)


def downgrade() -> None:
    op.execute(
        "DROP FUNCTION bgs_close_round(uuid, text, bigint, jsonb, bigint, text, timestamptz, text, jsonb, jsonb, "
        "bigint, int, bigint, bigint)"
    )
    op.execute("DROP FUNCTION bgs_open_round(text, text, text, text, text, text, text, text, bigint, jsonb)")
    op.drop_index("ix_round_member_open", table_name="game_round", postgresql_where=sa.text("state = 'open'"))
    op.execute("UPDATE game_round SET win = 0 WHERE win IS NULL")
    op.alter_column("game_round", "win", existing_type=sa.BigInteger(), nullable=False)
    op.drop_column("game_round", "pair")
    # The derived seeds cannot go back into a column: the pairs start again under the old scheme's first use.
    op.execute("DELETE FROM seed_pair")
    op.drop_column("seed_pair", "shown_at")
    op.drop_column("seed_pair", "next_server_seed_hash")
    op.drop_column("seed_pair", "server_seed_hash")
    op.drop_column("seed_pair", "pair")
    op.add_column("seed_pair", sa.Column("server_seed", sa.String(length=64), nullable=False))
