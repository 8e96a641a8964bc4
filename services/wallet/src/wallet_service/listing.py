"""The newest requests of a brand (deposits, withdrawals), optionally of one account or in one state."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

from sqlalchemy import select

from portal_kit.db import Database

Row = TypeVar("Row", bound=Any)


async def newest(
    db: Database, model: type[Row], merchant: str, *, account_id: str | None, status: str | None, limit: int
) -> Sequence[Row]:
    query = select(model).where(model.merchant == merchant)
    if account_id is not None:
        query = query.where(model.account_id == account_id)
    if status is not None:
        query = query.where(model.status == status)
    async with db.reader() as session:
        return (await session.scalars(query.order_by(model.created_at.desc()).limit(limit))).all()
