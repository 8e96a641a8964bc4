"""A member's points."""

from __future__ import annotations

from points_service.ledger import repository
from points_service.ledger.schemas import PointBalanceRead
from portal_kit.db import Database


async def balance(db: Database, merchant: str, account_id: str) -> PointBalanceRead:
    async with db.reader() as session:
        found = await repository.account(session, merchant, account_id)
    if found is None:
        return PointBalanceRead(balance=0, earned=0, spent=0)
    return PointBalanceRead(balance=found.balance, earned=found.earned, spent=found.spent)
