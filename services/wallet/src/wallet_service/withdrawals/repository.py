"""Bound bank accounts, withdrawals and their proof images, scoped to the brand (``portal_kit.repository.Scoped``),
in the caller's transaction."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import func, update
from sqlalchemy.ext.asyncio import AsyncSession

from portal_kit.paging import Page
from portal_kit.repository import Scoped
from wallet_service.withdrawals import domain
from wallet_service.withdrawals.models import BankAccount, Withdrawal, WithdrawalProof

BANK_ROWS = Scoped(BankAccount)
WITHDRAWAL_ROWS = Scoped(Withdrawal)


async def bank_accounts(session: AsyncSession, merchant: str, account_id: str | None) -> Sequence[BankAccount]:
    """The member's bound bank accounts, oldest first."""
    query = BANK_ROWS.query(merchant, account_id=account_id).order_by(BankAccount.created_at)
    return (await session.scalars(query)).all()


async def count_bank_accounts(session: AsyncSession, merchant: str, account_id: str | None) -> int:
    return await BANK_ROWS.count(session, merchant, account_id=account_id)


async def bank_account(
    session: AsyncSession, merchant: str, account_id: str | None, bank_account_id: str
) -> BankAccount | None:
    return await BANK_ROWS.get(session, merchant, id=bank_account_id, account_id=account_id)


async def bind_once(session: AsyncSession, values: dict[str, Any]) -> tuple[BankAccount, bool]:
    """The bank account, bound now (``True``), or the member had this number bound already (``False``)."""
    return await BANK_ROWS.insert_once(session, values, key=("account_id", "account_number"))


async def insert_once(session: AsyncSession, values: dict[str, Any]) -> tuple[Withdrawal, bool]:
    """The withdrawal of the member's request id: written now (``True``) or by an earlier request (``False``)."""
    return await WITHDRAWAL_ROWS.insert_once(session, values, key=("account_id", "request_id"))


async def locked(session: AsyncSession, merchant: str, withdrawal_id: str, **equal: Any) -> Withdrawal | None:
    """The withdrawal, locked until the transaction ends (two decisions on it happen one after the other)."""
    return await WITHDRAWAL_ROWS.get_for_update(session, merchant, id=withdrawal_id, **equal)


def add_proof(session: AsyncSession, withdrawal_id: str, content_type: str, data: bytes) -> None:
    session.add(WithdrawalProof(withdrawal_id=withdrawal_id, content_type=content_type, data=data))


async def mark_unconfirmed_received(session: AsyncSession) -> int:
    """Every paid withdrawal past its deadline, of every brand, moved as the deadline moves it; how many."""
    deadline = domain.TRANSITIONS["deadline"]
    result = await session.execute(
        update(Withdrawal)
        .where(Withdrawal.status.in_(deadline.sources), Withdrawal.confirm_deadline <= func.now())
        .values(status=deadline.target, updated_at=func.now())
    )
    return int(result.rowcount or 0)  # type: ignore[attr-defined]


async def newest(
    session: AsyncSession, merchant: str, *, account_id: str | None, status: str | None, limit: int
) -> Sequence[Withdrawal]:
    return await WITHDRAWAL_ROWS.newest(session, merchant, account_id=account_id, status=status, limit=limit)


# The queues worked through in order of arrival (the oldest waits longest); every other list newest first.
OLDEST_FIRST = frozenset({domain.PENDING, domain.APPROVED, *domain.DISPUTED})


async def queue_page(
    session: AsyncSession, merchant: str, page: Page, *, account_id: str | None, status: str | None,
    order: domain.WithdrawalOrder = domain.WithdrawalOrder.QUEUE,
) -> tuple[Sequence[Withdrawal], int]:  # fmt: skip
    """One page of the brand's withdrawals (of a state, of a member) in ``order``, and how many there are in all; a
    state's queue is read through ``ix_withdrawal_status`` (merchant, status, created_at), a member's through
    ``ix_withdrawal_account``, either way round."""
    oldest = order is domain.WithdrawalOrder.OLDEST or (
        order is domain.WithdrawalOrder.QUEUE and status in OLDEST_FIRST
    )
    ordering = (Withdrawal.created_at.asc(), Withdrawal.id.asc()) if oldest else (
        Withdrawal.created_at.desc(), Withdrawal.id.desc())  # fmt: skip
    return await WITHDRAWAL_ROWS.page(session, merchant, page, ordering, account_id=account_id, status=status)
