"""Settlement on the real servers (PostgreSQL, NATS): real-time salary per 5-minute window, daily wage and hourly
salary the next day, each paid through the money API: the real wallet's ``rpc.wallet.salary`` (its worker's money
responder over its own migrated database, the agents known to it as their registration makes them known), once per
key, a replay answering the original; two workers settling at once (one credit), a worker interrupted between the
wallet's answer and the mark (one credit), killed at random points 20 times (every line paid once), a wallet refusal,
a late bet (an adjustment line), the income call (agents only, own lines only), and the worker's own loop on its
injected clock, fed through JetStream; and a Hypothesis property: bets arriving on time or late, in any order, each
window ends up paid exactly what all its bets earn. What was paid is read from the wallet: the agents' balances and
its salary records. The clock is the test's."""

from __future__ import annotations

import asyncio
import json
import random
from collections import Counter
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

import nats
import pytest
from agent_contracts_helpers import MEMBER_TYPE, MERCHANT, AgentContracts, eventually
from hypothesis import HealthCheck, given
from hypothesis import settings as examples
from hypothesis import strategies as st
from nats.aio.client import Client as NATS
from nats.aio.msg import Msg
from sqlalchemy import func, select
from test_agent_contract_calls import act, offer
from test_team_figures import game_bet, lottery_bet

from agent_contracts_service.contracts.domain import Kind
from agent_contracts_service.contracts.models import Contract
from agent_contracts_service.contracts.schemas import RealTimeTerms
from agent_contracts_service.figures import service as figures
from agent_contracts_service.figures.domain import window_fact
from agent_contracts_service.figures.models import MemberWindow
from agent_contracts_service.settings import AgentContractsSettings
from agent_contracts_service.settlement import repository as settlement_repository
from agent_contracts_service.settlement import service as settlement
from agent_contracts_service.settlement.domain import WindowFigures, first_period, realtime_pay
from agent_contracts_service.settlement.models import SettlementLine
from agent_contracts_service.team.models import TeamMember
from agent_contracts_service.worker import build_worker
from portal_kit import money
from portal_kit.db import Database
from portal_kit.testing.clients import answering
from portal_kit.testing.fixtures import migrated_database, opened_database
from portal_kit.testing.plugin import PortalServers, reset_database, reset_streams, running_worker
from wallet_service.accounts.handlers import NewAccount, open_wallets
from wallet_service.ledger.models import MoneyTransaction
from wallet_service.money import service as wallet_money
from wallet_service.money.models import SalaryCredit
from wallet_service.money.rpc import money_answers

GRANT = "/wps/ops/agent-contracts/merchants/{merchant}/members/{account}/contracts/{kind}"
WINDOW_GRACE, DAY_GRACE = timedelta(seconds=60), timedelta(seconds=1800)
MINUTE = timedelta(minutes=1)

# The wallet's own database, migrated to its latest schema: its money responder answers agent-contracts over it.
wallet_for_settlement_url = migrated_database("wallet_for_settlement", "wallet")
wallet_for_settlement = opened_database("wallet_for_settlement_url", pool_size=10, max_overflow=10)


@dataclass
class Wallet:
    """The real wallet as agent-contracts reaches it: its worker's money responder (``money_answers``, queue group
    ``wallet``) on its own database, and ``nc``, the connection settlement asks it on. ``asked`` counts every
    ``rpc.wallet.salary`` request by key (a plain subscription beside the queue group sees a copy of each);
    ``delay`` slows each salary (a worker killed while it pays)."""

    db: Database
    nc: NATS
    asked: Counter[str] = field(default_factory=Counter)
    delay: float = 0.0
    failures: int = 0  # how many salaries fail inside the wallet (its database gone): answered internal_error
    known: set[tuple[str, str]] = field(default_factory=set)

    async def on_salary(self, message: Msg) -> None:
        self.asked[json.loads(message.data)["transactionId"]] += 1

    async def register(self, ac: AgentContracts) -> None:
        """Every account of the tree the wallet has not heard of yet, opened as ``auth.member.registered.v1`` opens
        it (its type and upline: the agents' main wallets, empty)."""
        async with ac.db.reader() as session:
            accounts = (await session.scalars(select(TeamMember))).all()
        new = [found for found in accounts if (found.merchant, found.account_id) not in self.known]
        if not new:
            return
        async with self.db.transaction() as session:
            for found in new:
                account = NewAccount(found.account_id, int(found.account_type or 0), found.username, found.upline_id)
                await open_wallets(session, found.merchant, account, "TRY", 0)
        self.known |= {(found.merchant, found.account_id) for found in new}

    async def credits(self) -> dict[str, tuple[str, int]]:
        """The wallet's salary records, by the settlement line's key: who was paid what."""
        query = select(MoneyTransaction.idempotency_key, SalaryCredit.account_id, SalaryCredit.amount).join(
            SalaryCredit, SalaryCredit.transaction_id == MoneyTransaction.id
        )
        async with self.db.reader() as session:
            rows = (await session.execute(query)).all()
        return {str(key).removeprefix("salary:"): (str(account), int(amount)) for key, account, amount in rows}

    async def paid_to(self, account_id: str, merchant: str = MERCHANT) -> int:
        """What the wallet's salary records paid the agent, checked against its main wallet's balance (an agent
        here has no other money)."""
        async with self.db.reader() as session:
            paid = await session.scalar(
                select(func.coalesce(func.sum(SalaryCredit.amount), 0)).where(
                    SalaryCredit.merchant == merchant, SalaryCredit.account_id == account_id
                )
            )
        if (merchant, account_id) in self.known:
            balance = (await wallet_money.balance(self.db, merchant, account_id))["value"]["balance"]
            assert balance == paid, (account_id, balance, paid)
        return int(paid or 0)

    async def asks(self) -> Counter[str]:
        """``asked``, once every request sent so far has reached the counting subscription."""
        await self.nc.flush()
        await asyncio.sleep(0.05)
        return self.asked


