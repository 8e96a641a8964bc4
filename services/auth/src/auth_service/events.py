"""Events the auth service publishes (contracts in proto/schemas/auth), as the models generated from them."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from auth_service.accounts.models import Account
from portal_events import AuthMemberRegisteredV1, AuthMemberRegisteredV1Data
from portal_kit.messaging.events import new_event
from portal_kit.messaging.outbox import add_event


def member_registered(session: AsyncSession, account: Account) -> None:
    """Written in the registration's transaction: the wallet opens accounts from it, agent-contracts places
    the member in its upline's team."""
    data = AuthMemberRegisteredV1Data(
        accountId=account.id,
        username=account.username,
        accountType=account.account_type,
        uplineId=account.upline_id,
        registerMethod=account.register_method,
    )
    add_event(session, new_event(AuthMemberRegisteredV1, account.merchant, data))
