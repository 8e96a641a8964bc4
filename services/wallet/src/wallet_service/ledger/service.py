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

from wallet_service.ledger.domain import FREE_PLAY, HOUSE, MAIN, Leg, MoneyError, balanced, fingerprint, house_shard
from wallet_service.ledger.models import JournalEntry, LedgerAccount, MoneyTransaction

_SPEND = text(
    "UPDATE ledger_account SET balance = balance + :amount "
    "WHERE id = :id AND (allow_negative OR balance - held + :amount >= 0) RETURNING balance"
)
_SETTLE_HELD = text(
    "UPDATE ledger_account SET balance = balance + :amount, held = held + :amount "
    "WHERE id = :id AND held + :amount >= 0 RETURNING balance"
)
_HOLD = text(
    "UPDATE ledger_account SET held = held + :amount WHERE id = :id AND balance - held - :amount >= 0 RETURNING held"
)
_RELEASE = text("UPDATE ledger_account SET held = held - :amount WHERE id = :id AND held >= :amount RETURNING held")


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
            statement = _SETTLE_HELD if leg.settles_hold else _SPEND
            balance = await session.scalar(statement, {"amount": leg.amount, "id": leg.account_id})
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


async def hold(session: AsyncSession, account_id: int, amount: int) -> None:
    """Set ``amount`` aside (a pending withdrawal): it stays in the balance but can no longer be spent."""
    if await session.scalar(_HOLD, {"amount": amount, "id": account_id}) is None:
        raise MoneyError("wallet.insufficient_funds")


async def release(session: AsyncSession, account_id: int, amount: int) -> None:
    """Give held funds back to the spendable balance (a rejected withdrawal)."""
    if await session.scalar(_RELEASE, {"amount": amount, "id": account_id}) is None:
        raise RuntimeError(f"account {account_id} holds less than {amount}")


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


async def main_wallet(session: AsyncSession, merchant: str, owner_id: str, *, lock: bool = False) -> LedgerAccount:
    """A real account's main wallet (a trial account has none: ``trial.real_money``)."""
    query = select(LedgerAccount).where(
        LedgerAccount.merchant == merchant, LedgerAccount.owner_id == owner_id, LedgerAccount.kind == MAIN
    )
    account = await session.scalar(query.with_for_update() if lock else query)
    if account is None:
        if await member_account(session, merchant, owner_id, FREE_PLAY) is not None:
            raise MoneyError("trial.real_money")
        raise MoneyError("account.not_found")
    return account


async def move_against_house(
    session: AsyncSession,
    wallet: LedgerAccount,
    house_kind: str,
    amount: int,
    key: str,
    kind: str,
    *,
    settles_hold: bool = False,
) -> tuple[int, bool]:
    """One idempotent movement between a member's wallet (``amount`` signed: positive credits it) and a house
    account, keyed ``key``; returns the wallet's balance after and whether this call moved the money (False
    for a replay). A refusal propagates and the caller's whole transaction rolls back: nothing half-written."""
    row, new = await claim(
        session, wallet.merchant, key, kind, fingerprint(kind, {"account": wallet.id, "amount": amount})
    )
    if not new:
        return int(row.result["value"]["balance"]), False
    house = await open_account(
        session, wallet.merchant, wallet.currency, HOUSE, house_shard(house_kind, wallet.owner_id)
    )
    after = await post(session, row, [Leg(wallet.id, amount, settles_hold), Leg(house.id, -amount)])
    row.status = "done"
    row.result = answer({"balance": after[wallet.id]})
    return after[wallet.id], True
