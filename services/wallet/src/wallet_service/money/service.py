"""The money API other services call (over NATS request/reply): debit, credit, rollback, balance, and the
transfer between a member's own wallets. Each is idempotent by the caller's transaction id."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import psycopg

from portal_events import WalletMovementRequest
from portal_kit.db import Database
from wallet_service.ledger.domain import (
    MAIN,
    Leg,
    MoneyError,
    checked_amount,
    checked_wallet,
    fingerprint,
    house_shard_number,
)
from wallet_service.ledger.service import answer, claim, member_account, open_account, post


@dataclass(frozen=True)
class Movement:
    merchant: str
    account_id: str
    currency: str
    amount: int
    transaction_id: str
    wallet: str = MAIN

    @classmethod
    def parse(cls, body: dict[str, Any]) -> Movement:
        try:
            merchant, account_id = str(body["merchant"]), str(body["accountId"])
            currency, transaction_id = str(body["currency"]), str(body["transactionId"])
        except KeyError as missing:
            raise MoneyError("request.invalid", field=str(missing)) from None
        if not (1 <= len(transaction_id) <= 100) or len(currency) != 3:
            raise MoneyError("request.invalid")
        return cls(
            merchant,
            account_id,
            currency,
            checked_amount(body.get("amount")),
            transaction_id,
            checked_wallet(body.get("wallet", MAIN)),
        )

    @classmethod
    def of(cls, request: WalletMovementRequest) -> Movement:
        """From a request its contract already checked; the wallet's own rules still apply."""
        return cls(
            request.merchant,
            request.accountId,
            request.currency,
            checked_amount(request.amount),
            request.transactionId,
            checked_wallet(request.wallet or MAIN),
        )

    def content(self) -> dict[str, Any]:
        return {"accountId": self.account_id, "currency": self.currency, "amount": self.amount, "wallet": self.wallet}


# A refusal the database raised so that its whole command rolls back (migration 0004); the message is its code.
REFUSED = "PM001"
MOVE = "SELECT money_move(%s, %s, %s, %s, %s, %s, %s, %s, %s)"
ROLLBACK = "SELECT money_rollback(%s, %s, %s)"
BALANCE = (
    "SELECT balance - held, held, currency FROM ledger_account WHERE merchant = %s AND owner_id = %s AND kind = %s"
)


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


async def _move(db: Database, movement: Movement, kind: str) -> dict[str, Any]:
    """Debit or credit a member's wallet against its shard of the games house account (or of the free-play
    house for a free-play wallet)."""
    return await _command(
        db,
        MOVE,
        (
            movement.merchant,
            kind,
            movement.transaction_id,
            fingerprint(kind, movement.content()),
            movement.account_id,
            movement.wallet,
            movement.currency,
            movement.amount,
            house_shard_number(movement.account_id),
        ),
    )


async def debit(db: Database, movement: Movement) -> dict[str, Any]:
    return await _move(db, movement, "debit")


async def credit(db: Database, movement: Movement) -> dict[str, Any]:
    return await _move(db, movement, "credit")


async def rollback(db: Database, merchant: str, transaction_id: str) -> dict[str, Any]:
    """Undo a debit. A debit not seen yet leaves a tombstone, so that debit is refused when it arrives."""
    if not (1 <= len(transaction_id) <= 100):
        raise MoneyError("request.invalid")
    content = fingerprint("rollback", {"transactionId": transaction_id})
    return await _command(db, ROLLBACK, (merchant, transaction_id, content))


async def balance(db: Database, merchant: str, account_id: str, wallet: str = MAIN) -> dict[str, Any]:
    row = await db.call(BALANCE, (merchant, account_id, checked_wallet(wallet)))
    if row is None:
        raise MoneyError("account.not_found")
    spendable, held, currency = row
    return answer({"balance": spendable, "held": held, "currency": currency})


async def transfer(
    db: Database, merchant: str, owner_id: str, source: str, target: str, amount: int, key: str
) -> dict[str, Any]:
    """Move money between two wallets of one member (main ↔ a vendor wallet), idempotent by ``key``."""
    amount = checked_amount(amount)
    content = {"owner": owner_id, "from": checked_wallet(source), "to": checked_wallet(target), "amount": amount}
    if source == target:
        raise MoneyError("request.invalid")
    async with db.transaction() as session:
        row, new = await claim(session, merchant, f"transfer:{key}", "transfer", fingerprint("transfer", content))
        if not new:
            return row.result
        source_account = await member_account(session, merchant, owner_id, source)
        if source_account is None:
            raise MoneyError("account.not_found")
        target_account = await open_account(
            session, merchant, source_account.currency, owner_id, target, trial=source_account.trial
        )
        try:
            after = await post(session, row, [Leg(source_account.id, -amount), Leg(target_account.id, amount)])
        except MoneyError as refusal:
            row.status, row.result = "refused", answer(code=refusal.code)
            return row.result
        row.status = "done"
        row.result = answer({source: after[source_account.id], target: after[target_account.id]})
        return row.result
