"""The events the wallet publishes (contracts in proto/schemas/wallet), written to the outbox in the
transaction of the change they tell of."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from portal_kit.messaging.events import Event
from portal_kit.messaging.outbox import add_event

DEPOSIT_CREDITED = "wallet.deposit.credited.v1"
DEPOSIT_FAILED = "wallet.deposit.failed.v1"
WITHDRAWAL_APPROVED = "wallet.withdrawal.approved.v1"
WITHDRAWAL_REJECTED = "wallet.withdrawal.rejected.v1"


def stamp(moment: datetime) -> str:
    return moment.isoformat().replace("+00:00", "Z")


def publish(session: AsyncSession, subject: str, merchant: str, data: dict[str, Any]) -> None:
    add_event(session, Event(subject, merchant, data))
