"""one movement for a whole in-house round: its stake and its win in one wallet transaction

``money_settle`` takes a round's stake as the debit ``<id>:bet`` and, when the round won, pays its win as the
credit ``<id>:win`` (each through ``money_move`` of migration 0004, so each keeps its own idempotency key,
journal entries and place in the account record), in one statement: both or neither. A stake the balance
cannot cover is the debit's stored refusal and no credit follows, so every replay answers the same; a replay
with another stake or win is ``idempotency.mismatch`` (SQLSTATE ``PM001``), which rolls the whole statement back.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-26 22:00:00.000000
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SETTLE = """
CREATE FUNCTION money_settle(p_merchant text, p_transaction_id text, p_stake_fingerprint text,
                             p_win_fingerprint text, p_owner text, p_wallet text, p_currency text, p_stake bigint,
                             p_win bigint, p_shard int)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
    outcome jsonb;
BEGIN
    outcome := money_move(p_merchant, 'debit', p_transaction_id || ':' || 'bet', p_stake_fingerprint, p_owner, p_wallet,
                          p_currency, p_stake, p_shard);
    IF (outcome ->> 'success')::boolean AND p_win > 0 THEN
        outcome := money_move(p_merchant, 'credit', p_transaction_id || ':' || 'win', p_win_fingerprint, p_owner,
                              p_wallet, p_currency, p_win, p_shard);
    END IF;
    IF (outcome ->> 'success')::boolean THEN
        outcome := jsonb_set(outcome, '{value,transactionId}', to_jsonb(p_transaction_id));
    END IF;
    RETURN outcome;
END
$$
"""


def upgrade() -> None:
    op.execute(SETTLE)


def downgrade() -> None:
    op.execute("DROP FUNCTION money_settle(text, text, text, text, text, text, text, bigint, bigint, int)")