@pytest.fixture
async def nc(ac: AgentContracts) -> AsyncIterator[NATS]:
    connection = await nats.connect(ac.servers.nats_url)
    try:
        yield connection
    finally:
        await connection.close()


@pytest.fixture
async def wallet(
    portal_servers: PortalServers, ac: AgentContracts, nc: NATS, wallet_for_settlement_url: str,
    wallet_for_settlement: Database, monkeypatch: pytest.MonkeyPatch,
) -> AsyncIterator[Wallet]:  # fmt: skip
    """The wallet's money API on NATS over its clean database, as its worker answers it."""
    await reset_database(wallet_for_settlement_url)
    found = Wallet(wallet_for_settlement, nc)
    salary = wallet_money.salary

    async def slowed(db: Database, pay: Any) -> dict[str, Any]:
        if found.delay:
            await asyncio.sleep(found.delay)
        if found.failures:
            found.failures -= 1
            raise RuntimeError("the wallet's database went away")
        return await salary(db, pay)

    monkeypatch.setattr(wallet_money, "salary", slowed)
    counting = await nats.connect(portal_servers.nats_url)
    await counting.subscribe("rpc.wallet.salary", cb=found.on_salary)
    await counting.flush()
    try:
        async with answering(portal_servers.nats_url, "wallet-for-settlement", money_answers, wallet_for_settlement):
            yield found
    finally:
        await counting.close()


async def tick(ac: AgentContracts, wallet: Wallet, now: datetime, nc: NATS | None = None) -> int:
    """One settlement tick at ``now`` (asking on ``nc``, the wallet's connection by default), every account placed
    so far known to the wallet first, as its registration would have made it."""
    await wallet.register(ac)
    return await settlement.settle(ac.db, nc or wallet.nc, now, window_grace=WINDOW_GRACE, day_grace=DAY_GRACE)


async def granted(ac: AgentContracts, account: str, kind: str, terms: dict[str, Any]) -> Contract:
    path = GRANT.format(merchant=MERCHANT, account=account, kind=kind)
    answer = await ac.call("PUT", path, await ac.ops_token(), {"terms": terms, "reason": "top agent"})
    assert answer.status_code == 200, answer.text
    (contract,) = await ac.rows(Contract, account_id=account, status="ACTIVE")
    return contract


async def bet(ac: AgentContracts, member: str, at: datetime, stake: int, win: int, currency: str = "TRY") -> None:
    """A settled bet as the figures' handler counts it (``validBet`` = the stake)."""
    async with ac.db.transaction() as session:
        await figures.count_bet(session, MERCHANT, member, at, currency, stake, win, stake)


async def lines(ac: AgentContracts, account: str) -> list[SettlementLine]:
    return sorted(await ac.rows(SettlementLine, account_id=account), key=lambda line: line.id)


@dataclass
class Team:
    agent: str
    members: list[str]
    contract: Contract
    first: datetime  # the contract's first period


async def realtime_team(ac: AgentContracts, win: int = 100, loss: int = 200, bet_amount: int = 50_000) -> Team:
    agent = await ac.place()
    members = [await ac.place(agent, account_type=MEMBER_TYPE) for _ in range(2)]
    contract = await granted(ac, agent, "real-time-salary",
                             {"winRate": win, "lossRate": loss, "betAmount": bet_amount})  # fmt: skip
    return Team(agent, members, contract, first_period(Kind.REALTIME_SALARY, contract.started_at))


async def test_a_realtime_window_is_paid_once_with_its_figures(ac: AgentContracts, wallet: Wallet) -> None:
    t = await realtime_team(ac)
    w0 = t.first
    await bet(ac, t.members[0], w0 + MINUTE, 30_000, 60_000)  # won
    await bet(ac, t.members[1], w0 + 4 * MINUTE, 40_000, 0)  # lost
    await bet(ac, t.members[1], w0 + 5 * MINUTE, 1_000_000, 0)  # the next window's
    assert await tick(ac, wallet, w0 + 5 * MINUTE + WINDOW_GRACE - timedelta(seconds=1)) == 0  # not closed yet
    assert await tick(ac, wallet, w0 + 5 * MINUTE + WINDOW_GRACE) == 1
    (line,) = await lines(ac, t.agent)
    assert (line.status, line.amount, line.line_type, line.currency) == ("PAID", 300 + 800, "SALARY", "TRY")
    assert line.period_start == w0 and line.period_end == w0 + 5 * MINUTE
    assert line.transaction_id == f"agent-salary:{t.contract.id}:{w0:%Y%m%dT%H%M}Z:TRY"
    assert line.detail == {
        "wonCount": 1, "wonValidBet": 30_000, "lostCount": 1, "lostValidBet": 40_000, "betAmount": 70_000,
        "winRate": 100, "lossRate": 200, "minBetAmount": 50_000, "reached": True,
        "gross": 1_100, "downlines": [], "net": 1_100,
    }  # fmt: skip
    assert await wallet.credits() == {line.transaction_id: (t.agent, 1_100)}
    # ticks again at the same time settle nothing more; the next window pays its own bet (2 % of 1 000 000)
    assert await tick(ac, wallet, w0 + 5 * MINUTE + WINDOW_GRACE) == 0
    assert await tick(ac, wallet, w0 + 10 * MINUTE + WINDOW_GRACE) == 1
    assert await wallet.paid_to(t.agent) == 1_100 + 20_000
    assert all(count == 1 for count in (await wallet.asks()).values())


