"""The one way money moves: claim the command's idempotency key, then post balanced legs.

Posting never reads a balance to decide: each leg is a conditional ``UPDATE ... WHERE balance - held + amount
>= 0 RETURNING balance``, taken in ascending account id order so two transactions on the same accounts
always lock them in the same order and cannot deadlock. A refused leg rolls back the whole posting (a
savepoint), and the refusal is stored as the command's answer.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select, text
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from wallet_service.ledger.domain import HOUSE, Leg, MoneyError, balanced
from wallet_service.ledger.models import JournalEntry, LedgerAccount, MoneyTransaction

_SPEND = text(
    "UPDATE ledger_account SET balance = balance + :amount "
    "WHERE id = :id AND (allow_negative OR balance - held + :amount >= 0) RETURNING balance"
)


async def claim(
    session: AsyncSession, merchant: str, key: str, kind: str, fingerprint: str
) -> tuple[MoneyTransaction, bool]:
    """The command's row and whether it is new. A concurrent twin waits on the unique index until the first
    commits, then sees it: one effect, and the same answer for both."""
    new_id = await session.scalar(
        insert(MoneyTransaction)
        .values(merchant=merchant, idempotency_key=key, kind=kind, fingerprint=fingerprint, status="pending", result={})
        .on_conflict_do_nothing()
        .returning(MoneyTransaction.id)
    )
    if new_id is not None:
        row = await session.get(MoneyTransaction, new_id)
        assert row is not None
        return row, True
    existing = await session.scalar(
        select(MoneyTransaction).where(MoneyTransaction.merchant == merchant, MoneyTransaction.idempotency_key == key)
    )
    assert existing is not None
    if existing.status == "tombstone":
        raise MoneyError("transaction.rolled_back")
    if existing.fingerprint != fingerprint:
        raise MoneyError("idempotency.mismatch")
    return existing, False


async def post(session: AsyncSession, transaction: MoneyTransaction, legs: list[Leg]) -> dict[int, int]:
    """Apply balanced legs atomically (a savepoint); returns each account's balance after."""
    if not balanced(legs):
        raise ValueError("legs must sum to zero")
    after: dict[int, int] = {}
    async with session.begin_nested():
        for leg in sorted(legs, key=lambda leg: leg.account_id):
            balance = await session.scalar(_SPEND, {"amount": leg.amount, "id": leg.account_id})
            if balance is None:
                raise MoneyError("wallet.insufficient_funds", stored=True)
            after[leg.account_id] = int(balance)
            session.add(
                JournalEntry(
                    transaction_id=transaction.id, account_id=leg.account_id, amount=leg.amount, balance_after=balance
                )
            )
        await session.flush()
    return after


async def member_account(session: AsyncSession, merchant: str, owner_id: str, kind: str) -> LedgerAccount | None:
    return await session.scalar(
        select(LedgerAccount).where(
            LedgerAccount.merchant == merchant, LedgerAccount.owner_id == owner_id, LedgerAccount.kind == kind
        )
    )


_house_ids: dict[tuple[str, str, str], int] = {}


async def open_account(
    session: AsyncSession, merchant: str, currency: str, owner_id: str, kind: str, *, trial: bool = False
) -> LedgerAccount:
    """Open (once) and return an account; house accounts may go negative, member accounts never. House
    account ids never change once made, so they are remembered in process (one round trip saved a bet)."""
    cached = _house_ids.get((merchant, currency, kind)) if owner_id == HOUSE else None
    if cached is not None:
        house = await session.get(LedgerAccount, cached)
        if house is not None and (house.merchant, house.currency, house.owner_id, house.kind) == (
            merchant,
            currency,
            HOUSE,
            kind,
        ):
            return house
    await session.execute(
        insert(LedgerAccount)
        .values(
            merchant=merchant,
            currency=currency,
            owner_id=owner_id,
            kind=kind,
            trial=trial,
            allow_negative=owner_id == HOUSE,
            balance=0,
            held=0,
        )
        .on_conflict_do_nothing()
    )
    account = await session.scalar(
        select(LedgerAccount).where(
            LedgerAccount.merchant == merchant,
            LedgerAccount.currency == currency,
            LedgerAccount.owner_id == owner_id,
            LedgerAccount.kind == kind,
        )
    )
    assert account is not None
    if owner_id == HOUSE:
        _house_ids[(merchant, currency, kind)] = account.id
    return account


def answer(value: dict[str, Any] | None = None, code: str | None = None) -> dict[str, Any]:
    """The envelope of a money command, stored as its answer to every replay."""
    return {"success": code is None, "value": value, "errorCode": code, "message": None}
