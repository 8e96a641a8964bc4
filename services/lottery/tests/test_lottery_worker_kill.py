"""The lottery worker as a real process, killed with SIGKILL while it settles an issue: restarted, it pays every
winning bet exactly once and stages one settlement event per bet."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import time

from lottery_helpers import Lottery
from sqlalchemy import func, select, text

from lottery_service.bets.models import Bet
from lottery_service.draws.models import Issue
from lottery_service.settings import LotterySettings
from portal_kit.messaging.outbox import OutboxMessage
from portal_kit.servers import ManagedProcess, free_port
from portal_kit.testing.plugin import PortalServers

FUNDS, STAKE, SLIPS_EACH, BETS_PER_SLIP = 1_000_000, 100, 4, 50
WINS_PAID = text("SELECT count(*) FROM money_transaction WHERE idempotency_key LIKE 'credit:lottery:win:%'")


def worker(settings: LotterySettings, servers: PortalServers) -> ManagedProcess:
    """The real worker, settling one credit at a time so that a kill lands in the middle of the issue."""
    env = {
        "LOTTERY_DATABASE_URL": settings.database_url,
        "REDIS_URL": settings.redis_url,
        "NATS_URL": settings.nats_url,
        "LOTTERY_TICK_SECONDS": "0.1",
        "LOTTERY_SETTLE_CONCURRENCY": "1",
        "LOTTERY_SEED_KEY": settings.seed_key,  # the key the tests' issues were committed under
        "LOTTERY_SEED_KEY_ID": settings.seed_key_id,
    }
    log = servers.root / "logs" / f"lottery-worker-{free_port()}.log"
    return ManagedProcess(
        "lottery-worker", [sys.executable, "-m", "lottery_service.worker"], log, lambda: True, env=env
    )


async def status(lottery: Lottery, issue: str) -> str:
    async with lottery.db.reader() as session:
        found = await session.scalar(select(Issue.status).where(Issue.game_code == "SSC_1M", Issue.issue == issue))
    return str(found)


async def wins_paid(lottery: Lottery) -> int:
    async with lottery.wallet_db.reader() as session:
        return int(await session.scalar(WINS_PAID) or 0)


async def test_a_worker_killed_mid_settlement_pays_every_win_exactly_once(
    lottery: Lottery, lottery_settings: LotterySettings, portal_servers: PortalServers
) -> None:
    players = [await lottery.member(FUNDS, username=f"player{n}") for n in range(3)]
    issue = await lottery.open_issue("SSC_1M")
    for _, token in players:
        for _ in range(SLIPS_EACH):
            slip = [{"betType": "SUM_BIG_SMALL", "option": "BIG" if n % 2 else "SMALL", "stake": STAKE}
                    for n in range(BETS_PER_SLIP)]  # fmt: skip
            assert (await lottery.bet(token, "SSC_1M", issue, slip)).status_code == 200
    total = len(players) * SLIPS_EACH * BETS_PER_SLIP
    await lottery.make_due("SSC_1M", issue)

    first = worker(lottery_settings, portal_servers)
    first.start()
    deadline = time.monotonic() + 60
    while await wins_paid(lottery) == 0:  # the draw is made and the first wins are being paid
        assert time.monotonic() < deadline, first.tail()
        await asyncio.sleep(0.01)
    assert first.process is not None
    os.killpg(first.process.pid, signal.SIGKILL)
    first.process.wait()
    assert await status(lottery, issue) == "drawn", "the kill came after the issue was settled"
    paid_before_restart = await wins_paid(lottery)

    second = worker(lottery_settings, portal_servers)
    second.start()
    try:
        deadline = time.monotonic() + 120
        while await status(lottery, issue) != "settled":
            assert time.monotonic() < deadline, second.tail()
            await asyncio.sleep(0.1)
    finally:
        second.stop()

    async with lottery.db.reader() as session:
        won = int(await session.scalar(select(func.count()).where(Bet.issue == issue, Bet.status == "won")) or 0)
        lost = int(await session.scalar(select(func.count()).where(Bet.issue == issue, Bet.status == "lost")) or 0)
        wins = int(await session.scalar(select(func.coalesce(func.sum(Bet.win), 0)).where(Bet.issue == issue)) or 0)
        events = list(
            await session.scalars(select(OutboxMessage.body).where(OutboxMessage.subject == "lottery.bet.settled.v1"))
        )
    assert won + lost == total and won > 0
    assert 0 < paid_before_restart <= await wins_paid(lottery) == won  # every win once, some paid before the kill
    balances = [await lottery.balance(account) for account, _ in players]
    assert sum(balances) == len(players) * FUNDS - total * STAKE + wins
    assert sorted(event["data"]["betId"] for event in events) == sorted({event["data"]["betId"] for event in events})
    assert len(events) == total
