"""Settled bets (games, lottery) and credited deposits earn points: a pull's new events at once (``consumers.py``
hands them over in the inbox claim's transaction). A bet of a game type that earns nothing (fish, cockfight) earns
nothing but still counts toward its member's VIP level, which weighs the bets after it. An account whose registration
has not arrived yet fails the pull (``NotKnownYet``): its event is tried again later."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from points_service.earning.domain import Amount
from points_service.earning.service import earn_all
from points_service.rules.domain import GAME_TYPE_POINTS, PointType
from portal_events import GamesBetSettledV1, LotteryBetSettledV1, WalletDepositCreditedV1

# Up to about an hour for a registration to arrive before a bet is parked in the dead letters.
BACKOFF = (1.0, 5.0, 30.0, 120.0, 600.0)
MAX_DELIVER = 10
# A pull's events at once: one commit for up to this many (one commit an event, each waiting for the disk, held the
# worker to about 30 bets a second on this machine).
BATCH = 128


async def game_bets(session: AsyncSession, events: list[GamesBetSettledV1]) -> None:
    await earn_all(
        session,
        [
            Amount(e.merchant, e.data.accountId, GAME_TYPE_POINTS.get(e.data.gameType), e.data.validBet, str(e.id),
                   e.data.validBet)
            for e in events
        ],
    )  # fmt: skip


async def lottery_bets(session: AsyncSession, events: list[LotteryBetSettledV1]) -> None:
    await earn_all(
        session,
        [Amount(e.merchant, e.data.accountId, PointType.LOTTERY, e.data.validBet, str(e.id), e.data.validBet)
         for e in events],
    )  # fmt: skip


async def deposits(session: AsyncSession, events: list[WalletDepositCreditedV1]) -> None:
    await earn_all(
        session, [Amount(e.merchant, e.data.accountId, PointType.DEPOSIT, e.data.amount, str(e.id)) for e in events]
    )
