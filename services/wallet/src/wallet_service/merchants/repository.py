"""A brand's wallet settings (``merchant_wallet``, one row a brand, none until ops first change them) and the
requests to raise its dual-control amount."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from portal_kit.paging import Page
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


async def requests(
    session: AsyncSession, merchant: str, status: str | None, page: Page
) -> Sequence[DualControlRequest]:
    query = select(DualControlRequest).where(DualControlRequest.merchant == merchant)
    if status is not None:
        query = query.where(DualControlRequest.status == status)
    query = query.order_by(DualControlRequest.created_at.desc()).offset(page.offset).limit(page.size)
    return (await session.scalars(query)).all()
