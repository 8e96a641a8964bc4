"""Deposits, scoped to the brand (``portal_kit.repository.Scoped``), in the caller's transaction."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from portal_kit.paging import Page
from portal_kit.repository import Scoped
from wallet_service.deposits.domain import CREDITED, PENDING, DepositOrder
from wallet_service.deposits.models import Deposit

DEPOSIT_ROWS = Scoped(Deposit)


async def insert_once(session: AsyncSession, values: dict[str, Any]) -> tuple[Deposit, bool]:
    """The deposit of the member's request id: written now (``True``) or by an earlier request (``False``)."""
    return await DEPOSIT_ROWS.insert_once(session, values, key=("account_id", "request_id"))


async def locked(session: AsyncSession, merchant: str, deposit_id: str) -> Deposit | None:
    """The deposit, locked until the transaction ends (two decisions on it happen one after the other)."""
    return await DEPOSIT_ROWS.get_for_update(session, merchant, id=deposit_id)


async def of_member(session: AsyncSession, merchant: str, account_id: str | None, deposit_id: str) -> Deposit | None:
    return await DEPOSIT_ROWS.get(session, merchant, id=deposit_id, account_id=account_id)


async def credited_count(session: AsyncSession, merchant: str, account_id: str) -> int:
    """How many of the member's deposits are credited (the one being credited included, once flushed)."""
    return await DEPOSIT_ROWS.count(session, merchant, account_id=account_id, status=CREDITED)


async def newest(
    session: AsyncSession, merchant: str, *, account_id: str | None, status: str | None, limit: int
) -> Sequence[Deposit]:
    return await DEPOSIT_ROWS.newest(session, merchant, account_id=account_id, status=status, limit=limit)


async def queue_page(
    session: AsyncSession, merchant: str, page: Page, *, account_id: str | None, status: str | None,
    order: DepositOrder = DepositOrder.QUEUE,
) -> tuple[Sequence[Deposit], int]:  # fmt: skip
    """One page of the brand's deposits (of a state, of a member), and how many there are in all: the pending queue
    oldest first (the longest wait on top), every other list newest first; through ``ix_deposit_status`` or
    ``ix_deposit_account``."""
    oldest = order is DepositOrder.OLDEST or (order is DepositOrder.QUEUE and status == PENDING)
    ordering = (
        (Deposit.created_at.asc(), Deposit.id.asc()) if oldest else (Deposit.created_at.desc(), Deposit.id.desc())
    )
    return await DEPOSIT_ROWS.page(session, merchant, page, ordering, account_id=account_id, status=status)
