"""Every query of the conversions."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import func, select, update
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


async def by_request(session: AsyncSession, merchant: str, account_id: str, request_id: str) -> Conversion | None:
    return await CONVERSIONS.get(session, merchant, account_id=account_id, request_id=request_id)


async def lease(session: AsyncSession, conversion_id: int, seconds: float) -> Conversion | None:
    """The pending conversion, leased to the caller for ``seconds`` to ask the wallet; ``None`` when it is settled or
    another process holds its lease."""
    now = func.now()
    statement = (
        update(Conversion)
        .where(
            Conversion.id == conversion_id, Conversion.status == "PENDING",
            (Conversion.asking_until.is_(None)) | (Conversion.asking_until < now),
        )
        .values(asking_until=now + timedelta(seconds=seconds))
        .returning(Conversion)
    )  # fmt: skip
    return (await session.scalars(select(Conversion).from_statement(statement))).one_or_none()


async def release(session: AsyncSession, conversion_id: int) -> None:
    await session.execute(update(Conversion).where(Conversion.id == conversion_id).values(asking_until=None))


async def locked(session: AsyncSession, conversion_id: int) -> Conversion | None:
    query = select(Conversion).where(Conversion.id == conversion_id).with_for_update()
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
