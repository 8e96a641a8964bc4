"""Registrations place their accounts in the tree, once per event (the kit's inbox claims it in the same
transaction)."""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy.ext.asyncio import AsyncSession

from agent_contracts_service.team import service
from agent_contracts_service.team.domain import Placement, joins_team, upline_of
from portal_events import AuthMemberRegisteredV1
from portal_kit.db import Database
from portal_kit.messaging.consumer import AfterCommit, PortalBroker, subscribe

SERVICE = "agent-contracts"


async def registered(session: AsyncSession, event: AuthMemberRegisteredV1) -> AfterCommit | None:
    data = event.data
    account_type = int(data.accountType)
    if not joins_team(account_type):
        return None
    account_id = str(data.accountId)
    placement = Placement(account_id, data.username, account_type, upline_of(account_id, data.uplineId))
    await service.place(session, event.merchant, placement, event.occurredAt)
    return None


def team_subscriptions() -> list[Callable[[PortalBroker, Database], None]]:
    def register(broker: PortalBroker, db: Database) -> None:
        subscribe(
            broker, service=SERVICE, handler_name="member_registered", event=AuthMemberRegisteredV1, db=db,
            handler=registered,
        )  # fmt: skip

    return [register]
