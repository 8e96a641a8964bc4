"""The points records' queries: an account's entries of a brand, newest first, in a range of time; the mall's
redemptions those entries name."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from points_service.conversion.models import Conversion
from points_service.ledger.models import PointEntry
from points_service.mall.models import MallRedemption


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


async def redemptions(session: AsyncSession, merchant: str, ids: Iterable[int]) -> dict[int, MallRedemption]:
    """The mall's redemptions of ``ids`` (the exchanges a page's spending and refund entries come from)."""
    wanted = sorted(set(ids))
    if not wanted:
        return {}
    query = select(MallRedemption).where(MallRedemption.merchant == merchant, MallRedemption.id.in_(wanted))
    return {row.id: row for row in (await session.scalars(query)).all()}


async def conversions(session: AsyncSession, merchant: str, ids: Sequence[int]) -> dict[int, Conversion]:
    """The conversions to cash of ``ids`` (the exchanges a page's conversion and refund entries come from)."""
    if not ids:
        return {}
    query = select(Conversion).where(Conversion.merchant == merchant, Conversion.id.in_(sorted(set(ids))))
    return {row.id: row for row in (await session.scalars(query)).all()}
