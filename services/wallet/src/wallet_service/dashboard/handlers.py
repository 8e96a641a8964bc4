"""The wallet's own ``wallet.deposit.credited.v1`` and ``wallet.withdrawal.paid.v1`` count into their brand's day,
once per event (the kit's inbox claims it in the same transaction), off the paths that move the money."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from sqlalchemy.ext.asyncio import AsyncSession

from portal_events import WalletDepositCreditedV1, WalletWithdrawalPaidV1
from portal_kit.daily import add_to_day, day_of
from portal_kit.db import Database
from portal_kit.messaging.consumer import PortalBroker, subscribe
from wallet_service.dashboard.models import MoneyDay


async def _count(session: AsyncSession, merchant: str, at: datetime, currency: str, amounts: dict[str, int]) -> None:
    await add_to_day(session, MoneyDay, {"merchant": merchant, "day": day_of(at), "currency": currency}, amounts)


async def count_deposit(session: AsyncSession, event: WalletDepositCreditedV1) -> None:
    d = event.data
    await _count(session, event.merchant, d.creditedAt, d.currency, {"deposits": 1, "deposited": d.amount})


async def count_withdrawal(session: AsyncSession, event: WalletWithdrawalPaidV1) -> None:
    d = event.data
    await _count(session, event.merchant, d.paidAt, d.currency, {"withdrawals": 1, "withdrawn": d.amount})


def money_days_subscription() -> Callable[[PortalBroker, Database], None]:
    def register(broker: PortalBroker, db: Database) -> None:
        subscribe(
            broker, service="wallet", handler_name="count_deposit", event=WalletDepositCreditedV1, db=db,
            handler=count_deposit, batch=64,
        )  # fmt: skip
        subscribe(
            broker, service="wallet", handler_name="count_withdrawal", event=WalletWithdrawalPaidV1, db=db,
            handler=count_withdrawal, batch=64,
        )  # fmt: skip

    return register
