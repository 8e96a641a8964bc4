"""The money API other services call (over NATS request/reply): debit, credit, rollback, balance, and the
transfer between a member's own wallets. Each is idempotent by the caller's transaction id."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert

from portal_events import WalletMovementRequest
from portal_kit.db import Database
from wallet_service.ledger.domain import (
    FREE_PLAY,
    FREE_PLAY_HOUSE,
    GAMES,
    HOUSE,
    MAIN,
    Leg,
    MoneyError,
    checked_amount,
    checked_wallet,
    fingerprint,
)
from wallet_service.ledger.models import JournalEntry, LedgerAccount, MoneyTransaction
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


async def _wallet(db_session: Any, movement: Movement) -> LedgerAccount:
    account = await member_account(db_session, movement.merchant, movement.account_id, movement.wallet)
    if account is None:
        if movement.wallet != FREE_PLAY and await member_account(
            db_session, movement.merchant, movement.account_id, FREE_PLAY
        ):
            raise MoneyError("trial.real_money")
        raise MoneyError("account.not_found")
    if account.currency != movement.currency:
        raise MoneyError("currency.unknown")
    return account


async def _move(db: Database, movement: Movement, kind: str, sign: int) -> dict[str, Any]:
    """Debit (sign -1) or credit (+1) a member's wallet against the games house account (or the free-play
    house for a free-play wallet)."""
    async with db.transaction() as session:
        row, new = await claim(
            session, movement.merchant, f"{kind}:{movement.transaction_id}", kind, fingerprint(kind, movement.content())
        )
        if not new:
            return row.result
        wallet = await _wallet(session, movement)
        house = await open_account(
            session, movement.merchant, movement.currency, HOUSE, FREE_PLAY_HOUSE if wallet.trial else GAMES
        )
        try:
            after = await post(
                session, row, [Leg(wallet.id, sign * movement.amount), Leg(house.id, -sign * movement.amount)]
            )
        except MoneyError as refusal:
            row.status, row.result = "refused", answer(code=refusal.code)
            return row.result
        row.status = "done"
        row.result = answer(
            {
                "transactionId": movement.transaction_id,
                "balance": after[wallet.id] - wallet.held,
                "currency": wallet.currency,
            }
        )
        return row.result


async def debit(db: Database, movement: Movement) -> dict[str, Any]:
    return await _move(db, movement, "debit", -1)


async def credit(db: Database, movement: Movement) -> dict[str, Any]:
    return await _move(db, movement, "credit", +1)


async def rollback(db: Database, merchant: str, transaction_id: str) -> dict[str, Any]:
    """Undo a debit. A debit not seen yet leaves a tombstone, so that debit is refused when it arrives."""
    if not (1 <= len(transaction_id) <= 100):
        raise MoneyError("request.invalid")
    async with db.transaction() as session:
        row, new = await claim(
            session,
            merchant,
            f"rollback:{transaction_id}",
            "rollback",
            fingerprint("rollback", {"transactionId": transaction_id}),
        )
        if not new:
            return row.result
        debit_key = f"debit:{transaction_id}"
        tombstone = await session.scalar(
            insert(MoneyTransaction)
            .values(merchant=merchant, idempotency_key=debit_key, kind="debit", fingerprint="-", status="tombstone",
                    result=answer(code="transaction.rolled_back"))
            .on_conflict_do_nothing()
            .returning(MoneyTransaction.id)
        )  # fmt: skip
        if tombstone is not None:
            row.status, row.result = "done", answer({"transactionId": transaction_id, "reversed": 0})
            return row.result
        debited = await session.scalar(
            select(MoneyTransaction)
            .where(MoneyTransaction.merchant == merchant, MoneyTransaction.idempotency_key == debit_key)
            .with_for_update()
        )
        assert debited is not None
        if debited.status != "done":
            row.status, row.result = "done", answer({"transactionId": transaction_id, "reversed": 0})
            return row.result
        entries = (await session.scalars(select(JournalEntry).where(JournalEntry.transaction_id == debited.id))).all()
        await post(session, row, [Leg(entry.account_id, -entry.amount) for entry in entries])
        debited.status = "rolled_back"
        reversed_amount = sum(entry.amount for entry in entries if entry.amount > 0)
        row.status, row.result = "done", answer({"transactionId": transaction_id, "reversed": reversed_amount})
        return row.result


async def balance(db: Database, merchant: str, account_id: str, wallet: str = MAIN) -> dict[str, Any]:
    async with db.reader() as session:
        account = await member_account(session, merchant, account_id, checked_wallet(wallet))
    if account is None:
        raise MoneyError("account.not_found")
    return answer({"balance": account.balance - account.held, "held": account.held, "currency": account.currency})


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
