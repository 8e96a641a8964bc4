"""``POST /wps/v2/wallets/downline/transfer`` (issue 45): an agent's transfer to any account of its team tree, at any
depth, never outside it. The tree is agent-contracts' (``rpc.agent-contracts.team_member``, answered here by its real
responder on its own migrated database); the payment password is auth's (its real responder). Against real
PostgreSQL, NATS and Valkey: once per request id under 20 parallel asks, both sides moved, refusals (another team's
member, an upline, itself, a member, a trial account, a visitor, a wrong payment password, more than the balance, no
answer from agent-contracts in time) leave nothing written."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import pytest
from nats.aio.msg import Msg
from sqlalchemy import func, select
from wallet_http import PAYMENT_PASSWORD, WalletClient

from agent_contracts_service.team import service as team
from agent_contracts_service.team.domain import Placement
from agent_contracts_service.team.rpc import team_member_answers
from portal_kit.db import Database
from portal_kit.testing.clients import answering, nats_client
from portal_kit.testing.fixtures import migrated_database
from portal_kit.testing.plugin import PortalServers, reset_database
from wallet_service.ledger.models import JournalEntry, MoneyTransaction

MERCHANT = "turkeyf2"
PATH = "/wps/v2/wallets/downline/transfer"
RECORD = "/wps/relay/ODSFE2_MemTransDet"
AGENT, MEMBER, TRIAL = 1, 0, 4

team_for_wallet_url = migrated_database("agent_contracts_for_wallet", "agent_contracts")


@dataclass
class Team:
    """agent-contracts' tree, answering the wallet over NATS as its worker does."""

    db: Database
    wallet: WalletClient

    async def join(self, name: str, upline: str | None = None, account_type: int = AGENT) -> tuple[str, str]:
        """A registered account (auth, wallet) placed in the tree under ``upline``; its id and a session."""
        account_id, token = await self.wallet.member(name, account_type=account_type, upline=upline)
        async with self.db.transaction() as session:
            await team.place(session, MERCHANT, Placement(account_id, name, account_type, upline), datetime.now(UTC))
        return account_id, token

    async def move(self, account_id: str, upline_id: str) -> None:
        async with self.db.transaction() as session:
            await team.move(session, MERCHANT, account_id, upline_id)


@pytest.fixture
async def tree(portal_servers: PortalServers, team_for_wallet_url: str, wallet: WalletClient) -> AsyncIterator[Team]:
    await reset_database(team_for_wallet_url)
    db = Database(team_for_wallet_url, pool_size=4)
    async with answering(portal_servers.nats_url, "agent-contracts-for-wallet", team_member_answers(4), db):
        yield Team(db, wallet)
    await db.dispose()


def order(
    downline: str, amount: Any, request_id: str | None = None, password: str = PAYMENT_PASSWORD
) -> dict[str, Any]:
    return {"downlineId": downline, "amount": amount, "requestId": request_id or uuid.uuid4().hex,
            "paymentPassword": password}  # fmt: skip