async def test_a_window_below_the_bet_amount_pays_nothing(ac: AgentContracts, wallet: Wallet) -> None:
    t = await realtime_team(ac, bet_amount=100_000)
    await bet(ac, t.members[0], t.first + MINUTE, 99_999, 0)
    assert await tick(ac, wallet, t.first + 5 * MINUTE + WINDOW_GRACE) == 0
    assert await lines(ac, t.agent) == [] and await wallet.credits() == {}


async def test_a_restart_settles_every_window_missed(ac: AgentContracts, wallet: Wallet) -> None:
    t = await realtime_team(ac, bet_amount=0)
    for n in range(12):  # one lost bet of 10 000 in each of twelve windows: 200 each
        await bet(ac, t.members[n % 2], t.first + n * 5 * MINUTE + MINUTE, 10_000, 0)
    assert await tick(ac, wallet, t.first + 60 * MINUTE + WINDOW_GRACE) == 12  # the worker was down an hour
    found = await lines(ac, t.agent)
    assert [line.period_start for line in found] == [t.first + n * 5 * MINUTE for n in range(12)]
    assert await wallet.paid_to(t.agent) == 12 * 200


async def test_a_line_written_before_is_kept_and_the_windows_other_lines_written(
    ac: AgentContracts, wallet: Wallet
) -> None:
    """Lines are copied straight into the table; when one of a window's lines is there already (its key), that copy
    is undone and the lines written through the staging table, skipping it: the one there is kept as it was, every
    other one written, each paid once."""
    first, second = await realtime_team(ac, bet_amount=0), await realtime_team(ac, bet_amount=0)
    window = max(first.first, second.first)
    for t in (first, second):
        await bet(ac, t.members[0], window + MINUTE, 10_000, 0)
    key = f"agent-salary:{first.contract.id}:{window:%Y%m%dT%H%M}Z:TRY"
    async with ac.db.transaction() as session:
        await settlement_repository.add_line(session, {
            "merchant": MERCHANT, "contract_id": first.contract.id, "kind": "REALTIME_SALARY",
            "account_id": first.agent, "period_start": window, "period_end": window + 5 * MINUTE,
            "line_type": "SALARY", "currency": "TRY", "amount": 123, "detail": {}, "transaction_id": key,
            "status": "PENDING",
        })  # fmt: skip
    await tick(ac, wallet, window + 5 * MINUTE + WINDOW_GRACE)
    ((kept,), (written,)) = await lines(ac, first.agent), await lines(ac, second.agent)
    assert (kept.transaction_id, kept.amount, kept.status) == (key, 123, "PAID")
    assert (written.amount, written.status) == (200, "PAID")
    assert await wallet.paid_to(first.agent) == 123 and await wallet.paid_to(second.agent) == 200


async def test_two_workers_settling_at_once_pay_once(ac: AgentContracts, wallet: Wallet) -> None:
    teams = [await realtime_team(ac, bet_amount=0) for _ in range(3)]
    for t in teams:
        for n in range(3):
            await bet(ac, t.members[0], t.first + n * 5 * MINUTE + MINUTE, 10_000, 0)
    now = max(t.first for t in teams) + 15 * MINUTE + WINDOW_GRACE
    other = await nats.connect(ac.servers.nats_url)
    try:
        await wallet.register(ac)
        await asyncio.gather(tick(ac, wallet, now), tick(ac, wallet, now, other), tick(ac, wallet, now))
    finally:
        await other.close()
    for t in teams:
        assert len(await lines(ac, t.agent)) == 3
        assert await wallet.paid_to(t.agent) == 3 * 200
    assert len(await wallet.credits()) == 9 and all(count == 1 for count in (await wallet.asks()).values())


async def test_an_interrupted_payment_is_resumed_under_the_same_key(
    ac: AgentContracts, wallet: Wallet, monkeypatch: pytest.MonkeyPatch
) -> None:
    t = await realtime_team(ac, bet_amount=0)
    await bet(ac, t.members[0], t.first + MINUTE, 10_000, 0)
    now = t.first + 5 * MINUTE + WINDOW_GRACE

    async def crash(*_args: Any, **_kwargs: Any) -> None:
        raise RuntimeError("the worker died after the wallet answered")

    with monkeypatch.context() as patched:
        patched.setattr(settlement_repository, "mark", crash)
        with pytest.raises(RuntimeError):
            await tick(ac, wallet, now)
    (line,) = await lines(ac, t.agent)
    assert line.status == "PENDING"  # the wallet credited it, the mark was lost
    assert (await wallet.asks())[line.transaction_id] == 1
    await tick(ac, wallet, now)  # the restarted worker
    (line,) = await lines(ac, t.agent)
    assert line.status == "PAID"
    assert (await wallet.asks())[line.transaction_id] == 2  # asked again under the same key ...
    assert await wallet.paid_to(t.agent) == 200  # ... and credited once


