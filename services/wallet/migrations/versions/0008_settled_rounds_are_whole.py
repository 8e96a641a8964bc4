"""a settled round is one whole: its id names one stake and one win, and its legs are never rolled back alone

- ``money_settle`` first claims the round's own key ``settle:<id>`` (kind ``settle``, no journal lines of its own),
  whose fingerprint covers the account, the wallet, the currency, the stake and the win
  (``money_settle_fingerprint``). Migration 0007's version claimed only the two legs and the debit's fingerprint
  left out the win, so ``(stake, 0)`` then ``(stake, W)`` under one id paid ``W`` and ``W`` then ``0`` answered
  success; now either replay is ``idempotency.mismatch`` and moves nothing. The round's row stores the answer
  (``done``, or ``refused`` when the balance could not cover the stake), so every replay answers it.
- ``money_rollback`` refuses ``rollback.round_settled`` (SQLSTATE ``PM001``, nothing written) for ``<id>:bet`` or
  ``<id>:win`` of a round settled ``done``; a rollback of a leg not seen yet still leaves its tombstone, which
  refuses the whole round when it comes (nothing moved, nothing will). The settle row is looked for again after
  waiting on the debit's key, so a settle committed meanwhile is seen.
- Rounds settled before this migration (the games service's ``bgs:<round>``, the only caller of
  ``rpc.wallet.settle``, and the in-house rounds of the scheme before 0007, whose stake and win went through
  ``rpc.wallet.debit`` / ``credit`` under the same ids) get their round row from the journal: the stake and
  account of ``debit:<id>:bet``, the win of ``credit:<id>:win`` if any, and the answer the settle gave.

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-27 10:00:00.000000
"""

import importlib.util
from collections.abc import Sequence
from pathlib import Path

from alembic import op

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

FINGERPRINT = """
CREATE FUNCTION money_settle_fingerprint(p_owner text, p_wallet text, p_currency text, p_stake bigint, p_win bigint)
RETURNS text LANGUAGE sql IMMUTABLE AS $$
    SELECT encode(sha256(convert_to(jsonb_build_object(
        'kind', 'settle', 'accountId', p_owner, 'wallet', p_wallet, 'currency', p_currency, 'stake', p_stake,
        'win', p_win)::text, 'UTF8')), 'hex')
$$
"""

# ``':' || 'bet'``, not ``':bet'``: SQLAlchemy would read ``:bet`` as a bound parameter.
SETTLE = """
CREATE OR REPLACE FUNCTION money_settle(p_merchant text, p_transaction_id text, p_stake_fingerprint text,
                                        p_win_fingerprint text, p_owner text, p_wallet text, p_currency text,
                                        p_stake bigint, p_win bigint, p_shard int)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
    claimed bigint;
    replay jsonb;
    outcome jsonb;
BEGIN
    SELECT claimed_id, money_claim.replay INTO claimed, replay
      FROM money_claim(p_merchant, 'settle:' || p_transaction_id, 'settle',
                       money_settle_fingerprint(p_owner, p_wallet, p_currency, p_stake, p_win));
    IF claimed IS NULL THEN
        RETURN replay;
    END IF;
    outcome := money_move(p_merchant, 'debit', p_transaction_id || ':' || 'bet', p_stake_fingerprint, p_owner, p_wallet,
                          p_currency, p_stake, p_shard);
    IF (outcome ->> 'success')::boolean AND p_win > 0 THEN
        outcome := money_move(p_merchant, 'credit', p_transaction_id || ':' || 'win', p_win_fingerprint, p_owner,
                              p_wallet, p_currency, p_win, p_shard);
    END IF;
    IF (outcome ->> 'success')::boolean THEN
        outcome := jsonb_set(outcome, '{value,transactionId}', to_jsonb(p_transaction_id));
    END IF;
    UPDATE money_transaction
       SET status = CASE WHEN (outcome ->> 'success')::boolean THEN 'done' ELSE 'refused' END, result = outcome
     WHERE id = claimed;
    RETURN outcome;
END
$$
"""

