"""Every query of the conversions."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from points_service.conversion.models import Conversion, ConversionRule
from portal_kit.repository import Scoped

CONVERSIONS = Scoped(Conversion)


async def rule(session: AsyncSession, merchant: str) -> ConversionRule | None:
    return await session.get(ConversionRule, merchant)


async def put_rule(session: AsyncSession, merchant: str, values: dict[str, Any]) -> None:
    statement = insert(ConversionRule).values(merchant=merchant, **values)
    await session.execute(
        statement.on_conflict_do_update(index_elements=["merchant"], set_={**values, "updated_at": func.now()})
    )


async def request(session: AsyncSession, values: dict[str, Any]) -> tuple[Conversion, bool]:
    """The conversion of the member's request id: made now (``True``), or the one made before (``False``)."""
    return await CONVERSIONS.insert_once(session, values, key=("account_id", "request_id"))


async def conversion(session: AsyncSession, conversion_id: int) -> Conversion | None:
    return await session.get(Conversion, conversion_id)


async def locked(session: AsyncSession, conversion_id: int) -> Conversion | None:
    query = select(Conversion).where(Conversion.id == conversion_id).with_for_update(skip_locked=True)
    return (await session.scalars(query)).one_or_none()


async def pending(session: AsyncSession, older_than: datetime, limit: int) -> Sequence[int]:
    query = (
        select(Conversion.id)
        .where(Conversion.status == "PENDING", Conversion.created_at < older_than)
        .order_by(Conversion.id)
        .limit(limit)
    )
    return (await session.scalars(query)).all()


async def now(session: AsyncSession) -> datetime:
    return (await session.execute(select(func.now()))).scalar_one()