async def test_a_late_bet_is_paid_as_an_adjustment_of_the_next_settlement(ac: AgentContracts, wallet: Wallet) -> None:
    t = await realtime_team(ac)
    w0 = t.first
    await bet(ac, t.members[0], w0 + MINUTE, 30_000, 60_000)
    await bet(ac, t.members[1], w0 + 2 * MINUTE, 40_000, 0)
    await tick(ac, wallet, w0 + 5 * MINUTE + WINDOW_GRACE)
    await bet(ac, t.members[1], w0 + 3 * MINUTE, 10_000, 0)  # settled in w0, arriving after w0 was settled
    await tick(ac, wallet, w0 + 10 * MINUTE + WINDOW_GRACE)
    salary, adjustment = await lines(ac, t.agent)
    assert (salary.amount, salary.line_type) == (1_100, "SALARY")
    assert (adjustment.line_type, adjustment.amount, adjustment.period_start) == ("ADJUSTMENT", 200, w0 + 5 * MINUTE)
    assert adjustment.transaction_id.endswith(":TRY:adj")
    (window,) = adjustment.detail["windows"]
    assert window["window"] == w0.isoformat() and window["amount"] == 200
    assert window["late"]["lostValidBet"] == 10_000 and window["settled"]["betAmount"] == 70_000
    assert await wallet.paid_to(t.agent) == 1_300  # what w0 pays with every bet: 1 % of 30 000 + 2 % of 50 000


async def test_a_late_bet_that_opens_a_window_pays_it_whole(ac: AgentContracts, wallet: Wallet) -> None:
    t = await realtime_team(ac, bet_amount=50_000)
    await bet(ac, t.members[0], t.first + MINUTE, 40_000, 0)  # below the bet amount: nothing
    await tick(ac, wallet, t.first + 5 * MINUTE + WINDOW_GRACE)
    await bet(ac, t.members[1], t.first + MINUTE, 10_000, 0)  # late: the window now reaches it
    await tick(ac, wallet, t.first + 10 * MINUTE + WINDOW_GRACE)
    (adjustment,) = await lines(ac, t.agent)
    assert (adjustment.line_type, adjustment.amount) == ("ADJUSTMENT", 1_000)  # 2 % of 50 000


REALTIME = "/wps/relay/MCSFE_processRealTimeSalaryContract"


async def signed(ac: AgentContracts, path: str, upline: str, downline: str, terms: dict[str, Any]) -> Contract:
    """``upline`` offers ``downline`` a contract of ``terms``; the downline signs it."""
    request = (await offer(ac, path, upline, downline, terms))["pending"]
    await act(ac, path, downline, {"action": "sign", "requestId": request["id"]})
    (contract,) = await ac.rows(Contract, account_id=downline, status="ACTIVE")
    return contract


def rates(rate: int) -> dict[str, int]:
    return {"winRate": rate, "lossRate": rate, "betAmount": 0}


async def test_a_chain_is_paid_the_differential_adding_up_to_the_tops_rate(ac: AgentContracts, wallet: Wallet) -> None:
    """A (5 %) above B (4 %) above C (2 %): each is paid its own rate on its team less what its direct downline's
    contract pays on that one's team; in all, A's rate of every bet in A's team."""
    a, b, c = await ac.chain(3)
    members = {owner: await ac.place(owner, account_type=MEMBER_TYPE) for owner in (a, b, c)}
    top = await granted(ac, a, "real-time-salary", rates(500))
    middle = await signed(ac, REALTIME, a, b, rates(400))
    bottom = await signed(ac, REALTIME, b, c, rates(200))
    w0 = max(first_period(Kind.REALTIME_SALARY, found.started_at) for found in (top, middle, bottom))
    await bet(ac, members[c], w0 + MINUTE, 100_000, 0)  # in C's, B's and A's teams
    await bet(ac, c, w0 + MINUTE, 10_000, 0)  # C's own play: in B's and A's teams, not C's
    await bet(ac, members[b], w0 + 2 * MINUTE, 20_000, 0)  # in B's and A's
    await bet(ac, members[a], w0 + 3 * MINUTE, 30_000, 0)  # in A's only
    await tick(ac, wallet, w0 + 5 * MINUTE + WINDOW_GRACE)
    (line_c,) = await lines(ac, c)
    (line_b,) = await lines(ac, b)
    (line_a,) = await lines(ac, a)
    assert (line_c.amount, line_c.detail["gross"], line_c.detail["downlines"]) == (2_000, 2_000, [])
    assert (line_b.amount, line_b.detail["gross"]) == (5_200 - 2_000, 5_200)  # 4 % of 130 000, less C's
    ((deducted_c,),) = [line_b.detail["downlines"]]
    assert (deducted_c["accountId"], deducted_c["contractId"], deducted_c["gross"], deducted_c["lossRate"],
            deducted_c["lostValidBet"]) == (c, bottom.id, 2_000, 200, 100_000)  # fmt: skip
    assert (line_a.amount, line_a.detail["gross"], line_a.detail["net"]) == (8_000 - 5_200, 8_000, 2_800)
    ((deducted_b,),) = [line_a.detail["downlines"]]
    assert (deducted_b["accountId"], deducted_b["contractId"], deducted_b["gross"], deducted_b["lossRate"]) == (
        b, middle.id, 5_200, 400,
    )  # fmt: skip
    # in all: the top's 5 % of the 160 000 bet in its team
    bets = 100_000 + 10_000 + 20_000 + 30_000
    assert line_a.amount + line_b.amount + line_c.amount == bets * 500 // 10_000 == 8_000
    assert (await wallet.paid_to(a), await wallet.paid_to(b), await wallet.paid_to(c)) == (2_800, 3_200, 2_000)
    # a late bet in C's team: each is adjusted by its own difference, in all the top's 5 % of it
    await bet(ac, members[c], w0 + 4 * MINUTE, 40_000, 0)
    await tick(ac, wallet, w0 + 10 * MINUTE + WINDOW_GRACE)
    adjusted = {who: [line.amount for line in await lines(ac, who) if line.line_type == "ADJUSTMENT"]
                for who in (a, b, c)}  # fmt: skip
    assert adjusted == {a: [400], b: [800], c: [800]}
    assert (
        await wallet.paid_to(a) + await wallet.paid_to(b) + await wallet.paid_to(c) == (bets + 40_000) * 500 // 10_000
    )


