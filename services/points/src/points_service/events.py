"""The events the points service publishes (contracts in proto/schemas/points), written to the outbox in the
transaction of the change they tell of, as the models generated from their contracts."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from portal_events import (
    PointsBonusReleasedV1,
    PointsBonusReleasedV1Data,
    PointsConversionPaidV1,
    PointsConversionPaidV1Data,
    PointsMissionClaimedV1,
    PointsMissionClaimedV1Data,
    PointsMissionCompletedV1,
    PointsMissionCompletedV1Data,
)
from portal_kit.messaging.events import new_event
from portal_kit.messaging.outbox import add_event


def bonus_released(session: AsyncSession, merchant: str, data: PointsBonusReleasedV1Data) -> None:
    add_event(session, new_event(PointsBonusReleasedV1, merchant, data))


def conversion_paid(session: AsyncSession, merchant: str, data: PointsConversionPaidV1Data) -> None:
    add_event(session, new_event(PointsConversionPaidV1, merchant, data))


def mission_completed(session: AsyncSession, merchant: str, data: PointsMissionCompletedV1Data) -> None:
    add_event(session, new_event(PointsMissionCompletedV1, merchant, data))


def mission_claimed(session: AsyncSession, merchant: str, data: PointsMissionClaimedV1Data) -> None:
    add_event(session, new_event(PointsMissionClaimedV1, merchant, data))
