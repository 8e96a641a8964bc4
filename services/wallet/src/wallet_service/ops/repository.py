"""Adjustment requests (above the dual-control amount, waiting for a second ops person), by the brand."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import ColumnElement, func, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from portal_kit.paging import Page
from wallet_service.ops.domain import AdjustmentRequestOrder
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


async def requests_page(
    session: AsyncSession, merchant: str, page: Page, *, status: str | None, account_id: str | None,
    requested_by: str | None, order: AdjustmentRequestOrder,
) -> tuple[Sequence[AdjustmentRequest], int]:  # fmt: skip
    """A page of the brand's adjustment requests, filtered by state, member and maker, in ``order``; and how many
    match."""
    where: list[ColumnElement[bool]] = [AdjustmentRequest.merchant == merchant]
    if status is not None:
        where.append(AdjustmentRequest.status == status)
    if account_id is not None:
        where.append(AdjustmentRequest.account_id == account_id)
    if requested_by is not None:
        where.append(AdjustmentRequest.requested_by == requested_by)
    when = AdjustmentRequest.created_at
    ordering = when.asc() if order is AdjustmentRequestOrder.OLDEST else when.desc()
    query = select(AdjustmentRequest).where(*where).order_by(ordering, AdjustmentRequest.id)
    rows = (await session.scalars(query.offset(page.offset).limit(page.size))).all()
    total = await session.scalar(select(func.count()).select_from(AdjustmentRequest).where(*where))
    return rows, int(total or 0)
