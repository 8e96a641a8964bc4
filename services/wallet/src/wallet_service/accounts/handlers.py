"""``auth.member.registered.v1`` opens the new account's wallets (``service.open_wallets``), in the consumer's
transaction with its inbox claim, so a redelivery has no second effect."""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy.ext.asyncio import AsyncSession

from portal_events import AuthMemberRegisteredV1
from portal_kit.db import Database
from portal_kit.messaging.consumer import PortalBroker, subscribe
from portal_kit.site import BrandCache
from wallet_service.accounts.service import NewAccount, open_wallets

# Tests of the services that call the wallet open their players' wallets through this module.
__all__ = ["NewAccount", "open_wallets", "registered_subscription"]


def registered_subscription(site: BrandCache, trial_balance: int) -> Callable[[PortalBroker, Database], None]:
    async def handle(session: AsyncSession, event: AuthMemberRegisteredV1) -> None:
        brand = await site.brand(event.merchant)
        new = event.data
        account = NewAccount(new.accountId, new.accountType, new.username, new.uplineId)
        await open_wallets(session, event.merchant, account, brand.currency, trial_balance)

    def register(broker: PortalBroker, db: Database) -> None:
        subscribe(
            broker,
            service="wallet",
            handler_name="open_wallets",
            event=AuthMemberRegisteredV1,
            db=db,
            handler=handle,
        )

    return register
