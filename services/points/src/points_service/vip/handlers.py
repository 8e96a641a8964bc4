"""Settled bets (games, lottery) raise the members' VIP turnover, once per event (the kit's inbox, under consumers of
VIP's own): each pull's new events at once (``subscribe_many``). A pull with an account whose registration has not
arrived yet is handled one event at a time, and that account's event tried again later (earning's longer back-off)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from points_service.vip.service import count_bets
from portal_events import GamesBetSettledV1, LotteryBetSettledV1
from portal_kit.db import Database
from portal_kit.messaging.consumer import PortalBroker, subscribe_many

BACKOFF = (1.0, 5.0, 30.0, 120.0, 600.0)
MAX_DELIVER = 10
BATCH = 128


async def game_bets(session: AsyncSession, events: list[GamesBetSettledV1]) -> None:
    await count_bets(session, [(e.merchant, e.data.accountId, e.data.validBet) for e in events])


async def lottery_bets(session: AsyncSession, events: list[LotteryBetSettledV1]) -> None:
    await count_bets(session, [(e.merchant, e.data.accountId, e.data.validBet) for e in events])


HANDLERS: tuple[tuple[Any, str, Callable[[AsyncSession, Any], Awaitable[None]]], ...] = (
    (GamesBetSettledV1, "vip_game_bet", game_bets),
    (LotteryBetSettledV1, "vip_lottery_bet", lottery_bets),
)


def vip_subscription() -> Callable[[PortalBroker, Database], None]:
    def register(broker: PortalBroker, db: Database) -> None:
        for event, name, handler in HANDLERS:
            subscribe_many(
                broker, service="points", handler_name=name, event=event, db=db, handler=handler, batch=BATCH,
                max_deliver=MAX_DELIVER, backoff=BACKOFF,
            )  # fmt: skip

    return register
