"""Reconciliation: ``python -m wallet_service.reconcile`` proves that every balance equals its journal and that
each brand's money in each currency sums to zero; it prints every difference and exits 1 when there is one. The
checks are the ledger's (``ledger.service.differences``, its statements in ``ledger/repository.py``)."""

from __future__ import annotations

import asyncio
import json
import sys

from portal_kit.db import Database
from wallet_service.ledger.service import differences
from wallet_service.settings import WalletSettings

__all__ = ["differences"]


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
