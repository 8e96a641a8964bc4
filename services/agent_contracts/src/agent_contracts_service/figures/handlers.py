"""Settled bets (games, lottery), credited deposits and paid withdrawals grow their member's hour, once per event
(the kit's inbox claims it in the same transaction)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from agent_contracts_service.figures import service
from agent_contracts_service.figures.domain import deposit, withdrawal
from portal_events import GamesBetSettledV1, LotteryBetSettledV1, WalletDepositCreditedV1, WalletWithdrawalPaidV1
from portal_kit.db import Database
from portal_kit.messaging.consumer import AfterCommit, PortalBroker, subscribe

SERVICE = "agent-contracts"


async def game_bet(session: AsyncSession, event: GamesBetSettledV1) -> AfterCommit | None:
    d = event.data
    await service.count_bet(session, event.merchant, d.accountId, d.settledAt, d.currency, d.stake, d.win, d.validBet)
    return None


async def lottery_bet(session: AsyncSession, event: LotteryBetSettledV1) -> AfterCommit | None:
    d = event.data
    await service.count_bet(session, event.merchant, d.accountId, d.settledAt, d.currency, d.stake, d.win, d.validBet)
    return None


async def deposit_credited(session: AsyncSession, event: WalletDepositCreditedV1) -> AfterCommit | None:
    d = event.data
    await service.count(session, event.merchant, d.accountId, d.creditedAt, d.currency, deposit(d.amount))
    return None


async def withdrawal_paid(session: AsyncSession, event: WalletWithdrawalPaidV1) -> AfterCommit | None:
    d = event.data
    await service.count(session, event.merchant, d.accountId, d.paidAt, d.currency, withdrawal(d.amount))
    return None


HANDLERS: tuple[tuple[Any, str, Callable[[AsyncSession, Any], Awaitable[AfterCommit | None]]], ...] = (
    (GamesBetSettledV1, "games_bet_settled", game_bet),
    (LotteryBetSettledV1, "lottery_bet_settled", lottery_bet),
    (WalletDepositCreditedV1, "deposit_credited", deposit_credited),
    (WalletWithdrawalPaidV1, "withdrawal_paid", withdrawal_paid),
)


def figures_subscriptions() -> list[Callable[[PortalBroker, Database], None]]:
    def register(broker: PortalBroker, db: Database) -> None:
        for event, name, handler in HANDLERS:
            subscribe(broker, service=SERVICE, handler_name=name, event=event, db=db, handler=handler)

    return [register]
