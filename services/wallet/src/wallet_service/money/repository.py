"""The money API's statements, one round trip each (``Database.call``: prepared at first use, no ORM). The
server-side functions ``money_move``, ``money_settle`` and ``money_rollback`` (migrations 0004, 0007, 0008) claim
the command's key, take both legs in ascending account id, write the journal and the stored answer, and return it.
A refusal that must leave nothing behind is raised by the database with SQLSTATE ``PM001`` (the whole statement
rolls back) and reaches the caller as the ``MoneyError`` of its code."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import psycopg
from sqlalchemy.ext.asyncio import AsyncSession

from portal_kit.db import Database
from wallet_service.ledger.domain import MAIN, MoneyError
from wallet_service.money.models import SalaryCredit

# A refusal the database raised so that its whole command rolls back (migration 0004); the message is its code.
REFUSED = "PM001"
MOVE = "SELECT money_move(%s, %s, %s, %s, %s, %s, %s, %s, %s)"
SETTLE = "SELECT money_settle(%s, %s, %s, %s, %s, %s, %s, %s, %s, %s)"
ROLLBACK = "SELECT money_rollback(%s, %s, %s)"
BALANCE = (
    "SELECT balance - held, held, currency FROM ledger_account WHERE merchant = %s AND owner_id = %s AND kind = %s"
)
# The wallet a game vendor's movement uses, in one statement: the vendor's own wallet when the brand is in
# transfer mode and lists the vendor (opened here beside main, empty, on first use), main otherwise.
VENDOR_WALLET_OF = """
WITH rule AS (
    SELECT 'vendor:' || %(vendor)s AS kind FROM merchant_wallet
     WHERE merchant = %(merchant)s AND mode = 'transfer' AND vendors ? %(vendor)s
), opened AS (
    INSERT INTO ledger_account (merchant, currency, owner_id, kind, trial, allow_negative, balance, held)
    SELECT main.merchant, main.currency, main.owner_id, rule.kind, main.trial, false, 0, 0
      FROM rule JOIN ledger_account main
        ON main.merchant = %(merchant)s AND main.owner_id = %(owner)s AND main.kind = 'main'
    ON CONFLICT DO NOTHING
)
SELECT COALESCE((SELECT kind FROM rule), 'main')
"""


async def vendor_wallet(db: Database, merchant: str, owner_id: str, vendor: str) -> str:
    """The wallet of ``vendor``'s movements for this member: its own (opened on first use) or main."""
    row = await db.call(VENDOR_WALLET_OF, {"merchant": merchant, "owner": owner_id, "vendor": vendor})
    return MAIN if row is None else str(row[0])


async def _command(db: Database, statement: str, params: tuple[Any, ...]) -> dict[str, Any]:
    """One money command, one round trip: the database function claims the key, posts and answers."""
    try:
        row = await db.call(statement, params)
    except psycopg.Error as error:
        if error.sqlstate == REFUSED and error.diag.message_primary:
            raise MoneyError(error.diag.message_primary) from None
        raise
    assert row is not None
    answer: dict[str, Any] = row[0]
    return answer


async def move(
    db: Database, merchant: str, kind: str, transaction_id: str, fingerprint: str, owner_id: str, wallet: str,
    currency: str, amount: int, house_shard: int,
) -> dict[str, Any]:  # fmt: skip
    """A debit or credit of ``amount`` between the member's ``wallet`` and its shard of the house (``money_move``)."""
    params = (merchant, kind, transaction_id, fingerprint, owner_id, wallet, currency, amount, house_shard)
    return await _command(db, MOVE, params)


async def settle(
    db: Database, merchant: str, transaction_id: str, bet_fingerprint: str, win_fingerprint: str, owner_id: str,
    wallet: str, currency: str, stake: int, win: int, house_shard: int,
) -> dict[str, Any]:  # fmt: skip
    """A round's stake and win, both legs or neither (``money_settle``)."""
    params = (merchant, transaction_id, bet_fingerprint, win_fingerprint, owner_id, wallet, currency, stake, win,
              house_shard)  # fmt: skip
    return await _command(db, SETTLE, params)


async def rollback(db: Database, merchant: str, transaction_id: str, fingerprint: str) -> dict[str, Any]:
    """A debit given back once, or the tombstone that refuses it (``money_rollback``)."""
    return await _command(db, ROLLBACK, (merchant, transaction_id, fingerprint))


async def balance(db: Database, merchant: str, owner_id: str, kind: str) -> tuple[Any, ...] | None:
    """``(spendable, held, currency)`` of one wallet, or ``None`` when it does not exist."""
    return await db.read(BALANCE, (merchant, owner_id, kind))


async def keep_salary(
    session: AsyncSession, transaction_id: int, merchant: str, account_id: str, contract_kind: str,
    period_start: datetime, period_end: datetime, amount: int, currency: str,
) -> None:  # fmt: skip
    """What an agent's pay was for, beside its money transaction (in the caller's transaction)."""
    session.add(
        SalaryCredit(
            transaction_id=transaction_id, merchant=merchant, account_id=account_id, contract_kind=contract_kind,
            period_start=period_start, period_end=period_end, amount=amount, currency=currency,
        )
    )  # fmt: skip
    await session.flush()
