"""the money API's commands as server-side functions, so each debit, credit and rollback is one round trip:
claim the idempotency key, move both legs in account order, write the journal and return the stored answer

Refusals that must leave nothing behind (unknown account, wrong currency, a trial wallet touching real money, a
replay with other content, a rolled-back transaction) are raised with SQLSTATE ``PM001`` and the refusal's code
as the message, so the whole statement rolls back; an insufficient balance is stored as the command's answer.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-23 12:10:00
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

ANSWER = """
CREATE FUNCTION money_answer(answer_value jsonb, code text) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
    SELECT jsonb_build_object('success', code IS NULL, 'value', answer_value, 'errorCode', code, 'message', NULL)
$$
"""

# The command's row, or (claimed_id NULL) the stored answer of its earlier twin. A concurrent twin waits on the
# unique index until the first commits, then reads its answer: one effect, one answer.
CLAIM = """
CREATE FUNCTION money_claim(p_merchant text, p_key text, p_kind text, p_fingerprint text,
                            OUT claimed_id bigint, OUT replay jsonb) LANGUAGE plpgsql AS $$
DECLARE
    earlier record;
BEGIN
    INSERT INTO money_transaction (merchant, idempotency_key, kind, fingerprint, status, result)
    VALUES (p_merchant, p_key, p_kind, p_fingerprint, 'pending', '{}')
    ON CONFLICT DO NOTHING RETURNING id INTO claimed_id;
    IF claimed_id IS NOT NULL THEN
        RETURN;
    END IF;
    SELECT status, fingerprint, result INTO earlier
      FROM money_transaction WHERE merchant = p_merchant AND idempotency_key = p_key;
    IF earlier.status = 'tombstone' THEN
        RAISE EXCEPTION USING ERRCODE = 'PM001', MESSAGE = 'transaction.rolled_back';
    END IF;
    IF earlier.fingerprint <> p_fingerprint THEN
        RAISE EXCEPTION USING ERRCODE = 'PM001', MESSAGE = 'idempotency.mismatch';
    END IF;
    replay := earlier.result;
END
$$
"""

HOUSE = """
CREATE FUNCTION money_house(p_merchant text, p_currency text, p_kind text) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
    found_id bigint;
BEGIN
    SELECT id INTO found_id FROM ledger_account
     WHERE merchant = p_merchant AND currency = p_currency AND owner_id = 'house' AND kind = p_kind;
    IF found_id IS NULL THEN
        INSERT INTO ledger_account (merchant, currency, owner_id, kind, trial, allow_negative, balance, held)
        VALUES (p_merchant, p_currency, 'house', p_kind, false, true, 0, 0) ON CONFLICT DO NOTHING;
        SELECT id INTO found_id FROM ledger_account
         WHERE merchant = p_merchant AND currency = p_currency AND owner_id = 'house' AND kind = p_kind;
    END IF;
    RETURN found_id;
END
$$
"""

# A debit (p_kind 'debit') or credit of a member's wallet against its shard of the games house (or of the
# free-play house for a free-play wallet). Legs are taken in ascending account id, the lock order of every
# money command, so no two commands deadlock.
MOVE = """
CREATE FUNCTION money_move(p_merchant text, p_kind text, p_transaction_id text, p_fingerprint text,
                           p_owner text, p_wallet text, p_currency text, p_amount bigint, p_shard int)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
    claimed bigint;
    replay jsonb;
    wallet record;
    house bigint;
    signed bigint := CASE p_kind WHEN 'debit' THEN -p_amount ELSE p_amount END;
    wallet_after bigint;
    spendable bigint;
    house_after bigint;
    outcome jsonb;
