"""The lobby's own query: how many bets each game took lately (its games' issues are read through ``draws``)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from lottery_service.bets.models import Bet


async def bets_per_game(session: AsyncSession, since: datetime) -> dict[str, int]:
    """The number of bets of each game placed since ``since`` (games without any are left out)."""
    rows = await session.execute(
        select(Bet.game_code, func.count()).where(Bet.created_at >= since).group_by(Bet.game_code)
    )
    return {code: int(count) for code, count in rows.all()}
