"""The accounts known: one row each, written once."""

from __future__ import annotations

from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from points_service.members.models import PointMember


async def know(session: AsyncSession, accounts: list[tuple[str, str, int]]) -> None:
    """Each ``(merchant, account id, account type)``, once."""
    rows = [{"merchant": m, "account_id": a, "account_type": t} for m, a, t in accounts]
    await session.execute(insert(PointMember).values(rows).on_conflict_do_nothing())
