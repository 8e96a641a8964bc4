"""Settled bets (games, lottery) and credited deposits move the missions' progress: a pull's new events at once
(``consumers.py`` hands them over in the inbox claim's transaction). An account whose registration has not arrived yet
fails the pull (``NotKnownYet``): its event is tried again later."""

from __future__ import annotations

from datetime import UTC

from sqlalchemy.ext.asyncio import AsyncSession

from points_service.missions.domain import LOTTERY_GAME_TYPE, Activity, Happening
from points_service.missions.service import count_all
from portal_events import GamesBetSettledV1, LotteryBetSettledV1, WalletDepositCreditedV1

BACKOFF = (1.0, 5.0, 30.0, 120.0, 600.0)
MAX_DELIVER = 10
BATCH = 128


async def game_bets(session: AsyncSession, events: list[GamesBetSettledV1]) -> None:
    await count_all(session, [
        Happening(e.merchant, e.data.accountId, Activity.BET, e.data.validBet, e.data.settledAt.astimezone(UTC),
                  e.data.gameType)
        for e in events
    ])  # fmt: skip


async def lottery_bets(session: AsyncSession, events: list[LotteryBetSettledV1]) -> None:
    await count_all(session, [
        Happening(e.merchant, e.data.accountId, Activity.BET, e.data.validBet, e.data.settledAt.astimezone(UTC),
                  LOTTERY_GAME_TYPE)
        for e in events
    ])  # fmt: skip


async def deposits(session: AsyncSession, events: list[WalletDepositCreditedV1]) -> None:
    await count_all(session, [
        Happening(e.merchant, e.data.accountId, Activity.DEPOSIT, e.data.amount, e.data.creditedAt.astimezone(UTC))
        for e in events
    ])  # fmt: skip
