"""``rpc.wallet.salary`` (issue 45): an agent's pay is a kind of its own, against real PostgreSQL, NATS and Valkey.
Credited once per transaction id (redelivered, or asked 20 times at once), from the brand's ``house:salaries``,
refused for an account that is no agent with nothing written, shown in the account record as ``salary``, and the
ledger reconciled. Only agent-contracts may ask it (the NATS users the portal runs with, from proto/registry.yaml)."""

from __future__ import annotations

import asyncio
import json
import secrets
from collections.abc import AsyncIterator, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import nats
import pytest
from nats.aio.client import Client as NATS
from sqlalchemy import func, select
from wallet_http import WalletClient

from portal_events import WalletSalaryRequest
from portal_kit import money
from portal_kit.db import Database
from portal_kit.messaging.relay import inbox_prefix
from portal_kit.messaging.rpc import Responder
from portal_kit.servers import ManagedProcess, free_ports, nats_authorization, nats_process
from portal_kit.testing.clients import answering, nats_client
from portal_kit.testing.plugin import PortalServers
from portal_stack.access import nats_users
from wallet_service.accounts.handlers import NewAccount, open_wallets
from wallet_service.ledger.domain import SALARIES
from wallet_service.ledger.models import JournalEntry, LedgerAccount, MoneyTransaction
from wallet_service.money import service
from wallet_service.money.models import SalaryCredit
from wallet_service.money.rpc import money_answers
from wallet_service.reconcile import differences

MERCHANT = "turkeyf2"
DAY = datetime(2026, 11, 26, tzinfo=UTC)
AGENT, MEMBER, TRIAL = 1, 0, 4


async def opened(db: Database, account: str, account_type: int) -> None:
    async with db.transaction() as session:
        await open_wallets(session, MERCHANT, NewAccount(account, account_type, account), "TRY", 200_000)


async def available(db: Database, account: str) -> int:
    return int((await service.balance(db, MERCHANT, account))["value"]["balance"])


async def written(db: Database) -> tuple[int, int, int]:
    """Money transactions, journal lines and salary records written."""
    async with db.reader() as session:
        counted = [
            int(await session.scalar(select(func.count()).select_from(table)) or 0)
            for table in (MoneyTransaction, JournalEntry, SalaryCredit)
        ]
    return counted[0], counted[1], counted[2]


async def house_total(db: Database) -> int:
    """What every shard of the brand's house account for agent pay holds together."""
    async with db.reader() as session:
        total = await session.scalar(
            select(func.coalesce(func.sum(LedgerAccount.balance), 0)).where(
                LedgerAccount.merchant == MERCHANT, LedgerAccount.owner_id == "house",
                LedgerAccount.kind.like(f"{SALARIES}#%"),
            )
        )  # fmt: skip
    return int(total or 0)


@pytest.fixture
async def wallet_nats(portal_servers: PortalServers, wallet_db: Database) -> AsyncIterator[NATS]:
    """The wallet's money answers on NATS, as its worker runs them, and a connection to ask them on."""
    async with (
        answering(portal_servers.nats_url, "wallet-salary-test", money_answers, wallet_db),
        nats_client(portal_servers.nats_url) as nc,
    ):
        yield nc


async def pay(nc: NATS, account: str, amount: int, key: str, kind: str = "DAILY_WAGE", start: datetime = DAY) -> int:
    return await money.salary(nc, MERCHANT, account, "TRY", amount, key, kind, start, start + timedelta(days=1))


