"""Helpers shared by the wallet tests."""

from __future__ import annotations

from portal_kit.db import Database
from portal_kit.messaging.events import Event
from wallet_service.accounts.handlers import open_wallets


async def open_member(db: Database, account_id: str, *, account_type: int = 0, currency: str = "TRY") -> None:
    event = Event("auth.member.registered.v1", "turkeyf2", {"accountId": account_id, "accountType": account_type})
    async with db.transaction() as session:
        await open_wallets(session, event, currency, 200_000)
