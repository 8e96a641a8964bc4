"""Exactly once with a real worker process killed by SIGKILL (issue 45, item 3): the agent-contracts worker, settling
on its own clock, started and killed at random moments (while it claims, writes lines, asks the wallet or marks what
it paid), then started for good: every line is paid, each credited once by the real wallet (its money responder over
its own database: one salary record per line, the agents' balances), each window's amount what its bets earn. The
suite kills it 8 times; ``./portal agent-contracts:kills`` the full 20 (``SETTLEMENT_KILLS``)."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import test_settlement
from agent_contracts_helpers import AgentContracts, eventually
from sqlalchemy import update
from test_settlement import MINUTE, Team, Wallet, bet, lines, realtime_team

from agent_contracts_service.contracts.domain import Kind
from agent_contracts_service.contracts.models import Contract
from agent_contracts_service.settings import AgentContractsSettings
from agent_contracts_service.settlement.domain import first_period, floor_period
from agent_contracts_service.settlement.models import SettlementCursor, SettlementLine
from portal_kit.testing.plugin import reset_streams

# the fixtures: the real wallet's money responder over its own database (each salary slowed by ``wallet.delay``),
# and the connection it is asked on
wallet, nc = test_settlement.wallet, test_settlement.nc
wallet_for_settlement_url, wallet_for_settlement = (test_settlement.wallet_for_settlement_url,
                                                    test_settlement.wallet_for_settlement)  # fmt: skip
WINDOWS = 36  # three hours of windows, each with a lost bet in each team
KILLS = int(os.environ.get("SETTLEMENT_KILLS", "8"))  # each kill costs the worker's start (seconds)
TEAMS = 8


def start_worker(settings: AgentContractsSettings, log: Path) -> subprocess.Popen[bytes]:
    """The service's worker as it runs in production (``python -m agent_contracts_service.worker``), settling every
    50 ms on its own clock."""
    env = {
        **os.environ, "AGENT_CONTRACTS_DATABASE_URL": settings.database_url, "NATS_URL": settings.nats_url,
        "REDIS_URL": settings.redis_url, "AGENT_CONTRACTS_SETTLEMENT_ENABLED": "true",
        "AGENT_CONTRACTS_SETTLEMENT_INTERVAL_SECONDS": "0.05",
    }  # fmt: skip
    with log.open("ab") as out:
        return subprocess.Popen([sys.executable, "-m", "agent_contracts_service.worker"], env=env, stdout=out,
                                stderr=subprocess.STDOUT)  # fmt: skip


async def progress(ac: AgentContracts) -> tuple[int, int, int, int]:
    """Where settlement stands: cursors, the windows they moved through, lines written, lines paid."""
    cursors = await ac.rows(SettlementCursor)
    found = await ac.rows(SettlementLine)
    return (len(cursors), sum(int(cursor.next_end.timestamp()) for cursor in cursors), len(found),
            sum(line.status == "PAID" for line in found))  # fmt: skip


async def backdated(ac: AgentContracts, team: Team, started_at: datetime) -> Team:
    """The team's contract as if agreed at ``started_at``: its windows since then are due on the worker's clock."""
    async with ac.db.transaction() as session:
        await session.execute(update(Contract).where(Contract.id == team.contract.id).values(started_at=started_at))
    return Team(team.agent, team.members, team.contract, first_period(Kind.REALTIME_SALARY, started_at))


async def test_a_worker_killed_at_random_moments_pays_every_line_once(
    ac: AgentContracts, wallet: Wallet, settings: AgentContractsSettings, tmp_path: Path
) -> None:
    wallet.delay = 0.03  # paying takes a while (288 lines, about 9 s; 50 marked a commit): kills land while it pays
    started_at = floor_period(Kind.REALTIME_SALARY, datetime.now(UTC)) - (WINDOWS + 4) * 5 * MINUTE
    teams = [await backdated(ac, await realtime_team(ac, bet_amount=0), started_at) for _ in range(TEAMS)]
    for t in teams:
        for n in range(WINDOWS):  # a lost bet of 10 000 × (n + 1) in window n: 2 % of it
            await bet(ac, t.members[n % 2], t.first + n * 5 * MINUTE + MINUTE, 10_000 * (n + 1), 0)
    await wallet.register(ac)  # the agents' registrations reached the wallet
    await reset_streams(ac.servers.nats_url)
    chance = random.Random(45)
    log = tmp_path / "worker.log"
    work_left_at_kill = 0
    kills: list[tuple[int, int, int, int]] = []
    started: list[subprocess.Popen[bytes]] = []
    try:
        for _ in range(KILLS):
            before, asked = await progress(ac), wallet.asked.total()
            started.append(process := start_worker(settings, log))
            # once it has started working (its imports and connections take seconds), a random moment of its work
            async with asyncio.timeout(60):
                while before[3] < TEAMS * WINDOWS and await progress(ac) == before and wallet.asked.total() == asked:
                    await asyncio.sleep(0.02)
            await asyncio.sleep(chance.uniform(0, 2.5))
            process.send_signal(signal.SIGKILL)
            assert await asyncio.to_thread(process.wait, 10) == -signal.SIGKILL
            if (after := await progress(ac))[3] < TEAMS * WINDOWS:
                work_left_at_kill += 1
            kills.append(after)
        started.append(process := start_worker(settings, log))  # back for good

        async def all_paid() -> bool:
            rows = await ac.rows(SettlementLine)
            return len(rows) == TEAMS * WINDOWS and all(line.status == "PAID" for line in rows)

        await eventually(all_paid, timeout=120)
        process.send_signal(signal.SIGTERM)
        await asyncio.to_thread(process.wait, 30)
    finally:
        for running in started:  # a failure leaves no worker behind
            if running.poll() is None:
                running.kill()
                running.wait()
    # the kills fell while work was left (lines to write or to pay), not after it
    assert work_left_at_kill >= KILLS // 2, (kills, log.read_text()[-3000:])
    for t in teams:
        found = await lines(ac, t.agent)
        assert [line.period_start for line in found] == [t.first + n * 5 * MINUTE for n in range(WINDOWS)]
        assert [line.amount for line in found] == [200 * (n + 1) for n in range(WINDOWS)]
        assert await wallet.paid_to(t.agent) == 200 * sum(range(1, WINDOWS + 1))
    # one salary record per line, each with the line's content; keys asked again after a kill answered the original
    credits = await wallet.credits()
    assert len(credits) == TEAMS * WINDOWS
    assert any(count > 1 for count in (await wallet.asks()).values())
    assert {line.transaction_id: (line.account_id, line.amount) for line in await ac.rows(SettlementLine)} == credits