async def test_a_daily_wage_chain_pays_the_difference_per_tier(ac: AgentContracts, wallet: Wallet) -> None:
    """Daily wage: A's tier on A's team less B's tier on B's team."""
    a, b = await ac.chain(2)
    member = await ac.place(b, account_type=MEMBER_TYPE)
    top = await granted(ac, a, "daily-wage", WAGE)
    lower = {"tiers": [{"minValidBet": 100_000, "minActiveMembers": 1, "ratio": 40}]}
    middle = await signed(ac, "/wps/relay/MCS2_processDailySalContract", a, b, lower)
    day = max(first_period(Kind.DAILY_WAGE, found.started_at) for found in (top, middle))
    await bet(ac, member, day + timedelta(hours=1), 150_000, 0)  # B's team: tier 1, 0.4 % = 600
    await bet(ac, b, day + timedelta(hours=2), 100_000, 0)  # B's own: A's team reaches 250 000 and 2 members
    await tick(ac, wallet, day + timedelta(days=1) + DAY_GRACE)
    (line_b,) = await lines(ac, b)
    (line_a,) = await lines(ac, a)
    assert (line_b.amount, line_b.detail["tier"]) == (600, 1)
    assert (line_a.detail["gross"], line_a.detail["tier"], line_a.amount) == (2_500, 2, 2_500 - 600)
    assert line_a.detail["downlines"][0]["gross"] == 600 and line_a.detail["downlines"][0]["ratio"] == 40


WAGE = {"tiers": [{"minValidBet": 100_000, "minActiveMembers": 1, "ratio": 50},
                  {"minValidBet": 200_000, "minActiveMembers": 2, "ratio": 100}]}  # fmt: skip


async def test_the_daily_wage_is_paid_the_next_day_for_the_day_before(ac: AgentContracts, wallet: Wallet) -> None:
    agent = await ac.place()
    members = [await ac.place(agent, account_type=MEMBER_TYPE) for _ in range(2)]
    contract = await granted(ac, agent, "daily-wage", WAGE)
    day = first_period(Kind.DAILY_WAGE, contract.started_at)
    await bet(ac, members[0], day + timedelta(hours=1), 150_000, 0)
    await bet(ac, members[1], day + timedelta(hours=20), 100_000, 400_000)
    await bet(ac, members[1], day + timedelta(days=1, hours=1), 900_000, 0)  # the next day's
    assert await tick(ac, wallet, day + timedelta(days=1) + DAY_GRACE - timedelta(seconds=1)) == 0
    assert await tick(ac, wallet, day + timedelta(days=1) + DAY_GRACE) == 1
    (line,) = await lines(ac, agent)
    assert (line.kind, line.amount, line.period_start, line.status) == ("DAILY_WAGE", 2_500, day, "PAID")
    assert line.detail == {"validBet": 250_000, "activeMembers": 2, "betCount": 2, "tier": 2, "ratio": 100,
                           "minValidBet": 200_000, "minActiveMembers": 2, "gross": 2_500, "downlines": [],
                           "net": 2_500}  # fmt: skip
    assert await wallet.paid_to(agent) == 2_500


async def test_the_hourly_salary_is_paid_the_next_day_hour_by_hour(ac: AgentContracts, wallet: Wallet) -> None:
    agent = await ac.place()
    members = [await ac.place(agent, account_type=MEMBER_TYPE) for _ in range(2)]
    contract = await granted(ac, agent, "hourly-salary", WAGE)
    day = first_period(Kind.HOURLY_SALARY, contract.started_at)
    await bet(ac, members[0], day + timedelta(hours=1), 150_000, 0)  # tier 1: 750
    await bet(ac, members[0], day + timedelta(hours=5), 100_000, 0)  # tier 1: 500
    await bet(ac, members[1], day + timedelta(hours=5, minutes=30), 150_000, 0)  # with it tier 2: 2 500
    await bet(ac, members[1], day + timedelta(hours=9), 50_000, 0)  # no tier
    assert await tick(ac, wallet, day + timedelta(days=1) + DAY_GRACE) == 1
    (line,) = await lines(ac, agent)
    assert (line.kind, line.amount) == ("HOURLY_SALARY", 750 + 2_500)
    hours = {hour["hour"]: (hour["amount"], hour["tier"]) for hour in line.detail["hours"]}
    assert hours == {
        (day + timedelta(hours=1)).isoformat(): (750, 1),
        (day + timedelta(hours=5)).isoformat(): (2_500, 2),
        (day + timedelta(hours=9)).isoformat(): (0, None),
    }
    assert await wallet.paid_to(agent) == 3_250


