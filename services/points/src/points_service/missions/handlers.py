"""Settled bets (games, lottery) and credited deposits move the missions' progress, once per event (the kit's inbox,
under consumers of the missions' own, apart from earning's): each pull's new events at once (``subscribe_many``). A
pull with an account whose registration has not arrived yet is handled one event at a time, and that account's event
tried again later (the same longer back-off as earning's)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import UTC
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from points_service.missions.domain import LOTTERY_GAME_TYPE, Activity, Happening
from points_service.missions.service import count_all
from portal_events import GamesBetSettledV1, LotteryBetSettledV1, WalletDepositCreditedV1
from portal_kit.db import Database
from portal_kit.messaging.consumer import PortalBroker, subscribe_many

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


HANDLERS: tuple[tuple[Any, str, Callable[[AsyncSession, Any], Awaitable[None]]], ...] = (
    (GamesBetSettledV1, "mission_game_bet", game_bets),
    (LotteryBetSettledV1, "mission_lottery_bet", lottery_bets),
    (WalletDepositCreditedV1, "mission_deposit", deposits),
)


def missions_subscription() -> Callable[[PortalBroker, Database], None]:
    def register(broker: PortalBroker, db: Database) -> None:
        for event, name, handler in HANDLERS:
            subscribe_many(
                broker, service="points", handler_name=name, event=event, db=db, handler=handler, batch=BATCH,
                max_deliver=MAX_DELIVER, backoff=BACKOFF,
            )  # fmt: skip

    return register
