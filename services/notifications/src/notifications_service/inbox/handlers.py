"""The wallet's money events and the points service's rewards paid (a bonus released, points converted to cash)
become inbox messages (written by the statement that claims the event in the
consumer's inbox, so a redelivered event makes one message), and once committed the message is pushed to the
member's sockets as it was stored. A won lottery bet only nudges: the balance moved, there is nothing to keep."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from pydantic import BaseModel
from sqlalchemy.ext.asyncio import AsyncSession

from notifications_service.inbox import repository
from notifications_service.inbox.domain import MessageKind, encoded, pushed, subject_of
from notifications_service.inbox.models import MemberMessage
from portal_events import (
    LotteryBetSettledV1,
    NotificationsPush,
    PointsBonusReleasedV1,
    PointsConversionPaidV1,
    PointsMissionClaimedV1,
    PointsMissionCompletedV1,
    WalletDepositCreditedV1,
    WalletDepositFailedV1,
    WalletWithdrawalApprovedV1,
    WalletWithdrawalPaidV1,
    WalletWithdrawalRejectedV1,
)
from portal_kit.db import Database
from portal_kit.messaging.consumer import AfterCommit, PortalBroker, RowEffect, subscribe, subscribe_row

MoneyEvent = (
    PointsBonusReleasedV1
    | PointsConversionPaidV1
    | WalletDepositCreditedV1
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
        case PointsBonusReleasedV1():
            kind, reference, when = MessageKind.BONUS_RELEASED, event.data.grantId, event.data.releasedAt
        case PointsConversionPaidV1():
            kind, reference, when = MessageKind.POINTS_CONVERTED, str(event.data.conversionId), event.data.paidAt
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


def push_stored(broker: PortalBroker, message: MemberMessage) -> AfterCommit:
    """After the commit (which gave ``message`` its id): the message itself to the member's sockets."""

    async def after() -> None:
        push = pushed(message)
        await broker.publish(encoded(push), subject_of(push))

    return after


def money_subscriptions() -> list[Callable[[PortalBroker, Database], None]]:
    def register(broker: PortalBroker, db: Database) -> None:
        def keep(event: BaseModel) -> RowEffect:
            assert isinstance(event, MoneyEvent)
            message = message_of(event)
            return RowEffect(row=message, then=push_stored(broker, message))

        for model, name in (
            (WalletDepositCreditedV1, "deposit_credited"),
            (WalletDepositFailedV1, "deposit_failed"),
            (WalletWithdrawalApprovedV1, "withdrawal_approved"),
            (WalletWithdrawalRejectedV1, "withdrawal_rejected"),
            (WalletWithdrawalPaidV1, "withdrawal_paid"),
            (PointsBonusReleasedV1, "bonus_released"),
            (PointsConversionPaidV1, "points_converted"),
        ):
            subscribe_row(broker, service="notifications", handler_name=name, event=model, db=db, handler=keep)

        def won(event: BaseModel) -> RowEffect:
            assert isinstance(event, LotteryBetSettledV1)
            if event.data.win <= 0:
                return RowEffect()
            push = NotificationsPush(kind="balance", merchant=event.merchant, accountId=event.data.accountId)
            return RowEffect(then=nudge(broker, push))

        subscribe_row(
            broker, service="notifications", handler_name="lottery_win", event=LotteryBetSettledV1, db=db, handler=won
        )

        async def mission_completed(session: AsyncSession, event: PointsMissionCompletedV1) -> AfterCommit:
            """A reward ready to claim: a message to the member (pushed once committed) and the mission on the badge."""
            message = MemberMessage(
                merchant=event.merchant, account_id=event.data.accountId, kind=MessageKind.MISSION_COMPLETED.value,
                title="", body="", amount=None, currency=None, reference=str(event.data.missionId),
                reason=None, occurred_at=event.data.completedAt,
            )  # fmt: skip
            await repository.keep(session, message)
            await repository.mark_mission(
                session, event.merchant, event.data.accountId, event.data.missionId, "completed"
            )
            return push_stored(broker, message)

        async def mission_claimed(session: AsyncSession, event: PointsMissionClaimedV1) -> AfterCommit:
            await repository.mark_mission(
                session, event.merchant, event.data.accountId, event.data.missionId, "claimed"
            )
            push = NotificationsPush(kind="balance", merchant=event.merchant, accountId=event.data.accountId)
            return nudge(broker, push)  # the badges are read again

        subscribe(broker, service="notifications", handler_name="mission_completed", event=PointsMissionCompletedV1,
                  db=db, handler=mission_completed)  # fmt: skip
        subscribe(broker, service="notifications", handler_name="mission_claimed", event=PointsMissionClaimedV1,
                  db=db, handler=mission_claimed)  # fmt: skip

    return [register]
