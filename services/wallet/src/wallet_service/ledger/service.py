"""The one way money moves: claim the command's idempotency key, then post balanced legs.

Posting never reads a balance to decide: each leg is a conditional ``UPDATE ... WHERE balance - held + amount
>= 0 RETURNING balance``, taken in ascending account id order so two transactions on the same accounts
always lock them in the same order and cannot deadlock. A refused leg rolls back the whole posting (a
savepoint), and the refusal is stored as the command's answer.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from portal_kit.db import Database
from wallet_service.ledger import repository
from wallet_service.ledger.domain import FREE_PLAY, HOUSE, Leg, MoneyError, balanced, fingerprint, house_shard
from wallet_service.ledger.models import LedgerAccount, MoneyTransaction


def when_committed(tell: Callable[[repository.Members], None]) -> Callable[[], None]:
    """Call ``tell`` with the members whose money each committed transaction moved (``wallet_service.pushes``)."""
    return repository.when_committed(tell)


async def rolled_back_to(db: Database, merchant: str, transaction_id: str) -> list[str]:
    """The members whose money a rollback of ``transaction_id`` gave back."""
    return await repository.rolled_back_to(db, merchant, transaction_id)


async def claim(
    session: AsyncSession, merchant: str, key: str, kind: str, fingerprint: str
) -> tuple[MoneyTransaction, bool]:
    """The command's row and whether it is new. A concurrent twin waits on the unique index until the first
    commits, then sees it: one effect, and the same answer for both."""
    row, new = await repository.claim_key(session, merchant, key, kind, fingerprint)
    if new:
        return row, True
    if row.status == "tombstone":
        raise MoneyError("transaction.rolled_back")
    if row.fingerprint != fingerprint:
        raise MoneyError("idempotency.mismatch")
    return row, False


async def claimed(session: AsyncSession, merchant: str, key: str) -> bool:
    """Whether a command of ``key`` was claimed already (its replay answers the original)."""
    return await repository.transaction_of(session, merchant, key) is not None


async def claimed_transaction(session: AsyncSession, merchant: str, key: str) -> MoneyTransaction | None:
    """The command claimed under ``key`` (its status and stored answer), when one was."""
    return await repository.transaction_of(session, merchant, key)


async def post(session: AsyncSession, transaction: MoneyTransaction, legs: list[Leg]) -> dict[int, int]:
    """Apply balanced legs atomically (a savepoint); returns each account's balance after."""
    if not balanced(legs):
        raise ValueError("legs must sum to zero")
    after: dict[int, int] = {}
    async with session.begin_nested():
        for leg in sorted(legs, key=lambda leg: leg.account_id):
            balance = await repository.post_leg(session, transaction.id, leg)
            if balance is None:
                raise MoneyError("wallet.insufficient_funds", stored=True)
            after[leg.account_id] = balance
        await repository.write_lines(session)
    return after


async def hold(session: AsyncSession, account_id: int, amount: int) -> None:
    """Set ``amount`` aside (a pending withdrawal): it stays in the balance but can no longer be spent."""
    if not await repository.hold(session, account_id, amount):
        raise MoneyError("wallet.insufficient_funds")


async def release(session: AsyncSession, account_id: int, amount: int) -> None:
    """Give held funds back to the spendable balance (a rejected withdrawal)."""
    if not await repository.release(session, account_id, amount):
        raise RuntimeError(f"account {account_id} holds less than {amount}")


async def member_account(session: AsyncSession, merchant: str, owner_id: str, kind: str) -> LedgerAccount | None:
    return await repository.account(session, merchant, owner_id, kind)


_house_ids: dict[tuple[str, str, str], int] = {}


async def open_account(
    session: AsyncSession, merchant: str, currency: str, owner_id: str, kind: str, *, trial: bool = False
) -> LedgerAccount:
    """Open (once) and return an account; house accounts may go negative, member accounts never. House
    account ids never change once made, so they are remembered in process (one round trip saved a bet)."""
    cached = _house_ids.get((merchant, currency, kind)) if owner_id == HOUSE else None
    if cached is not None:
        house = await repository.account_by_id(session, cached)
        if house is not None and (house.merchant, house.currency, house.owner_id, house.kind) == (
            merchant,
            currency,
            HOUSE,
            kind,
        ):
            return house
    account = await repository.opened(session, merchant, currency, owner_id, kind, trial=trial)
    if owner_id == HOUSE:
        _house_ids[(merchant, currency, kind)] = account.id
    return account


def answer(value: dict[str, Any] | None = None, code: str | None = None) -> dict[str, Any]:
    """The envelope of a money command, stored as its answer to every replay."""
    return {"success": code is None, "value": value, "errorCode": code, "message": None}


async def main_wallet(session: AsyncSession, merchant: str, owner_id: str, *, lock: bool = False) -> LedgerAccount:
    """A real account's main wallet (a trial account has none: ``trial.real_money``)."""
    account = await repository.main_wallet(session, merchant, owner_id, lock=lock)
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


async def differences(db: Database) -> list[dict[str, Any]]:
    """Reconciliation: every balance that differs from its journal, every brand's currency that does not sum to
    zero, every transaction whose lines do not; empty when the ledger adds up."""
    async with db.reader() as session:
        return await repository.differences(session)
