"""``auth.member.registered.v1``: the account becomes known (its type decides whether it earns), once per event."""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy.ext.asyncio import AsyncSession

from points_service.members import repository
from portal_events import AuthMemberRegisteredV1
from portal_kit.db import Database
from portal_kit.messaging.consumer import PortalBroker, subscribe


async def know_member(session: AsyncSession, event: AuthMemberRegisteredV1) -> None:
    await repository.know(session, event.merchant, event.data.accountId, event.data.accountType)


def members_subscription() -> Callable[[PortalBroker, Database], None]:
    def register(broker: PortalBroker, db: Database) -> None:
        subscribe(
            broker, service="points", handler_name="know_member", event=AuthMemberRegisteredV1, db=db,
            handler=know_member,
        )  # fmt: skip

    return register