BEGIN
    SELECT claimed_id, money_claim.replay INTO claimed, replay
      FROM money_claim(p_merchant, p_kind || ':' || p_transaction_id, p_kind, p_fingerprint);
    IF claimed IS NULL THEN
        RETURN replay;
    END IF;
    SELECT id, currency, trial INTO wallet FROM ledger_account
     WHERE merchant = p_merchant AND owner_id = p_owner AND kind = p_wallet;
    IF NOT FOUND THEN
        IF p_wallet <> 'freeplay' AND EXISTS (
            SELECT 1 FROM ledger_account WHERE merchant = p_merchant AND owner_id = p_owner AND kind = 'freeplay'
        ) THEN
            RAISE EXCEPTION USING ERRCODE = 'PM001', MESSAGE = 'trial.real_money';
        END IF;
        RAISE EXCEPTION USING ERRCODE = 'PM001', MESSAGE = 'account.not_found';
    END IF;
    IF wallet.currency <> p_currency THEN
        RAISE EXCEPTION USING ERRCODE = 'PM001', MESSAGE = 'currency.unknown';
    END IF;
    house := money_house(p_merchant, p_currency,
                         CASE WHEN wallet.trial THEN 'house:freeplay' ELSE 'house:games' END || '#' || p_shard);
    IF house < wallet.id THEN
        UPDATE ledger_account SET balance = balance - signed WHERE id = house RETURNING balance INTO house_after;
    END IF;
    UPDATE ledger_account SET balance = balance + signed
     WHERE id = wallet.id AND (allow_negative OR balance - held + signed >= 0)
    RETURNING balance, balance - held INTO wallet_after, spendable;
    IF NOT FOUND THEN
        IF house < wallet.id THEN
            UPDATE ledger_account SET balance = balance + signed WHERE id = house;
        END IF;
        outcome := money_answer(NULL, 'wallet.insufficient_funds');
        UPDATE money_transaction SET status = 'refused', result = outcome WHERE id = claimed;
        RETURN outcome;
    END IF;
    IF house > wallet.id THEN
        UPDATE ledger_account SET balance = balance - signed WHERE id = house RETURNING balance INTO house_after;
    END IF;
    INSERT INTO journal_entry (transaction_id, account_id, amount, balance_after)
    VALUES (claimed, wallet.id, signed, wallet_after), (claimed, house, -signed, house_after);
    outcome := money_answer(
        jsonb_build_object('transactionId', p_transaction_id, 'balance', spendable, 'currency', wallet.currency), NULL
    );
    UPDATE money_transaction SET status = 'done', result = outcome WHERE id = claimed;
    RETURN outcome;
END
$$
"""

# Undo a debit. A debit not seen yet gets a tombstone, so it is refused when it arrives.
ROLLBACK = """
CREATE FUNCTION money_rollback(p_merchant text, p_transaction_id text, p_fingerprint text)
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
BEGIN
    SELECT claimed_id, money_claim.replay INTO claimed, replay
      FROM money_claim(p_merchant, 'rollback:' || p_transaction_id, 'rollback', p_fingerprint);
    IF claimed IS NULL THEN
        RETURN replay;
    END IF;
    INSERT INTO money_transaction (merchant, idempotency_key, kind, fingerprint, status, result)
    VALUES (p_merchant, 'debit:' || p_transaction_id, 'debit', '-', 'tombstone',
            money_answer(NULL, 'transaction.rolled_back'))
    ON CONFLICT DO NOTHING RETURNING id INTO tombstone;
    IF tombstone IS NULL THEN
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


def upgrade() -> None:
    # The money API finds a member's wallet by owner and kind (its currency comes from the wallet).
    op.create_index("ix_ledger_account_member", "ledger_account", ["merchant", "owner_id", "kind"])
    for function in (ANSWER, CLAIM, HOUSE, MOVE, ROLLBACK):
        op.execute(function)


def downgrade() -> None:
    op.execute("DROP FUNCTION money_rollback(text, text, text)")
    op.execute("DROP FUNCTION money_move(text, text, text, text, text, text, text, bigint, int)")
    op.execute("DROP FUNCTION money_house(text, text, text)")
    op.execute("DROP FUNCTION money_claim(text, text, text, text)")
    op.execute("DROP FUNCTION money_answer(jsonb, text)")
    op.drop_index("ix_ledger_account_member", table_name="ledger_account")
