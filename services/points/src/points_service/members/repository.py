"""The accounts known: one row each, written once."""

from __future__ import annotations

from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from points_service.members.models import PointMember


async def know(session: AsyncSession, merchant: str, account_id: str, account_type: int) -> None:
    row = {"merchant": merchant, "account_id": account_id, "account_type": account_type}
    await session.execute(insert(PointMember).values(row).on_conflict_do_nothing())