async def test_an_agent_reads_its_own_income_only(ac: AgentContracts, wallet: Wallet) -> None:
    t = await realtime_team(ac, bet_amount=0)
    other = await realtime_team(ac, bet_amount=0)
    await bet(ac, t.members[0], t.first + MINUTE, 10_000, 0)
    await bet(ac, other.members[0], other.first + MINUTE, 20_000, 0)
    await tick(ac, wallet, max(t.first, other.first) + 5 * MINUTE + WINDOW_GRACE)
    answer = await ac.call("GET", "/wps/agent-contracts/income", await ac.token(t.agent))
    assert answer.status_code == 200, answer.text
    page = answer.json()["value"]
    assert page["total"] == 1
    (line,) = page["list"]
    assert (line["amount"], line["kind"], line["status"], line["contractId"]) == (
        200,
        "REALTIME_SALARY",
        "PAID",
        t.contract.id,
    )
    assert line["detail"]["lostValidBet"] == 10_000 and line["detail"]["lossRate"] == 200
    # the other agent sees its own line and nothing of the first one's; a kind it has no line of is empty
    theirs = (await ac.call("GET", "/wps/agent-contracts/income", await ac.token(other.agent))).json()["value"]
    assert [entry["amount"] for entry in theirs["list"]] == [400]
    none = await ac.call("GET", "/wps/agent-contracts/income", await ac.token(t.agent),
                         params={"kind": "DAILY_WAGE"})  # fmt: skip
    assert none.json()["value"]["total"] == 0
    # a member of the team is refused; a visitor too
    member = await ac.call("GET", "/wps/agent-contracts/income", await ac.token(t.members[0], MEMBER_TYPE))
    assert member.status_code == 403 and member.json()["errorCode"] == "access.denied"
    visitor = await ac.http.get("/wps/agent-contracts/income", headers={"Merchant": MERCHANT})
    assert visitor.status_code == 401


async def test_a_weekly_dividend_is_paid_after_the_week(ac: AgentContracts, wallet: Wallet) -> None:
    agent = await ac.place()
    members = [await ac.place(agent, account_type=MEMBER_TYPE) for _ in range(2)]
    terms = {"period": "W", "tiers": [{"minProfitLoss": 100_000, "minActiveMembers": 1, "ratio": 1_000},
                                      {"minProfitLoss": 500_000, "minActiveMembers": 2, "ratio": 2_000}]}  # fmt: skip
    contract = await granted(ac, agent, "dividend", terms)
    week = first_period(Kind.DIVIDEND, contract.started_at, "W")
    assert week.weekday() == 0
    await bet(ac, members[0], week + timedelta(days=1), 700_000, 100_000)  # lost 600 000
    await bet(ac, members[1], week + timedelta(days=6, hours=23), 100_000, 150_000)  # won 50 000
    await bet(ac, members[1], week + timedelta(days=7, hours=1), 900_000, 0)  # the next week's
    assert await tick(ac, wallet, week + timedelta(days=6) + DAY_GRACE) == 0  # the week has not ended
    assert await tick(ac, wallet, week + timedelta(days=7) + DAY_GRACE) == 1
    (line,) = await lines(ac, agent)
    assert (line.kind, line.amount, line.period_start, line.period_end) == (
        "DIVIDEND",
        110_000,
        week,
        week + timedelta(days=7),
    )  # tier 2: 20 % of the team's 550 000 loss
    assert line.detail["profitLoss"] == -550_000 and line.detail["tier"] == 2 and line.detail["period"] == "W"
    assert await wallet.paid_to(agent) == 110_000


async def test_the_worker_settles_on_its_clock(ac: AgentContracts, settings: AgentContractsSettings,
                                               wallet: Wallet) -> None:  # fmt: skip
    t = await realtime_team(ac, bet_amount=0)
    await wallet.register(ac)
    clock = {"now": t.first}
    fast = settings.model_copy(update={"settlement_interval_seconds": 0.05, "settlement_enabled": True})
    await reset_streams(ac.servers.nats_url)
    async with running_worker(build_worker(fast, lambda: clock["now"])):
        await ac.wait_for_consumers()
        await ac.publish(game_bet(t.members[0], t.first + MINUTE, 10_000, 0))  # lost: 2 %
        await ac.publish(lottery_bet(t.members[1], t.first + 2 * MINUTE, 10_000, 50_000))  # won: 1 %
        await eventually(lambda: _window_counted(ac, t.members[1]))
        clock["now"] = t.first + 5 * MINUTE + WINDOW_GRACE

        async def paid() -> bool:
            return [line.status for line in await lines(ac, t.agent)] == ["PAID"]

        await eventually(paid)
    assert await wallet.paid_to(t.agent) == 300
    (line,) = await lines(ac, t.agent)
    assert line.status == "PAID" and line.detail["wonValidBet"] == 10_000 and line.detail["lostValidBet"] == 10_000


async def _window_counted(ac: AgentContracts, member: str) -> bool:
    return bool(await ac.rows(MemberWindow, account_id=member))


class Killed(Exception):
    """The worker died here."""