async def test_a_salary_is_credited_once_however_often_it_is_asked(wallet_nats: NATS, wallet_db: Database) -> None:
    await opened(wallet_db, "agent-1", AGENT)
    assert await pay(wallet_nats, "agent-1", 12_500, "agent-salary:7:20261126T0000Z:TRY") == 12_500
    # The settlement asks again after a crash between the wallet's answer and its mark: the original answers.
    assert await pay(wallet_nats, "agent-1", 12_500, "agent-salary:7:20261126T0000Z:TRY") == 12_500
    assert await available(wallet_db, "agent-1") == 12_500

    answers = await asyncio.gather(*(pay(wallet_nats, "agent-1", 3_000, "agent-salary:8:same") for _ in range(20)))
    assert answers == [15_500] * 20
    assert await available(wallet_db, "agent-1") == 15_500
    assert await written(wallet_db) == (2, 4, 2)

    # The same id with another content is refused and moves nothing: another amount, kind or period.
    for other in (
        pay(wallet_nats, "agent-1", 3_001, "agent-salary:8:same"),
        pay(wallet_nats, "agent-1", 3_000, "agent-salary:8:same", kind="DIVIDEND"),
        pay(wallet_nats, "agent-1", 3_000, "agent-salary:8:same", start=DAY + timedelta(days=1)),
    ):
        with pytest.raises(money.Refused) as refused:
            await other
        assert refused.value.code == "idempotency.mismatch"
    # The same instants written in another zone are the same content.
    istanbul = DAY.astimezone(ZoneInfo("Europe/Istanbul"))
    assert await pay(wallet_nats, "agent-1", 3_000, "agent-salary:8:same", start=istanbul) == 15_500
    assert await available(wallet_db, "agent-1") == 15_500
    assert await written(wallet_db) == (2, 4, 2)
    async with wallet_db.reader() as session:
        kept = (await session.scalars(select(SalaryCredit).order_by(SalaryCredit.transaction_id))).all()
    assert [(k.account_id, k.contract_kind, k.period_start, k.period_end, k.amount) for k in kept] == [
        ("agent-1", "DAILY_WAGE", DAY, DAY + timedelta(days=1), 12_500),
        ("agent-1", "DAILY_WAGE", DAY, DAY + timedelta(days=1), 3_000),
    ]


async def test_every_agent_type_is_paid_and_nobody_else(wallet_nats: NATS, wallet_db: Database) -> None:
    for account_type in (1, 2, 41, 42):
        await opened(wallet_db, f"agent-{account_type}", account_type)
        assert await pay(wallet_nats, f"agent-{account_type}", 100, f"pay-{account_type}") == 100
    before = await written(wallet_db)
    await opened(wallet_db, "member-1", MEMBER)
    await opened(wallet_db, "trial-1", TRIAL)
    trial_before = await written(wallet_db)
    for account, code in (("member-1", "account.not_agent"), ("trial-1", "account.not_agent"),
                          ("nobody", "account.not_found")):  # fmt: skip
        with pytest.raises(money.Refused) as refused:
            await pay(wallet_nats, account, 5_000, f"pay-{account}")
        assert refused.value.code == code
        assert code in money.NOTHING_MOVED
    assert await written(wallet_db) == trial_before  # nothing written by the refusals (the trial's grant is its own)
    assert trial_before[2] == before[2]
    assert await available(wallet_db, "member-1") == 0
    # Nothing was claimed either: the id is free for the right agent.
    assert await pay(wallet_nats, "agent-1", 5_000, "pay-member-1") == 5_100


async def test_a_bad_request_is_refused_before_anything_is_written(wallet_nats: NATS, wallet_db: Database) -> None:
    await opened(wallet_db, "agent-1", AGENT)
    body = {
        "merchant": MERCHANT, "accountId": "agent-1", "currency": "TRY", "amount": 100, "transactionId": "bad-1",
        "contractKind": "DAILY_WAGE", "periodStart": "2026-11-26T00:00:00Z", "periodEnd": "2026-11-27T00:00:00Z",
    }  # fmt: skip
    for change, code in (
        ({"amount": 0}, "amount.invalid"), ({"amount": "100"}, "amount.invalid"), ({"contractKind": "BONUS"}, "request.invalid"),
        ({"periodEnd": "2026-11-25T00:00:00Z"}, "request.invalid"), ({"periodStart": "2026-11-26T00:00:00"}, "request.invalid"),
        ({"currency": "USD"}, "currency.unknown"),
    ):  # fmt: skip
        reply = await wallet_nats.request("rpc.wallet.salary", json.dumps({**body, **change}).encode())
        answer = json.loads(reply.data)
        assert (answer["success"], answer["errorCode"]) == (False, code), change
    assert await written(wallet_db) == (0, 0, 0)


