"""The points records' one query: an account's entries of a brand, newest first, in a range of time."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from points_service.ledger.models import PointEntry


async def entries_page(
    session: AsyncSession,
    merchant: str,
    account_id: str,
    offset: int,
    limit: int,
    start: datetime | None,
    end: datetime | None,
) -> tuple[Sequence[PointEntry], int]:
    """One page of the account's entries (``start`` included, ``end`` not), newest first by id (the order they were
    written in), and how many there are in all; read by ``ix_point_entry_merchant_account_id``."""
    where = [PointEntry.merchant == merchant, PointEntry.account_id == account_id]
    if start is not None:
        where.append(PointEntry.created_at >= start)
    if end is not None:
        where.append(PointEntry.created_at < end)
    total = int(await session.scalar(select(func.count()).select_from(PointEntry).where(*where)) or 0)
    query = select(PointEntry).where(*where).order_by(PointEntry.id.desc()).offset(offset).limit(limit)
    return (await session.scalars(query)).all(), total
