"""Settled bets (games, lottery) and credited deposits earn points, once per event: each pull's new events at once
(the kit's ``subscribe_many``: one claim, a few statements and one commit for all). A bet of a game type that earns
nothing (fish, cockfight) is claimed and ignored. A pull with an account whose registration has not arrived yet is
handled one event at a time, and that account's event tried again later (a longer back-off than the kit's)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from points_service.earning.domain import Amount
from points_service.earning.service import earn_all
from points_service.rules.domain import GAME_TYPE_POINTS, PointType
from portal_events import GamesBetSettledV1, LotteryBetSettledV1, WalletDepositCreditedV1
from portal_kit.db import Database
from portal_kit.messaging.consumer import PortalBroker, subscribe_many

# Up to about an hour for a registration to arrive before a bet is parked in the dead letters.
BACKOFF = (1.0, 5.0, 30.0, 120.0, 600.0)
MAX_DELIVER = 10
# A pull's events at once: one commit for up to this many (one commit an event, each waiting for the disk, held the
# worker to about 30 bets a second on this machine).
BATCH = 128


async def game_bets(session: AsyncSession, events: list[GamesBetSettledV1]) -> None:
    amounts = [
        Amount(e.merchant, e.data.accountId, kind, e.data.validBet, str(e.id))
        for e in events
        if (kind := GAME_TYPE_POINTS.get(e.data.gameType)) is not None
    ]
    await earn_all(session, amounts)


async def lottery_bets(session: AsyncSession, events: list[LotteryBetSettledV1]) -> None:
    await earn_all(
        session, [Amount(e.merchant, e.data.accountId, PointType.LOTTERY, e.data.validBet, str(e.id)) for e in events]
    )


async def deposits(session: AsyncSession, events: list[WalletDepositCreditedV1]) -> None:
    await earn_all(
        session, [Amount(e.merchant, e.data.accountId, PointType.DEPOSIT, e.data.amount, str(e.id)) for e in events]
    )


HANDLERS: tuple[tuple[Any, str, Callable[[AsyncSession, Any], Awaitable[None]]], ...] = (
    (GamesBetSettledV1, "earn_game_bet", game_bets),
    (LotteryBetSettledV1, "earn_lottery_bet", lottery_bets),
    (WalletDepositCreditedV1, "earn_deposit", deposits),
)


def earning_subscription() -> Callable[[PortalBroker, Database], None]:
    def register(broker: PortalBroker, db: Database) -> None:
        for event, name, handler in HANDLERS:
            subscribe_many(
                broker, service="points", handler_name=name, event=event, db=db, handler=handler, batch=BATCH,
                max_deliver=MAX_DELIVER, backoff=BACKOFF,
            )  # fmt: skip

    return register
