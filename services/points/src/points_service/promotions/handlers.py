"""The events promotions count (``consumers.py`` hands each pull over in the inbox claim's transaction): credited
deposits earn the bonuses of the promotions their members joined; settled bets (games, lottery: a lottery bet is of
game type ``LOTT``) count toward active bonuses and the day's net play; a withdrawal that forfeited bonuses in the
wallet closes them."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from points_service.promotions import service
from points_service.promotions.domain import GameType
from points_service.promotions.service import Bet, Deposit
from portal_events import GamesBetSettledV1, LotteryBetSettledV1, WalletBonusForfeitedV1, WalletDepositCreditedV1

BATCH = 128


async def deposits(session: AsyncSession, events: list[WalletDepositCreditedV1]) -> None:
    # In account order, so two pulls never take the members' rows the other way round.
    for event in sorted(events, key=lambda e: (e.merchant, e.data.accountId, e.data.creditedAt)):
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


async def bonuses_forfeited(session: AsyncSession, events: list[WalletBonusForfeitedV1]) -> None:
    for event in events:
        await service.forfeited_by_withdrawal(session, event.merchant, event.data.accountId, event.data.grantIds)