# Migration 0004's rollback with the settled round's refusal: before the tombstone (a win leg has no debit to
# meet) and again once a debit was found (a settle committed while this waited on the debit's key).
ROLLBACK = """
CREATE OR REPLACE FUNCTION money_rollback(p_merchant text, p_transaction_id text, p_fingerprint text)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
    claimed bigint;
    replay jsonb;
    tombstone bigint;
    debited record;
    entry record;
    moved_balance bigint;
    reversed bigint := 0;
    outcome jsonb;
    round_key text := CASE WHEN p_transaction_id ~ ':(bet|win)$'
                           THEN 'settle:' || left(p_transaction_id, -4) END;
BEGIN
    SELECT claimed_id, money_claim.replay INTO claimed, replay
      FROM money_claim(p_merchant, 'rollback:' || p_transaction_id, 'rollback', p_fingerprint);
    IF claimed IS NULL THEN
        RETURN replay;
    END IF;
    IF round_key IS NOT NULL AND EXISTS (
        SELECT 1 FROM money_transaction WHERE merchant = p_merchant AND idempotency_key = round_key AND status = 'done'
    ) THEN
        RAISE EXCEPTION USING ERRCODE = 'PM001', MESSAGE = 'rollback.round_settled';
    END IF;
    INSERT INTO money_transaction (merchant, idempotency_key, kind, fingerprint, status, result)
    VALUES (p_merchant, 'debit:' || p_transaction_id, 'debit', '-', 'tombstone',
            money_answer(NULL, 'transaction.rolled_back'))
    ON CONFLICT DO NOTHING RETURNING id INTO tombstone;
    IF tombstone IS NULL THEN
        IF round_key IS NOT NULL AND EXISTS (
            SELECT 1 FROM money_transaction
             WHERE merchant = p_merchant AND idempotency_key = round_key AND status = 'done'
        ) THEN
            RAISE EXCEPTION USING ERRCODE = 'PM001', MESSAGE = 'rollback.round_settled';
        END IF;
        SELECT id, status INTO debited FROM money_transaction
         WHERE merchant = p_merchant AND idempotency_key = 'debit:' || p_transaction_id FOR UPDATE;
        IF debited.status = 'done' THEN
            FOR entry IN SELECT account_id, amount FROM journal_entry
                          WHERE transaction_id = debited.id ORDER BY account_id LOOP
                UPDATE ledger_account SET balance = balance - entry.amount
                 WHERE id = entry.account_id AND (allow_negative OR balance - held - entry.amount >= 0)
                RETURNING balance INTO moved_balance;
                IF NOT FOUND THEN
                    RAISE EXCEPTION USING ERRCODE = 'PM001', MESSAGE = 'wallet.insufficient_funds';
                END IF;
                INSERT INTO journal_entry (transaction_id, account_id, amount, balance_after)
                VALUES (claimed, entry.account_id, -entry.amount, moved_balance);
                IF entry.amount > 0 THEN
                    reversed := reversed + entry.amount;
                END IF;
            END LOOP;
            UPDATE money_transaction SET status = 'rolled_back' WHERE id = debited.id;
        END IF;
    END IF;
    outcome := money_answer(jsonb_build_object('transactionId', p_transaction_id, 'reversed', reversed), NULL);
    UPDATE money_transaction SET status = 'done', result = outcome WHERE id = claimed;
    RETURN outcome;
END
$$
"""

# The round rows of rounds settled before: one per in-house stake taken (``debit:bgs:<round>:bet`` done), from its
# member's journal line and its win's, answering what the settle answered (the last leg's answer, its id the round's).
SETTLED_BEFORE = """
INSERT INTO money_transaction (merchant, idempotency_key, kind, fingerprint, status, result)
SELECT stake.merchant, 'settle:' || round.id, 'settle',
       money_settle_fingerprint(member.owner_id, member.kind, member.currency, -stake_line.amount,
                                COALESCE(win_line.amount, 0)),
       'done', jsonb_set(COALESCE(win.result, stake.result), '{value,transactionId}', to_jsonb(round.id))
  FROM money_transaction stake
 CROSS JOIN LATERAL (SELECT left(substr(stake.idempotency_key, length('debit:') + 1), -4) AS id) round
  JOIN journal_entry stake_line ON stake_line.transaction_id = stake.id
  JOIN ledger_account member ON member.id = stake_line.account_id AND member.owner_id <> 'house'
  LEFT JOIN money_transaction win
    ON win.merchant = stake.merchant AND win.idempotency_key = 'credit:' || round.id || ':' || 'win' AND win.status = 'done'
  LEFT JOIN journal_entry win_line ON win_line.transaction_id = win.id AND win_line.account_id = member.id
 WHERE stake.kind = 'debit' AND stake.status = 'done' AND stake.idempotency_key LIKE 'debit:bgs:%' || ':' || 'bet'
ON CONFLICT DO NOTHING
"""

# Migration 0007's settle and 0004's rollback, as they were.
OLD_SETTLE = """
CREATE OR REPLACE FUNCTION money_settle(p_merchant text, p_transaction_id text, p_stake_fingerprint text,
                                        p_win_fingerprint text, p_owner text, p_wallet text, p_currency text,
                                        p_stake bigint, p_win bigint, p_shard int)
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
    op.execute(FINGERPRINT)
    op.execute(SETTLE)
    op.execute(ROLLBACK)
    op.execute(SETTLED_BEFORE)


def _rollback_of_0004() -> str:
    """Migration 0004's ``money_rollback``, as it was (read from that migration, not copied)."""
    path = Path(__file__).with_name("0004_money_functions.py")
    spec = importlib.util.spec_from_file_location("wallet_migration_0004", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    text: str = module.ROLLBACK
    return text.replace("CREATE FUNCTION", "CREATE OR REPLACE FUNCTION", 1)


def downgrade() -> None:
    op.execute(OLD_SETTLE)
    op.execute(_rollback_of_0004())
    op.execute("DELETE FROM money_transaction WHERE kind = 'settle'")
    op.execute("DROP FUNCTION money_settle_fingerprint(text, text, text, bigint, bigint)")
