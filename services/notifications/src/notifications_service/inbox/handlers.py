"""The wallet's money events become inbox messages (in the consumer's transaction with its inbox claim, so a
redelivered event makes one message), and once committed the member's sockets are nudged. A won lottery bet
only nudges: the balance moved, there is nothing to keep."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from pydantic import BaseModel
from sqlalchemy.ext.asyncio import AsyncSession

from notifications_service.inbox.domain import MessageKind
from notifications_service.inbox.models import MemberMessage
from notifications_service.push.subjects import encoded, subject_of
from portal_events import (
    LotteryBetSettledV1,
    NotificationsPush,
    WalletDepositCreditedV1,
    WalletDepositFailedV1,
    WalletWithdrawalApprovedV1,
    WalletWithdrawalPaidV1,
    WalletWithdrawalRejectedV1,
)
from portal_kit.db import Database
from portal_kit.messaging.consumer import AfterCommit, PortalBroker, subscribe

MoneyEvent = (
    WalletDepositCreditedV1
    | WalletDepositFailedV1
    | WalletWithdrawalApprovedV1
    | WalletWithdrawalRejectedV1
    | WalletWithdrawalPaidV1
)


def message_of(event: MoneyEvent) -> MemberMessage:
    """The inbox message telling the member of ``event``: its kind, amount, currency, time and reason."""
    data = event.data
    reason: str | None = getattr(data, "reason", None)
    when: datetime
    match event:
        case WalletDepositCreditedV1():
            kind, reference, when = MessageKind.DEPOSIT_CREDITED, event.data.depositId, event.data.creditedAt
        case WalletDepositFailedV1():
            kind, reference, when = MessageKind.DEPOSIT_FAILED, event.data.depositId, event.data.failedAt
        case WalletWithdrawalApprovedV1():
            kind, reference, when = MessageKind.WITHDRAWAL_APPROVED, event.data.withdrawalId, event.data.approvedAt
        case WalletWithdrawalRejectedV1():
            kind, reference, when = MessageKind.WITHDRAWAL_REJECTED, event.data.withdrawalId, event.data.rejectedAt
        case WalletWithdrawalPaidV1():
            kind, reference, when = MessageKind.WITHDRAWAL_PAID, event.data.withdrawalId, event.data.paidAt
    return MemberMessage(
        merchant=event.merchant, account_id=data.accountId, kind=kind.value, amount=data.amount,
        currency=data.currency, reference=str(reference), reason=reason or None, occurred_at=when,
    )  # fmt: skip


def nudge(broker: PortalBroker, push: NotificationsPush) -> AfterCommit:
    async def after() -> None:
        await broker.publish(encoded(push), subject_of(push))  # core NATS: no stream holds the nudges

    return after


def money_subscriptions() -> list[Callable[[PortalBroker, Database], None]]:
    def register(broker: PortalBroker, db: Database) -> None:
        async def keep(session: AsyncSession, event: BaseModel) -> AfterCommit:
            assert isinstance(event, MoneyEvent)
            session.add(message_of(event))
            return nudge(
                broker, NotificationsPush(kind="inbox", merchant=event.merchant, accountId=event.data.accountId)
            )

        for model, name in (
            (WalletDepositCreditedV1, "deposit_credited"),
            (WalletDepositFailedV1, "deposit_failed"),
            (WalletWithdrawalApprovedV1, "withdrawal_approved"),
            (WalletWithdrawalRejectedV1, "withdrawal_rejected"),
            (WalletWithdrawalPaidV1, "withdrawal_paid"),
        ):
            subscribe(broker, service="notifications", handler_name=name, event=model, db=db, handler=keep)

        async def won(session: AsyncSession, event: BaseModel) -> AfterCommit | None:
            assert isinstance(event, LotteryBetSettledV1)
            if event.data.win <= 0:
                return None
            return nudge(
                broker, NotificationsPush(kind="balance", merchant=event.merchant, accountId=event.data.accountId)
            )

        subscribe(
            broker, service="notifications", handler_name="lottery_win", event=LotteryBetSettledV1, db=db, handler=won
        )

    return [register]
