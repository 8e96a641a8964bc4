"""Settled bets (games, lottery) and credited deposits earn points, once per event (the kit's inbox claims it in the
same transaction). A bet of a game type that earns nothing (fish, cockfight) is claimed and ignored. An account
whose registration has not arrived yet is tried again later (a longer back-off than the kit's default)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from points_service.earning.service import earn
from points_service.rules.domain import GAME_TYPE_POINTS, PointType
from portal_events import GamesBetSettledV1, LotteryBetSettledV1, WalletDepositCreditedV1
from portal_kit.db import Database
from portal_kit.messaging.consumer import PortalBroker, subscribe

# Up to about an hour for a registration to arrive before a bet is parked in the dead letters.
BACKOFF = (1.0, 5.0, 30.0, 120.0, 600.0)
MAX_DELIVER = 10


async def game_bet(session: AsyncSession, event: GamesBetSettledV1) -> None:
    d = event.data
    kind = GAME_TYPE_POINTS.get(d.gameType)
    if kind is not None:
        await earn(session, event.merchant, d.accountId, kind, d.validBet, str(event.id))


async def lottery_bet(session: AsyncSession, event: LotteryBetSettledV1) -> None:
    d = event.data
    await earn(session, event.merchant, d.accountId, PointType.LOTTERY, d.validBet, str(event.id))


async def deposit(session: AsyncSession, event: WalletDepositCreditedV1) -> None:
    d = event.data
    await earn(session, event.merchant, d.accountId, PointType.DEPOSIT, d.amount, str(event.id))


HANDLERS: tuple[tuple[Any, str, Callable[[AsyncSession, Any], Awaitable[None]]], ...] = (
    (GamesBetSettledV1, "earn_game_bet", game_bet),
    (LotteryBetSettledV1, "earn_lottery_bet", lottery_bet),
    (WalletDepositCreditedV1, "earn_deposit", deposit),
)


def earning_subscription() -> Callable[[PortalBroker, Database], None]:
    def register(broker: PortalBroker, db: Database) -> None:
        for event, name, handler in HANDLERS:
            subscribe(
                broker, service="points", handler_name=name, event=event, db=db, handler=handler,
                max_deliver=MAX_DELIVER, backoff=BACKOFF,
            )  # fmt: skip

    return register
