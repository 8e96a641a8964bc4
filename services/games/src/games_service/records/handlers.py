"""``lottery.bet.settled.v1`` writes the lottery bet's record, so the member's betting record, profit and loss,
recent games and the winners board show lottery bets beside the games'. Runs in the consumer's transaction
with its inbox claim (a redelivered event makes one record); the lottery announced the bet itself, so no
``games.bet.settled.v1`` follows."""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy.ext.asyncio import AsyncSession

from games_service.records import service as records
from games_service.records.domain import SettledBet
from portal_events import LotteryBetSettledV1
from portal_kit.db import Database
from portal_kit.messaging.consumer import PortalBroker, subscribe

LOTTERY_GAME_TYPE = "LOTT"


async def record_lottery_bet(session: AsyncSession, event: LotteryBetSettledV1) -> None:
    bet = event.data
    settled = SettledBet(
        vendor=bet.vendor, round_id=str(bet.betId), merchant=event.merchant, account_id=bet.accountId,
        player_name=bet.playerName, game_type=LOTTERY_GAME_TYPE, game_code=bet.gameCode, currency=bet.currency,
        stake=bet.stake, valid_bet=bet.validBet, win=bet.win, settled_at=bet.settledAt,
    )  # fmt: skip
    await records.add(session, settled, announce=False)


def lottery_bets_subscription() -> Callable[[PortalBroker, Database], None]:
    def register(broker: PortalBroker, db: Database) -> None:
        subscribe(
            broker,
            service="games",
            handler_name="record_lottery_bet",
            event=LotteryBetSettledV1,
            db=db,
            handler=record_lottery_bet,
        )

    return register
