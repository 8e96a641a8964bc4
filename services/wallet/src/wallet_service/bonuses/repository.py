"""Every query of bonus holds."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from wallet_service.bonuses.domain import HoldStatus
from wallet_service.bonuses.models import BonusHold


def add(session: AsyncSession, hold: BonusHold) -> None:
    session.add(hold)


async def locked(session: AsyncSession, merchant: str, grant_id: str) -> BonusHold | None:
    """A grant's hold, locked until the transaction ends (a release and a forfeit of it take turns)."""
    query = select(BonusHold).where(BonusHold.merchant == merchant, BonusHold.grant_id == grant_id)
    return await session.scalar(query.with_for_update())


async def held_of(session: AsyncSession, merchant: str, account_id: str) -> Sequence[BonusHold]:
    """A member's holds still held, locked in id order (a withdrawal forfeiting them all)."""
    query = (
        select(BonusHold)
        .where(BonusHold.merchant == merchant, BonusHold.account_id == account_id, BonusHold.status == HoldStatus.HELD)
        .order_by(BonusHold.id)
        .with_for_update()
    )
    return (await session.scalars(query)).all()
