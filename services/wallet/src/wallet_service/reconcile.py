"""Reconciliation: ``python -m wallet_service.reconcile`` proves that every balance equals its journal and that
each brand's money in each currency sums to zero; it prints every difference and exits 1 when there is one."""

from __future__ import annotations

import asyncio
import json
import sys
from typing import Any

from sqlalchemy import text

from portal_kit.db import Database
from wallet_service.settings import WalletSettings

_BALANCES = text(
    "SELECT a.id, a.merchant, a.currency, a.owner_id, a.kind, a.balance, COALESCE(SUM(e.amount), 0) AS journal "
    "FROM ledger_account a LEFT JOIN journal_entry e ON e.account_id = a.id "
    "GROUP BY a.id HAVING a.balance <> COALESCE(SUM(e.amount), 0)"
)
_TOTALS = text(
    "SELECT merchant, currency, SUM(balance) AS total FROM ledger_account GROUP BY merchant, currency HAVING SUM(balance) <> 0"
)
_UNBALANCED = text(
    "SELECT transaction_id, SUM(amount) AS total FROM journal_entry GROUP BY transaction_id HAVING SUM(amount) <> 0"
)


async def differences(db: Database) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    async with db.reader() as session:
        for row in (await session.execute(_BALANCES)).mappings():
            found.append({"problem": "balance differs from journal", **dict(row)})
        for row in (await session.execute(_TOTALS)).mappings():
            found.append({"problem": "currency does not sum to zero", **dict(row)})
        for row in (await session.execute(_UNBALANCED)).mappings():
            found.append({"problem": "transaction entries do not sum to zero", **dict(row)})
    return found


async def _main() -> int:
    db = Database(WalletSettings().database_url, pool_size=1)
    try:
        found = await differences(db)
    finally:
        await db.dispose()
    for item in found:
        print(json.dumps(item, default=str))
    print(f"reconciliation: {len(found)} difference(s)")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(asyncio.run(_main()))
