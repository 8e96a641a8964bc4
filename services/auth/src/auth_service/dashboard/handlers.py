"""``auth.member.registered.v1`` (the service's own event) counts the account into its brand's day, once per event
(the kit's inbox claims it in the same transaction)."""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy.ext.asyncio import AsyncSession

from auth_service.dashboard.domain import kind_of
from auth_service.dashboard.models import RegistrationDay
from portal_events import AuthMemberRegisteredV1
from portal_kit.daily import add_to_day, day_of
from portal_kit.db import Database
from portal_kit.messaging.consumer import PortalBroker, subscribe


async def count_registration(session: AsyncSession, event: AuthMemberRegisteredV1) -> None:
    key = {"merchant": event.merchant, "day": day_of(event.occurredAt), "kind": kind_of(event.data.accountType)}
    await add_to_day(session, RegistrationDay, key, {"accounts": 1})


def registrations_subscription() -> Callable[[PortalBroker, Database], None]:
    def register(broker: PortalBroker, db: Database) -> None:
        subscribe(
            broker,
            service="auth",
            handler_name="count_registration",
            event=AuthMemberRegisteredV1,
            db=db,
            handler=count_registration,
            batch=64,  # a pull's registrations in one transaction: one commit for all
        )

    return register
