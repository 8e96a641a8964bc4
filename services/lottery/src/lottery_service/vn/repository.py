"""The VN slice's own query: which games a member bet on lately."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from lottery_service.bets.models import Bet


async def games_bet_on(
    session: AsyncSession, merchant: str, account_id: str, game_codes: list[str], since: datetime
) -> list[str]:
    """Those of ``game_codes`` the member bet on since ``since``, the latest bet first."""
    rows = await session.execute(
        select(Bet.game_code, func.max(Bet.created_at).label("last"))
        .where(Bet.merchant == merchant, Bet.account_id == account_id, Bet.created_at >= since,
               Bet.game_code.in_(game_codes))
        .group_by(Bet.game_code)
        .order_by(func.max(Bet.created_at).desc())
    )  # fmt: skip
    return [code for code, _ in rows.all()]
