"""The events promotions consume, each once through the kit's inbox: credited deposits earn the bonuses of the
promotions their members joined; settled bets (games, lottery: a lottery bet is of game type ``LOTT``) count toward
active bonuses, a whole pull at once; a withdrawal that forfeited bonuses in the wallet closes them."""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy.ext.asyncio import AsyncSession

from points_service.promotions import service
from points_service.promotions.domain import GameType
from points_service.promotions.service import Bet, Deposit
from portal_events import GamesBetSettledV1, LotteryBetSettledV1, WalletBonusForfeitedV1, WalletDepositCreditedV1
from portal_kit.db import Database
from portal_kit.messaging.consumer import PortalBroker, subscribe, subscribe_many

BATCH = 128


async def deposit_credited(session: AsyncSession, event: WalletDepositCreditedV1) -> None:
    data = event.data
    await service.deposit_credited(session, Deposit(
        event.merchant, data.accountId, data.depositId, data.amount, data.depositNumber, data.creditedAt,
    ))  # fmt: skip


async def game_bets(session: AsyncSession, events: list[GamesBetSettledV1]) -> None:
    await service.bets_settled(session, [
        Bet(e.merchant, e.data.accountId, e.data.gameType, e.data.stake, e.data.validBet, e.data.settledAt, e.data.win)
        for e in events
    ])  # fmt: skip


async def lottery_bets(session: AsyncSession, events: list[LotteryBetSettledV1]) -> None:
    await service.bets_settled(session, [
        Bet(e.merchant, e.data.accountId, GameType.LOTT, e.data.stake, e.data.validBet, e.data.settledAt, e.data.win)
        for e in events
    ])  # fmt: skip


async def bonus_forfeited(session: AsyncSession, event: WalletBonusForfeitedV1) -> None:
    await service.forfeited_by_withdrawal(session, event.merchant, event.data.accountId, event.data.grantIds)


def promotions_subscription() -> Callable[[PortalBroker, Database], None]:
    def register(broker: PortalBroker, db: Database) -> None:
        subscribe(broker, service="points", handler_name="bonus_deposit", event=WalletDepositCreditedV1, db=db,
                  handler=deposit_credited)  # fmt: skip
        subscribe(broker, service="points", handler_name="bonus_forfeited", event=WalletBonusForfeitedV1, db=db,
                  handler=bonus_forfeited)  # fmt: skip
        subscribe_many(broker, service="points", handler_name="wagering_game_bet", event=GamesBetSettledV1, db=db,
                       handler=game_bets, batch=BATCH)  # fmt: skip
        subscribe_many(broker, service="points", handler_name="wagering_lottery_bet", event=LotteryBetSettledV1,
                       db=db, handler=lottery_bets, batch=BATCH)  # fmt: skip

    return register
