"""The points worker SIGKILLed in the middle of a stream of bets (its pulls taken a hundred at a time) earns every
bet's points exactly once: nothing lost, nothing twice, each balance the sum of its entries."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

from points_helpers import UNIT, Points, game_bet, registered
from sqlalchemy import func, select

from points_service.ledger.models import PointAccount, PointEntry
from portal_kit.db import Database
from portal_kit.testing.events import consumed, eventually, shorten_ack_wait
from portal_kit.testing.plugin import PortalServers, reset_streams

MEMBERS, BETS = 20, 2_000


async def entries(db: Database) -> int:
    async with db.reader() as session:
        return int(await session.scalar(select(func.count()).select_from(PointEntry)) or 0)


def start_worker(env: dict[str, str], log: Path) -> subprocess.Popen[bytes]:
    with log.open("ab") as handle:
        return subprocess.Popen(
            [sys.executable, "-m", "points_service.worker"], env=env, stdout=handle, stderr=subprocess.STDOUT
        )


async def test_a_killed_worker_earns_every_bet_once(
    points: Points, portal_servers: PortalServers, points_database_url: str
) -> None:
    await points.seeded()
    await reset_streams(portal_servers.nats_url)
    members = [str(uuid.uuid4()) for _ in range(MEMBERS)]
    env = {
        **os.environ, "POINTS_DATABASE_URL": points_database_url, "NATS_URL": portal_servers.nats_url,
        "REDIS_URL": portal_servers.redis_url, "POINTS_ENVIRONMENT": "test",  # the development raffle seed key allowed
    }  # fmt: skip
    log = portal_servers.root / "logs" / "points-worker-kill.log"
    worker = start_worker(env, log)
    try:
        await points.consumed("AUTH", "registered", 0)  # the worker made its streams and consumers
        await points.consumed("GAMES", "game_bet", 0)
        for member in members:
            await points.publish(registered(member))
        await points.consumed("AUTH", "registered", MEMBERS)
        for n in range(BETS):  # each a whole unit: one point, one entry
            await points.publish(game_bet(members[n % MEMBERS], UNIT))
        deadline = time.monotonic() + 60
        while await entries(points.db) < 200 and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
        worker.send_signal(signal.SIGKILL)  # no goodbye: whatever was in flight is simply gone
        worker.wait()
        at_kill = await entries(points.db)
        assert 200 <= at_kill < BETS, f"the kill should land mid-stream ({at_kill} entries)"

        # The pull the killed worker held comes back after the consumer's ack wait: 5 s here rather than 30.
        await shorten_ack_wait(portal_servers.nats_url, "GAMES", "points__game_bet", 5)
        worker = start_worker(env, log)
        await eventually(lambda: consumed(portal_servers.nats_url, "GAMES", "points__game_bet", BETS), timeout=90)
        await asyncio.sleep(1.0)  # time for any duplicate to show
    finally:
        worker.send_signal(signal.SIGTERM)
        worker.wait(30)

    assert await entries(points.db) == BETS
    async with points.db.reader() as session:
        balances = (await session.scalars(select(PointAccount.balance))).all()
        sources = await session.scalar(select(func.count(func.distinct(PointEntry.source))))
    assert sorted(balances) == [BETS // MEMBERS] * MEMBERS
    assert sources == BETS
