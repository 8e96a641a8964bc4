"""Helpers shared by the wallet tests."""

from __future__ import annotations

from portal_kit.db import Database
from wallet_service.accounts.handlers import NewAccount, open_wallets


async def open_member(db: Database, account_id: str, *, account_type: int = 0, currency: str = "TRY") -> None:
    async with db.transaction() as session:
        await open_wallets(session, "turkeyf2", NewAccount(account_id, account_type), currency, 200_000)