async def send(wallet: WalletClient, token: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    response = await wallet.call_sealed("POST", PATH, token, body)
    return response.status_code, response.json()


async def written(db: Database) -> tuple[int, int]:
    async with db.reader() as session:
        transactions = await session.scalar(select(func.count()).select_from(MoneyTransaction))
        lines = await session.scalar(select(func.count()).select_from(JournalEntry))
    return int(transactions or 0), int(lines or 0)


async def record(wallet: WalletClient, token: str, record_type: str = "all") -> list[tuple[str, int]]:
    response = await wallet.call("GET", f"{RECORD}?type={record_type}", token)
    assert response.status_code == 200, response.text
    return [(line["type"], line["amount"]) for line in response.json()["value"]["list"]]


async def test_an_agent_pays_a_downline_at_any_depth_once_per_request(wallet: WalletClient, tree: Team) -> None:
    top, top_token = await tree.join("top.agent")
    sub, sub_token = await tree.join("sub.agent", top)
    deep, deep_token = await tree.join("deep.member", sub, MEMBER)
    await wallet.ops_credit(top, 100_000, await wallet.ops())

    body = order(deep, 30_000, "pay-deep-1")
    answers = await asyncio.gather(*(send(wallet, top_token, body) for _ in range(20)))
    assert {status for status, _ in answers} == {200}, answers
    values = [answer["value"] for _, answer in answers]
    assert values == [{"downlineId": deep, "username": "deep.member", "amount": 30_000, "balance": 70_000}] * 20
    assert await wallet.available(top_token) == 70_000
    assert await wallet.available(deep_token) == 30_000
    # Asked again later (another nonce, the same request): the stored original, nothing moved.
    assert await send(wallet, top_token, body) == (200, answers[0][1])
    assert await wallet.available(deep_token) == 30_000

    # A direct downline too; the sub-agent pays its own downline.
    status, answer = await send(wallet, top_token, order(sub, 5_000))
    assert (status, answer["value"]["balance"]) == (200, 65_000)
    assert (await send(wallet, sub_token, order(deep, 1_000)))[0] == 200
    assert await wallet.available(sub_token) == 4_000
    assert await wallet.available(deep_token) == 31_000

    # The agent's record shows what it sent down as downline; the receiver's as money from its upline.
    assert await record(wallet, top_token, "downline") == [("downline", -5_000), ("downline", -30_000)]
    assert await record(wallet, deep_token) == [("upline", 1_000), ("upline", 30_000)]
    assert await record(wallet, deep_token, "downline") == []
    assert await record(wallet, sub_token) == [("downline", -1_000), ("upline", 5_000)]
    assert await record(wallet, sub_token, "upline") == [("upline", 5_000)]
    # The same request id with another content is refused and moves nothing.
    status, answer = await send(wallet, top_token, order(deep, 30_001, "pay-deep-1"))
    assert (status, answer["errorCode"]) == (409, "idempotency.mismatch")
    assert await wallet.available(top_token) == 65_000
    assert await wallet.reconciled()


async def test_outside_the_tree_is_refused_and_nothing_moves(wallet: WalletClient, tree: Team) -> None:
    top, top_token = await tree.join("top.agent")
    sub, sub_token = await tree.join("sub.agent", top)
    sibling, _ = await tree.join("sibling.agent")
    stranger, _ = await tree.join("sibling.member", sibling, MEMBER)
    await wallet.ops_credit(top, 50_000, await wallet.ops())
    await wallet.ops_credit(sub, 50_000, await wallet.ops())
    before = await written(wallet.db)
    for token, target in (
        (top_token, stranger),  # a sibling's member
        (top_token, sibling),  # another top agent
        (sub_token, top),  # its upline
        (top_token, top),  # itself
        (top_token, str(uuid.uuid4())),  # nobody
    ):
        status, answer = await send(wallet, token, order(target, 1_000))
        assert (status, answer["errorCode"]) == (404, "downline.not_found"), target
        assert answer["message"] == "This account is not in your team."
    assert await written(wallet.db) == before
    assert await wallet.available(top_token) == 50_000 and await wallet.available(sub_token) == 50_000

    # The tree is agent-contracts': once ops move the sub-agent under the sibling, it is the sibling's downline, not
    # the top agent's (the wallet's own upline column still names the top agent, from the registration).
    await tree.move(sub, sibling)
    status, answer = await send(wallet, top_token, order(sub, 1_000))
    assert (status, answer["errorCode"]) == (404, "downline.not_found")
    assert await written(wallet.db) == before
    assert await wallet.reconciled()


async def test_only_an_agent_with_its_payment_password_and_the_money_may_send(wallet: WalletClient, tree: Team) -> None:
    top, top_token = await tree.join("top.agent")
    member, member_token = await tree.join("plain.member", top, MEMBER)
    other, _ = await tree.join("other.member", top, MEMBER)
    _, trial_token = await wallet.member("trial.player", account_type=TRIAL)
    await wallet.ops_credit(top, 10_000, await wallet.ops())
    await wallet.ops_credit(member, 10_000, await wallet.ops())
    before = await written(wallet.db)

    assert (await send(wallet, member_token, order(other, 1_000)))[1]["errorCode"] == "access.denied"
    assert (await send(wallet, member_token, order(other, 1_000)))[0] == 403
    status, answer = await send(wallet, trial_token, order(other, 1_000))
    assert (status, answer["errorCode"]) == (403, "in_need_true_account")
    body, headers = await wallet.sealed("POST", PATH, order(other, 1_000))
    visitor = await wallet.call("POST", PATH, json=body, headers=headers)
    assert visitor.status_code == 401

    status, answer = await send(wallet, top_token, order(member, 1_000, password="135791"))
    assert (status, answer["errorCode"]) == (400, "payment_password.invalid")
    status, answer = await send(wallet, top_token, order(member, 10_001))
    assert (status, answer["errorCode"]) == (409, "wallet.insufficient_funds")
    for amount in (0, -5, "100", 1.5):
        status, answer = await send(wallet, top_token, order(member, amount))
        assert status == 400 and answer["errorCode"] in {"amount.invalid", "validation.failed"}, amount
    assert await written(wallet.db) == before
    assert await wallet.available(top_token) == 10_000 and await wallet.available(member_token) == 10_000
    # The refused request ids were not used up: the same id goes through once the amount is right.
    status, answer = await send(wallet, top_token, order(member, 10_000))
    assert (status, answer["value"]["balance"]) == (200, 0)
    assert await wallet.reconciled()


async def test_without_an_answer_from_agent_contracts_nothing_moves(
    portal_servers: PortalServers, wallet: WalletClient
) -> None:
    """No responder at all, then one too slow to answer within the wallet's 0.5 s: 503, nothing written."""
    top, top_token = await wallet.member("top.agent", account_type=AGENT)
    downline, downline_token = await wallet.member("its.member", upline=top)
    await wallet.ops_credit(top, 10_000, await wallet.ops())
    before = await written(wallet.db)
    status, answer = await send(wallet, top_token, order(downline, 1_000, "slow-1"))
    assert (status, answer["errorCode"]) == (503, "team.unavailable")

    async with nats_client(portal_servers.nats_url) as nc:
        late: list[bytes] = []

        async def too_slow(message: Msg) -> None:
            await asyncio.sleep(1.5)
            late.append(message.data)
            await message.respond(
                b'{"success":true,"value":{"inTeam":true,"username":"its.member","accountType":0},'
                b'"errorCode":null,"message":null}'
            )

        await nc.subscribe("rpc.agent-contracts.team_member", queue="agent-contracts", cb=too_slow)
        await nc.flush()
        started = asyncio.get_running_loop().time()
        status, answer = await send(wallet, top_token, order(downline, 1_000, "slow-1"))
        assert (status, answer["errorCode"]) == (503, "team.unavailable")
        assert asyncio.get_running_loop().time() - started < 1.4
        await asyncio.sleep(1.5)
        assert late  # it did ask, and the answer came too late to move anything
    assert await written(wallet.db) == before
    assert await wallet.available(top_token) == 10_000 and await wallet.available(downline_token) == 0
    assert await wallet.reconciled()
