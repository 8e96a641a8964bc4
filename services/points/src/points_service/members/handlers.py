"""``auth.member.registered.v1``: the account becomes known (its type decides whether it earns), once per event, a
pull's registrations at once."""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy.ext.asyncio import AsyncSession

from points_service.members import repository
from portal_events import AuthMemberRegisteredV1
from portal_kit.db import Database
from portal_kit.messaging.consumer import PortalBroker, subscribe_many


async def know_members(session: AsyncSession, events: list[AuthMemberRegisteredV1]) -> None:
    await repository.know(
        session, [(e.merchant, e.data.accountId, e.data.accountType, e.data.username[:64]) for e in events]
    )


def members_subscription() -> Callable[[PortalBroker, Database], None]:
    def register(broker: PortalBroker, db: Database) -> None:
        subscribe_many(
            broker, service="points", handler_name="know_member", event=AuthMemberRegisteredV1, db=db,
            handler=know_members, batch=128,
        )  # fmt: skip

    return register
