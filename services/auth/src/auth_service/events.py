"""Events the auth service publishes (contracts in proto/schemas/auth)."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from auth_service.accounts.models import Account
from portal_kit.messaging.events import Event
from portal_kit.messaging.outbox import add_event

MEMBER_REGISTERED = "auth.member.registered.v1"


def member_registered(session: AsyncSession, account: Account) -> None:
    """Written in the registration's transaction: the wallet opens accounts from it, agent-contracts places
    the member in its upline's team."""
    add_event(
        session,
        Event(
            MEMBER_REGISTERED,
            account.merchant,
            {
                "accountId": account.id,
                "username": account.username,
                "accountType": account.account_type,
                "uplineId": account.upline_id,
                "registerMethod": account.register_method,
            },
        ),
    )
