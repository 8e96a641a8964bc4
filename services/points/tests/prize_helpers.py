"""What the raffle and red envelope tests share: members with a wallet and a username, ops sessions, windows."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta

from points_helpers import MERCHANT, Points

from portal_kit.db import Database
from portal_kit.sessions import OpsRole
from portal_kit.testing.sessions import member_session, ops_session
from wallet_service.accounts.handlers import NewAccount, open_wallets
from wallet_service.money import service as money


async def ops(points: Points, *roles: OpsRole, merchant: str = MERCHANT) -> dict[str, str]:
    token = await ops_session(points.servers.redis_url, "ayse", roles=roles or (OpsRole.ADMIN,), merchants=(merchant,))
    return {"Authorization": token}


async def member(points: Points, wallet_db: Database | None = None, name: str | None = None) -> tuple[str, str]:
    """A member known to the points service (with a main wallet when ``wallet_db`` is given): its account id and a
    session token carrying its username."""
    account_id, _ = await points.member(0)
    if wallet_db is not None:
        async with wallet_db.transaction() as session:
            await open_wallets(session, MERCHANT, NewAccount(account_id, 0, "m"), "TRY", 0)
    username = name or f"m{account_id[:8]}"
    return account_id, await member_session(points.servers.redis_url, MERCHANT, account_id, username=username)


async def cash(wallet_db: Database, account: str) -> int:
    return int((await money.balance(wallet_db, MERCHANT, account))["value"]["balance"])


def window(opens_in: float = -60, closes_in: float = 3600) -> dict[str, str]:
    now = datetime.now(UTC)
    opens, closes = now + timedelta(seconds=opens_in), now + timedelta(seconds=closes_in)
    return {"opensAt": opens.isoformat(), "closesAt": closes.isoformat()}


def request_id() -> str:
    return f"q-{uuid.uuid4()}"
