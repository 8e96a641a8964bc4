"""Every query of the rules."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from points_service.rules.models import PointRule


async def of_brand(session: AsyncSession, merchant: str) -> list[PointRule]:
    query = select(PointRule).where(PointRule.merchant == merchant).order_by(PointRule.point_type)
    return list((await session.scalars(query)).all())


async def locked(session: AsyncSession, merchant: str, point_type: str) -> PointRule | None:
    query = select(PointRule).where(PointRule.merchant == merchant, PointRule.point_type == point_type)
    return (await session.scalars(query.with_for_update())).one_or_none()


async def put(
    session: AsyncSession, merchant: str, point_type: str, betting_unit: int, ratio: int, enabled: bool
) -> None:
    values = {"betting_unit": betting_unit, "ratio": ratio, "enabled": enabled}
    statement = insert(PointRule).values(merchant=merchant, point_type=point_type, **values)
    await session.execute(
        statement.on_conflict_do_update(
            index_elements=["merchant", "point_type"], set_={**values, "updated_at": statement.excluded.updated_at}
        )
    )
