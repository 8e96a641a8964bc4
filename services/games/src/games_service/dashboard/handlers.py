"""Every settled bet counts into its brand's UTC day, vendor and game type, once per event (the kit's inbox claims
it in the same transaction): the games' own ``games.bet.settled.v1`` (in-house and Hub88 rounds) and
``lottery.bet.settled.v1`` (as game type ``LOTT``), off the paths that take the bets."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from sqlalchemy.ext.asyncio import AsyncSession

from games_service.dashboard.models import PlayDay
from games_service.records.handlers import LOTTERY_GAME_TYPE
from portal_events import GamesBetSettledV1, LotteryBetSettledV1
from portal_kit.daily import add_to_day, day_of
from portal_kit.db import Database
from portal_kit.messaging.consumer import PortalBroker, subscribe


async def _count(
    session: AsyncSession, merchant: str, at: datetime, vendor: str, game_type: str, currency: str,
    stake: int, win: int, valid_bet: int,
) -> None:  # fmt: skip
    key = {"merchant": merchant, "day": day_of(at), "vendor": vendor, "game_type": game_type, "currency": currency}
    await add_to_day(session, PlayDay, key, {"bets": 1, "stake": stake, "win": win, "valid_bet": valid_bet})


async def count_game_bet(session: AsyncSession, event: GamesBetSettledV1) -> None:
    d = event.data
    await _count(session, event.merchant, d.settledAt, d.vendor, d.gameType, d.currency, d.stake, d.win, d.validBet)


async def count_lottery_bet(session: AsyncSession, event: LotteryBetSettledV1) -> None:
    d = event.data
    await _count(
        session, event.merchant, d.settledAt, d.vendor, LOTTERY_GAME_TYPE, d.currency, d.stake, d.win, d.validBet
    )


def play_days_subscription() -> Callable[[PortalBroker, Database], None]:
    def register(broker: PortalBroker, db: Database) -> None:
        subscribe(
            broker, service="games", handler_name="count_game_bet", event=GamesBetSettledV1, db=db,
            handler=count_game_bet, batch=64,
        )  # fmt: skip
        subscribe(
            broker, service="games", handler_name="count_lottery_bet", event=LotteryBetSettledV1, db=db,
            handler=count_lottery_bet, batch=64,
        )  # fmt: skip

    return register
