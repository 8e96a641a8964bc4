"""The wallet worker SIGKILLed in the middle of a stream of registrations loses and duplicates nothing."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import nats
from sqlalchemy import func, select

from portal_events import AuthMemberRegisteredV1
from portal_kit.db import Database
from portal_kit.messaging.events import new_event
from portal_kit.messaging.inbox import InboxMessage
from portal_kit.messaging.relay import ensure_stream
from portal_kit.migrations import upgrade
from portal_kit.testing.events import shorten_ack_wait
from portal_kit.testing.plugin import PortalServers, reset_database
from portal_stack.harness import site_worker_process
from site_service.seed import seed
from wallet_service.ledger.models import LedgerAccount, MoneyTransaction

SITE_MIGRATIONS = Path(__file__).resolve().parents[2] / "site" / "migrations"
EVENTS = 300


async def opened(db: Database) -> int:
    async with db.reader() as session:
        return int(
            await session.scalar(
                select(func.count()).select_from(LedgerAccount).where(LedgerAccount.owner_id != "house")
            )
            or 0
        )


def start_worker(env: dict[str, str], log: Path) -> subprocess.Popen[bytes]:
    with log.open("ab") as handle:
        return subprocess.Popen(
            [sys.executable, "-m", "wallet_service.worker"], env=env, stdout=handle, stderr=subprocess.STDOUT
        )


async def test_killed_worker_loses_and_duplicates_no_event(
    portal_servers: PortalServers, wallet_db: Database, wallet_database_url: str
) -> None:
    site_url = portal_servers.database("site_for_wallet")
    upgrade(SITE_MIGRATIONS, site_url)
    await reset_database(site_url)
    site_db = Database(site_url, pool_size=1)
    await seed(site_db)
    await site_db.dispose()
    site = site_worker_process(
        site_url, portal_servers.redis_url, portal_servers.nats_url, portal_servers.root / "logs"
    )
    site.start()
    site.wait_ready(60)

    nc = await nats.connect(portal_servers.nats_url)
    js = nc.jetstream()
    await ensure_stream(js, "AUTH", ["auth.>"])
    trials = 0
    for n in range(EVENTS):
        account_type = 4 if n % 3 == 0 else 0
        trials += account_type == 4
        data = {
            "accountId": str(uuid.uuid4()),
            "username": f"u{n}",
            "accountType": account_type,
            "uplineId": None,
            "registerMethod": "USERNAME",
        }
        event = new_event(AuthMemberRegisteredV1, "turkeyf2", data)
        await js.publish(event.subject, event.model_dump_json().encode(), headers={"Nats-Msg-Id": event.id})
    await nc.close()

    env = {
        **os.environ,
        "WALLET_DATABASE_URL": wallet_database_url,
        "NATS_URL": portal_servers.nats_url,
        "REDIS_URL": portal_servers.redis_url,
    }
    log = portal_servers.root / "logs" / "wallet-worker-kill.log"
    try:
        worker = start_worker(env, log)
        deadline = time.monotonic() + 60
        while await opened(wallet_db) < 20 and time.monotonic() < deadline:
            await asyncio.sleep(0.02)
        worker.send_signal(signal.SIGKILL)  # no goodbye: whatever was in flight is simply gone
        worker.wait()
        at_kill = await opened(wallet_db)
        assert 20 <= at_kill < EVENTS, f"the kill should land mid-stream (opened {at_kill})"

        # The pull the killed worker held comes back after the consumer's ack wait: 5 s here rather than 30.
        await shorten_ack_wait(portal_servers.nats_url, "AUTH", "wallet__open_wallets", 5)
        worker = start_worker(env, log)
        deadline = time.monotonic() + 90
        while await opened(wallet_db) < EVENTS and time.monotonic() < deadline:
            await asyncio.sleep(0.1)
        await asyncio.sleep(1.0)  # time for any duplicate to show
        worker.send_signal(signal.SIGTERM)
        worker.wait(30)
    finally:
        site.stop()

    async with wallet_db.reader() as session:
        inbox = await session.scalar(select(func.count()).select_from(InboxMessage))
        grants = await session.scalar(
            select(func.count()).select_from(MoneyTransaction).where(MoneyTransaction.kind == "grant")
        )
        freeplay = (await session.scalars(select(LedgerAccount.balance).where(LedgerAccount.kind == "freeplay"))).all()
    assert await opened(wallet_db) == EVENTS
    assert inbox == EVENTS
    assert grants == trials
    assert freeplay == [200_000] * trials
