"""Adjustment requests (above the dual-control amount, waiting for a second ops person), by the brand."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from portal_kit.paging import Page
from wallet_service.ops.models import AdjustmentRequest


async def request_once(session: AsyncSession, values: dict[str, Any]) -> AdjustmentRequest:
    """The request of ``values``' request id: written now, or the one an earlier call wrote (its ``id`` tells)."""
    await session.execute(
        insert(AdjustmentRequest).values(**values).on_conflict_do_nothing(index_elements=["merchant", "request_id"])
    )
    request = await session.scalar(
        select(AdjustmentRequest).where(
            AdjustmentRequest.merchant == values["merchant"], AdjustmentRequest.request_id == values["request_id"]
        )
    )
    assert request is not None
    return request


async def of_request_id(session: AsyncSession, merchant: str, request_id: str) -> AdjustmentRequest | None:
    return await session.scalar(
        select(AdjustmentRequest).where(
            AdjustmentRequest.merchant == merchant, AdjustmentRequest.request_id == request_id
        )
    )


async def locked(session: AsyncSession, merchant: str, adjustment_id: str) -> AdjustmentRequest | None:
    """The request, locked until the transaction ends (two checkers deciding it take turns)."""
    return await session.scalar(
        select(AdjustmentRequest)
        .where(AdjustmentRequest.merchant == merchant, AdjustmentRequest.id == adjustment_id)
        .with_for_update()
    )


async def newest(session: AsyncSession, merchant: str, status: str | None, page: Page) -> Sequence[AdjustmentRequest]:
    query = select(AdjustmentRequest).where(AdjustmentRequest.merchant == merchant)
    if status is not None:
        query = query.where(AdjustmentRequest.status == status)
    query = query.order_by(AdjustmentRequest.created_at.desc()).offset(page.offset).limit(page.size)
    return (await session.scalars(query)).all()