async def test_the_record_shows_salary_and_the_house_account_balances(
    wallet: WalletClient, wallet_nats: NATS, wallet_db: Database
) -> None:
    agent, token = await wallet.member("agent.paid", account_type=AGENT)
    await pay(wallet_nats, agent, 40_000, "agent-salary:1:20261126T0000Z:TRY")
    await pay(wallet_nats, agent, 2_500, "agent-salary:2:20261126T0005Z:TRY", kind="REALTIME_SALARY")
    for kind, expected in (("salary", [2_500, 40_000]), ("all", [2_500, 40_000]), ("win", []), ("bonus", [])):
        response = await wallet.call("GET", f"/wps/relay/ODSFE2_MemTransDet?type={kind}", token)
        assert response.status_code == 200, response.text
        lines = response.json()["value"]["list"]
        assert [line["amount"] for line in lines] == expected, kind
        assert all(line["type"] == "salary" and line["wallet"] == "main" for line in lines)
    first = (await wallet.call("GET", "/wps/relay/ODSFE2_MemTransDet?type=salary", token)).json()["value"]["list"][-1]
    assert first["reference"] == "agent-salary:1:20261126T0000Z:TRY" and first["balanceAfter"] == 40_000
    # Reconciliation: every balance equals its journal and the brand's currency sums to zero; the house account for
    # agent pay holds exactly what it paid out.
    assert await differences(wallet_db) == []
    assert await house_total(wallet_db) == -42_500


# Who may ask: the NATS users the portal runs with (portal_stack.access, from proto/registry.yaml).
USERS = ("wallet", "games", "lottery", "site", "auth", "agent-contracts")


@pytest.fixture(scope="module")
def salary_nats(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[int, dict[str, str]]]:
    root: Path = tmp_path_factory.mktemp("salary-access")
    passwords = {name: secrets.token_urlsafe(16) for name in ("admin", *USERS)}
    (port,) = free_ports(1)
    process: ManagedProcess = nats_process(
        port, root / "nats", root / "nats.log", sync_always=False,
        authorization=nats_authorization(nats_users(passwords, USERS)),
    )  # fmt: skip
    process.start()
    try:
        process.wait_ready(30)
        yield port, passwords
    finally:
        process.stop()


def request(key: str) -> bytes:
    body = WalletSalaryRequest(
        merchant=MERCHANT, accountId="agent-1", currency="TRY", amount=1_000, transactionId=key,
        contractKind="DIVIDEND", periodStart=DAY, periodEnd=DAY + timedelta(days=7),
    )  # fmt: skip
    return body.model_dump_json().encode()


def url_of(port: int, passwords: dict[str, str], user: str) -> str:
    return f"nats://{user}:{passwords[user]}@127.0.0.1:{port}"


async def test_only_agent_contracts_may_pay_a_salary(
    salary_nats: tuple[int, dict[str, str]], wallet_db: Database
) -> None:
    port, passwords = salary_nats
    await opened(wallet_db, "agent-1", AGENT)
    responder = Responder(url_of(port, passwords, "wallet"), name="wallet-salary-access-test")
    money_answers(responder, wallet_db)
    await responder.start()
    try:
        for intruder in ("games", "lottery", "site", "auth", "wallet"):
            errors: list[str] = []

            async def on_error(error: Exception, errors: list[str] = errors) -> None:
                errors.append(str(error))

            url = url_of(port, passwords, intruder)
            nc = await nats.connect(url, error_cb=on_error, allow_reconnect=False, inbox_prefix=inbox_prefix(url))
            try:
                with pytest.raises(nats.errors.TimeoutError):
                    await nc.request("rpc.wallet.salary", request(f"intruder-{intruder}"), timeout=0.5)
                await asyncio.sleep(0.1)
                assert any('permissions violation for publish to "rpc.wallet.salary"' in e for e in errors), errors
            finally:
                await nc.close()
        assert await available(wallet_db, "agent-1") == 0  # nothing reached the wallet

        url = url_of(port, passwords, "agent-contracts")
        caller = await nats.connect(url, allow_reconnect=False, inbox_prefix=inbox_prefix(url))
        try:
            assert await pay(caller, "agent-1", 1_000, "agent-salary:9:20261126T0000Z:TRY") == 1_000
        finally:
            await caller.close()
    finally:
        await responder.stop()
    assert await differences(wallet_db) == []
