"""Settled bets (games, lottery) raise the members' VIP turnover: a pull's new events at once (``consumers.py`` hands
them over in the inbox claim's transaction)."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from points_service.vip.service import count_bets
from portal_events import GamesBetSettledV1, LotteryBetSettledV1

BACKOFF = (1.0, 5.0, 30.0, 120.0, 600.0)
MAX_DELIVER = 10
BATCH = 128


async def game_bets(session: AsyncSession, events: list[GamesBetSettledV1]) -> None:
    await count_bets(session, [(e.merchant, e.data.accountId, e.data.validBet) for e in events])


async def lottery_bets(session: AsyncSession, events: list[LotteryBetSettledV1]) -> None:
    await count_bets(session, [(e.merchant, e.data.accountId, e.data.validBet) for e in events])