# Where the worker dies: claiming cursors, writing a window's lines (before, or after they are written but before the
# commit), moving the cursors, asking the wallet for the salary (before it is asked, or after it answered), marking a
# line (before, or after the mark but before the commit).
POINTS = ("claim_window_cursors", "add_lines:before", "add_lines:after", "move_cursors", "salary:before",
          "salary:after", "mark:before", "mark:after")  # fmt: skip


def killing(original: Any, point: str, calls_before: int) -> Any:
    """``original`` dying at its call number ``calls_before`` (from 0), before or after doing its work."""
    when = point.partition(":")[2]
    left = {"calls": calls_before}

    async def hit(*args: Any, **kwargs: Any) -> Any:
        if when != "after" and left["calls"] == 0:
            raise Killed(point)
        result = await original(*args, **kwargs)
        if left["calls"] == 0:
            raise Killed(point)
        left["calls"] -= 1
        return result

    return hit


async def test_killed_at_random_points_20_times_every_line_is_paid_once(
    ac: AgentContracts, wallet: Wallet, monkeypatch: pytest.MonkeyPatch
) -> None:
    teams = [await realtime_team(ac, bet_amount=0) for _ in range(3)]
    first = max(t.first for t in teams)
    for t in teams:
        for n in range(8):
            await bet(ac, t.members[n % 2], first + n * 5 * MINUTE + MINUTE, 10_000 * (n + 1), 0)
    chance = random.Random(45)
    kills = 0
    for attempt in range(20):
        point = chance.choice(POINTS)
        name = point.partition(":")[0]
        target: Any = money if name == "salary" else settlement_repository
        with monkeypatch.context() as patched:
            patched.setattr(target, name, killing(getattr(target, name), point, chance.randint(0, 1)))
            try:
                await tick(ac, wallet, first + (attempt // 2 + 1) * 5 * MINUTE + WINDOW_GRACE)
            except Killed:
                kills += 1
    assert kills >= 10
    await tick(ac, wallet, first + 60 * MINUTE + WINDOW_GRACE)  # the worker back for good
    for t in teams:
        found = await lines(ac, t.agent)
        assert [line.status for line in found] == ["PAID"] * 8
        assert [line.amount for line in found] == [200 * (n + 1) for n in range(8)]
        assert await wallet.paid_to(t.agent) == 200 * sum(range(1, 9))
    assert len(await wallet.credits()) == 24
    assert any(count > 1 for count in (await wallet.asks()).values())  # some were asked again after a kill: replays


async def test_settlement_reports_a_wallet_refusal_and_moves_on(ac: AgentContracts, wallet: Wallet) -> None:
    """An agent the wallet never heard of (no registration reached it): the wallet refuses ``account.not_found``,
    the line is REFUSED with that code, nothing moved, not retried forever."""
    t = await realtime_team(ac, bet_amount=0)
    await bet(ac, t.members[0], t.first + MINUTE, 10_000, 0)
    now = t.first + 5 * MINUTE + WINDOW_GRACE
    assert await settlement.settle(ac.db, wallet.nc, now, window_grace=WINDOW_GRACE, day_grace=DAY_GRACE) == 1
    (line,) = await lines(ac, t.agent)
    assert (line.status, line.error_code) == ("REFUSED", "account.not_found")
    assert await tick(ac, wallet, now) == 0  # known to the wallet now: the refused line is not asked again
    assert await wallet.credits() == {} and (await wallet.asks())[line.transaction_id] == 1


async def test_a_wallet_failing_leaves_the_line_to_be_paid_on_a_later_tick(ac: AgentContracts, wallet: Wallet) -> None:
    """The wallet answers ``internal_error`` (it failed, it did not refuse): the tick stops with the line still
    PENDING, and the next one pays it under the same key, once."""
    t = await realtime_team(ac, bet_amount=0)
    await bet(ac, t.members[0], t.first + MINUTE, 10_000, 0)
    now = t.first + 5 * MINUTE + WINDOW_GRACE
    wallet.failures = 1
    with pytest.raises(money.Refused) as failed:
        await tick(ac, wallet, now)
    assert failed.value.code == "internal_error"
    (line,) = await lines(ac, t.agent)
    assert line.status == "PENDING"
    assert await tick(ac, wallet, now) == 1
    (line,) = await lines(ac, t.agent)
    assert line.status == "PAID" and list(await wallet.credits()) == [line.transaction_id]
    assert (await wallet.asks())[line.transaction_id] == 2 and await wallet.paid_to(t.agent) == line.amount


async def test_a_line_the_money_contract_cannot_carry_is_set_aside_and_the_others_paid(
    ac: AgentContracts, wallet: Wallet
) -> None:
    """A line above the money contract's maximum amount is refused before it is asked (``request.invalid``), not
    asked again on every tick ahead of every other line."""
    huge = await realtime_team(ac, loss=10_000, bet_amount=0)
    await bet(ac, huge.members[0], huge.first + MINUTE, 200_000_000_000, 0)  # 100 % of a lost 2·10¹¹
    small = await realtime_team(ac, bet_amount=0)
    await bet(ac, small.members[0], small.first + MINUTE, 10_000, 0)
    assert await tick(ac, wallet, max(huge.first, small.first) + 5 * MINUTE + WINDOW_GRACE) == 2
    (refused,) = await lines(ac, huge.agent)
    assert (refused.status, refused.error_code, refused.amount) == ("REFUSED", "request.invalid", 200_000_000_000)
    (paid,) = await lines(ac, small.agent)
    assert paid.status == "PAID" and await wallet.paid_to(small.agent) == paid.amount
    assert refused.transaction_id not in await wallet.asks()


async def test_a_late_bet_of_a_settled_day_is_an_adjustment_the_day_after(ac: AgentContracts, wallet: Wallet) -> None:
    agent = await ac.place()
    members = [await ac.place(agent, account_type=MEMBER_TYPE) for _ in range(2)]
    contract = await granted(ac, agent, "daily-wage", WAGE)
    day = first_period(Kind.DAILY_WAGE, contract.started_at)
    await bet(ac, members[0], day + timedelta(hours=1), 150_000, 0)  # tier 1: 750
    await tick(ac, wallet, day + timedelta(days=1) + DAY_GRACE)
    await bet(ac, members[1], day + timedelta(hours=23), 100_000, 0)  # late: the day reaches tier 2 (2 500)
    await tick(ac, wallet, day + timedelta(days=2) + DAY_GRACE)
    salary, adjustment = await lines(ac, agent)
    assert (salary.line_type, salary.amount, salary.period_start) == ("SALARY", 750, day)
    assert (adjustment.line_type, adjustment.amount, adjustment.period_start) == ("ADJUSTMENT", 1_750, day)
    assert adjustment.transaction_id == f"agent-salary:{contract.id}:{day:%Y%m%dT%H%M}Z:TRY:adj"
    assert adjustment.detail["settled"] == 750 and adjustment.detail["now"] == 2_500
    assert adjustment.detail["figures"]["tier"] == 2
    assert await wallet.paid_to(agent) == 2_500
    await tick(ac, wallet, day + timedelta(days=3) + DAY_GRACE)  # nothing more to adjust
    assert await wallet.paid_to(agent) == 2_500 and len(await lines(ac, agent)) == 2


async def test_a_late_win_never_takes_a_dividend_back(ac: AgentContracts, wallet: Wallet) -> None:
    agent = await ac.place()
    member = await ac.place(agent, account_type=MEMBER_TYPE)
    terms = {"period": "D", "tiers": [{"minProfitLoss": 100_000, "minActiveMembers": 1, "ratio": 1_000}]}
    contract = await granted(ac, agent, "dividend", terms)
    day = first_period(Kind.DIVIDEND, contract.started_at, "D")
    await bet(ac, member, day + timedelta(hours=2), 300_000, 0)  # lost 300 000: 30 000
    await tick(ac, wallet, day + timedelta(days=1) + DAY_GRACE)
    await bet(ac, member, day + timedelta(hours=3), 10_000, 110_000)  # late win of 100 000: the day lost 200 000
    await tick(ac, wallet, day + timedelta(days=2) + DAY_GRACE)
    (line,) = await lines(ac, agent)
    assert (line.line_type, line.amount) == ("SALARY", 30_000)
    assert await wallet.paid_to(agent) == 30_000


EXAMPLES: list[str] = []
late_bets = st.lists(
    st.tuples(
        st.integers(0, 1),  # which member
        st.integers(0, 5),  # its window, from the first
        st.integers(0, 299),  # its second in the window
        st.integers(1, 100_000),  # stake
        st.sampled_from([0, 1, 2, 3]),  # win: nothing, half, even, double
        st.integers(0, 3),  # windows after its own that it arrives (0: on time)
    ),
    max_size=12,
)


@examples(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(bets=late_bets, win=st.integers(0, 300), loss=st.integers(0, 300), threshold=st.integers(0, 150_000))
async def test_every_bet_counts_once_on_time_or_late(
    ac: AgentContracts, wallet: Wallet, bets: list[tuple[int, int, int, int, int, int]], win: int,
    loss: int, threshold: int,
) -> None:  # fmt: skip
    """Whatever arrives late, each window is paid in the end exactly what its bets (all of them) earn under the
    contract, each line credited once."""
    t = await realtime_team(ac, win=win, loss=loss, bet_amount=threshold)
    # the brand's windows only close forward: each example plays an hour after the one before
    EXAMPLES.append(t.agent)
    base = t.first + len(EXAMPLES) * timedelta(hours=1)
    figures_of: dict[int, WindowFigures] = {}
    arrivals: dict[int, list[tuple[str, datetime, int, int]]] = {}
    for member, window, second, stake, outcome, delay in bets:
        at = base + window * 5 * MINUTE + timedelta(seconds=second)
        paid_out = (0, stake // 2, stake, 2 * stake)[outcome]
        arrivals.setdefault(window + delay, []).append((t.members[member], at, stake, paid_out))
        fact = window_fact(stake, paid_out, stake)
        figures_of[window] = figures_of.get(window, WindowFigures()) + WindowFigures(
            fact.won_count, fact.won_valid_bet, fact.lost_count, fact.lost_valid_bet
        )
    for k in range(10):  # tick k closes window k - 1; what arrives "k windows on" comes before it
        for member_id, at, stake, paid_out in arrivals.get(k, []):
            await bet(ac, member_id, at, stake, paid_out)
        await tick(ac, wallet, base + k * 5 * MINUTE + WINDOW_GRACE)
    terms = RealTimeTerms(winRate=win, lossRate=loss, betAmount=threshold)
    expected = sum(realtime_pay(terms, got) for got in figures_of.values())
    found = await lines(ac, t.agent)
    assert all(line.status == "PAID" for line in found)
    assert sum(line.amount for line in found) == expected == await wallet.paid_to(t.agent)
    asked = await wallet.asks()
    assert all(asked[line.transaction_id] == 1 for line in found)
