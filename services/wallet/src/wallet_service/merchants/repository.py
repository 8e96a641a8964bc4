"""A brand's wallet settings (``merchant_wallet``, one row a brand, none until ops first change them) and the
requests to raise its dual-control amount."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import ColumnElement, func, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from portal_kit.paging import Page
from wallet_service.merchants.domain import DualControlRequestOrder
from wallet_service.merchants.models import DualControlRequest, MerchantWallet


async def settings_of(session: AsyncSession, merchant: str) -> MerchantWallet | None:
    return await session.get(MerchantWallet, merchant)


async def save(session: AsyncSession, merchant: str, values: dict[str, Any]) -> None:
    """Write the brand's settings whole, in one upsert."""
    await session.execute(
        insert(MerchantWallet)
        .values(merchant=merchant, **values)
        .on_conflict_do_update(index_elements=["merchant"], set_=values)
    )


async def lock_settings(session: AsyncSession, merchant: str) -> None:
    """Take the brand's settings lock until the transaction ends (a brand with no row yet has nothing to lock):
    changes of its settings and decisions on its dual-control requests take turns."""
    await session.execute(select(func.pg_advisory_xact_lock(func.hashtextextended(f"wallet:settings:{merchant}", 0))))


async def add_request(session: AsyncSession, request: DualControlRequest) -> DualControlRequest:
    """Write a raise of the dual-control amount (the partial unique index keeps one pending a brand)."""
    session.add(request)
    await session.flush()
    return request


async def pending_request(session: AsyncSession, merchant: str) -> DualControlRequest | None:
    return await session.scalar(
        select(DualControlRequest).where(
            DualControlRequest.merchant == merchant, DualControlRequest.status == "pending"
        )
    )


async def request_of(session: AsyncSession, merchant: str, request_id: str) -> DualControlRequest | None:
    return await session.scalar(
        select(DualControlRequest).where(DualControlRequest.merchant == merchant, DualControlRequest.id == request_id)
    )


async def requests_page(
    session: AsyncSession, merchant: str, page: Page, *, status: str | None, requested_by: str | None,
    order: DualControlRequestOrder,
) -> tuple[Sequence[DualControlRequest], int]:  # fmt: skip
    """A page of the brand's raises of its dual-control amount, filtered by state and maker, in ``order``; and how
    many match."""
    where: list[ColumnElement[bool]] = [DualControlRequest.merchant == merchant]
    if status is not None:
        where.append(DualControlRequest.status == status)
    if requested_by is not None:
        where.append(DualControlRequest.requested_by == requested_by)
    when = DualControlRequest.created_at
    ordering = when.asc() if order is DualControlRequestOrder.OLDEST else when.desc()
    query = select(DualControlRequest).where(*where).order_by(ordering, DualControlRequest.id)
    rows = (await session.scalars(query.offset(page.offset).limit(page.size))).all()
    total = await session.scalar(select(func.count()).select_from(DualControlRequest).where(*where))
    return rows, int(total or 0)
