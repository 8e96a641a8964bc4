"""The events the wallet publishes (contracts in proto/schemas/wallet), written to the outbox in the
transaction of the change they tell of, as the models generated from their contracts."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel
from sqlalchemy.ext.asyncio import AsyncSession

from portal_events import (
    WalletBonusForfeitedV1,
    WalletBonusForfeitedV1Data,
    WalletDepositCreditedV1,
    WalletDepositCreditedV1Data,
    WalletDepositFailedV1,
    WalletDepositFailedV1Data,
    WalletWithdrawalApprovedV1,
    WalletWithdrawalApprovedV1Data,
    WalletWithdrawalPaidV1,
    WalletWithdrawalPaidV1Data,
    WalletWithdrawalRejectedV1,
    WalletWithdrawalRejectedV1Data,
)
from portal_kit.messaging.events import new_event
from portal_kit.messaging.outbox import add_event


def stamp(moment: datetime) -> str:
    return moment.isoformat().replace("+00:00", "Z")


def _publish(session: AsyncSession, kind: type[BaseModel], merchant: str, data: BaseModel) -> None:
    add_event(session, new_event(kind, merchant, data))


def deposit_credited(session: AsyncSession, merchant: str, data: WalletDepositCreditedV1Data) -> None:
    _publish(session, WalletDepositCreditedV1, merchant, data)


def bonus_forfeited(session: AsyncSession, merchant: str, data: WalletBonusForfeitedV1Data) -> None:
    _publish(session, WalletBonusForfeitedV1, merchant, data)


def deposit_failed(session: AsyncSession, merchant: str, data: WalletDepositFailedV1Data) -> None:
    _publish(session, WalletDepositFailedV1, merchant, data)


def withdrawal_approved(session: AsyncSession, merchant: str, data: WalletWithdrawalApprovedV1Data) -> None:
    _publish(session, WalletWithdrawalApprovedV1, merchant, data)


def withdrawal_rejected(session: AsyncSession, merchant: str, data: WalletWithdrawalRejectedV1Data) -> None:
    _publish(session, WalletWithdrawalRejectedV1, merchant, data)


def withdrawal_paid(session: AsyncSession, merchant: str, data: WalletWithdrawalPaidV1Data) -> None:
    _publish(session, WalletWithdrawalPaidV1, merchant, data)
