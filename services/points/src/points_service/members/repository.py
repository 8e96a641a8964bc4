"""The accounts known: one row each, written once."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from points_service.members.models import PointMember


async def know(
    session: AsyncSession, accounts: Sequence[tuple[str, str, int] | tuple[str, str, int, str | None]]
) -> None:
    """Each ``(merchant, account id, account type[, username])``, once (a row known before usernames were kept gets
    its username)."""
    rows = [
        {"merchant": m, "account_id": a, "account_type": t, "username": rest[0] if rest else None}
        for m, a, t, *rest in accounts
    ]
    statement = insert(PointMember).values(rows)
    await session.execute(
        statement.on_conflict_do_update(
            index_elements=["merchant", "account_id"],
            set_={"username": statement.excluded.username},
            where=PointMember.username.is_(None),
        )
    )
