"""The money API over real NATS request/reply, account opening from the registration event through the kit's
consumer, and the balance call over HTTP."""

from __future__ import annotations

import asyncio
import json
import uuid
from collections.abc import AsyncIterator
from typing import Any

import httpx
import nats
import pytest
from sqlalchemy import func, select
from wallet_conftest import open_member

from portal_events import AuthMemberRegisteredV1
from portal_kit.db import Database
from portal_kit.envelope import Envelope
from portal_kit.messaging.consumer import create_broker, subscribe
from portal_kit.messaging.events import new_event
from portal_kit.messaging.relay import ensure_stream
from portal_kit.messaging.rpc import Responder
from portal_kit.sessions import Principal, Role
from portal_kit.testing.plugin import PortalServers, issue_session
from wallet_service.accounts.handlers import NewAccount, open_wallets
from wallet_service.ledger.models import LedgerAccount, MoneyTransaction
from wallet_service.ledger.schemas import BalanceRead
from wallet_service.main import build_app
from wallet_service.money.rpc import money_answers
from wallet_service.settings import WalletSettings


@pytest.fixture
async def broker(portal_servers: PortalServers, wallet_db: Database) -> AsyncIterator[Responder]:
    responder = Responder(portal_servers.nats_url, name="wallet-test")
    money_answers(responder, wallet_db)
    await responder.start()
    yield responder
    await responder.stop()


async def ask(url: str, subject: str, body: Any) -> dict[str, Any]:
    nc = await nats.connect(url)
    try:
        reply = await nc.request(subject, json.dumps(body).encode() if not isinstance(body, bytes) else body, timeout=5)
    finally:
        await nc.close()
    answer: dict[str, Any] = json.loads(reply.data)
    return answer


async def test_money_api_over_nats(broker: Responder, wallet_db: Database, portal_servers: PortalServers) -> None:
    nc = await nats.connect(portal_servers.nats_url)
    await ensure_stream(nc.jetstream(), "WALLET", ["wallet.>"])  # as in production: the events' stream exists
    await nc.close()
    await open_member(wallet_db, "m1")
    base = {"merchant": "turkeyf2", "accountId": "m1", "currency": "TRY"}
    url = portal_servers.nats_url
    credited = await ask(url, "rpc.wallet.credit", {**base, "amount": 1000, "transactionId": "win-1"})
    assert credited["value"] == {"transactionId": "win-1", "balance": 1000, "currency": "TRY"}
    debited = await ask(url, "rpc.wallet.debit", {**base, "amount": 300, "transactionId": "bet-1"})
    assert debited["value"]["balance"] == 700
    assert await ask(url, "rpc.wallet.debit", {**base, "amount": 300, "transactionId": "bet-1"}) == debited
    mismatch = await ask(url, "rpc.wallet.debit", {**base, "amount": 301, "transactionId": "bet-1"})
    assert (mismatch["success"], mismatch["errorCode"]) == (False, "idempotency.mismatch")
    too_much = await ask(url, "rpc.wallet.debit", {**base, "amount": 5000, "transactionId": "bet-2"})
    assert too_much["errorCode"] == "wallet.insufficient_funds"
    undone = await ask(url, "rpc.wallet.rollback", {"merchant": "turkeyf2", "transactionId": "bet-1"})
    assert undone["value"]["reversed"] == 300
    balance = await ask(url, "rpc.wallet.balance", {"merchant": "turkeyf2", "accountId": "m1"})
    assert balance["value"] == {"balance": 1000, "held": 0, "currency": "TRY"}
    assert (await ask(url, "rpc.wallet.debit", b"not json"))["errorCode"] == "request.invalid"
    assert (await ask(url, "rpc.wallet.debit", {**base, "amount": 1.5, "transactionId": "f"}))[
        "errorCode"
    ] == "amount.invalid"


async def test_registration_event_opens_wallets_once_even_when_redelivered(
    wallet_db: Database, portal_servers: PortalServers
) -> None:
    nc = await nats.connect(portal_servers.nats_url)
    js = nc.jetstream()
    await ensure_stream(js, "AUTH", ["auth.>"])
    consumer = create_broker(portal_servers.nats_url, name="wallet-consumer-test")

    async def handle(session: Any, event: AuthMemberRegisteredV1) -> None:
        new = event.data
        account = NewAccount(new.accountId, new.accountType, new.username, new.uplineId)
        await open_wallets(session, event.merchant, account, "TRY", 200_000)

    subscribe(
        consumer,
        service="wallet",
        handler_name="open_wallets",
        event=AuthMemberRegisteredV1,
        db=wallet_db,
        handler=handle,
    )
    await consumer.start()
    t9, m9 = str(uuid.uuid4()), str(uuid.uuid4())
    try:
        trial = new_event(
            AuthMemberRegisteredV1,
            "turkeyf2",
            {"accountId": t9, "username": "trial1", "accountType": 4, "uplineId": None, "registerMethod": "FREEPLAY"},
        )
        member = new_event(
            AuthMemberRegisteredV1,
            "turkeyf2",
            {"accountId": m9, "username": "ayse", "accountType": 0, "uplineId": None, "registerMethod": "USERNAME"},
        )
        for event, copies in ((trial, 3), (member, 1)):
            for copy in range(copies):  # as a redelivery or a republish would
                body = event.model_dump_json().encode()
                await js.publish(event.subject, body, headers={"Nats-Msg-Id": f"{event.id}-{copy}"})
        for _ in range(100):
            async with wallet_db.reader() as session:
                opened = await session.scalar(
                    select(func.count()).select_from(LedgerAccount).where(LedgerAccount.owner_id.in_([t9, m9]))
                )
            if opened == 2:
                break
            await asyncio.sleep(0.1)
        await asyncio.sleep(0.5)
    finally:
        await consumer.stop()
        await nc.close()
    async with wallet_db.reader() as session:
        accounts = {
            (a.owner_id, a.kind): a.balance
            for a in await session.scalars(select(LedgerAccount).where(LedgerAccount.owner_id != "house"))
        }
        grants = await session.scalar(
            select(func.count()).select_from(MoneyTransaction).where(MoneyTransaction.kind == "grant")
        )
    assert accounts == {(t9, "freeplay"): 200_000, (m9, "main"): 0}
    assert grants == 1


async def test_balance_call_shows_the_callers_wallets_only(
    wallet_db: Database, portal_servers: PortalServers, wallet_database_url: str
) -> None:
    await open_member(wallet_db, "m1")
    await open_member(wallet_db, "m2")
    from wallet_service.money import service
    from wallet_service.money.service import Movement

    await service.credit(
        wallet_db,
        Movement.parse(
            {"merchant": "turkeyf2", "accountId": "m1", "currency": "TRY", "amount": 123_456, "transactionId": "c"}
        ),
    )
    token = await issue_session(
        portal_servers.redis_url, Principal(role=Role.MEMBER, merchant="turkeyf2", account_id="m1", account_type=0)
    )
    other = await issue_session(
        portal_servers.redis_url, Principal(role=Role.MEMBER, merchant="turkeyf2", account_id="m2", account_type=0)
    )
    app = build_app(WalletSettings(database_url=wallet_database_url, redis_url=portal_servers.redis_url))
    async with (
        app.router.lifespan_context(app),
        httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://w") as http,
    ):
        answer = await http.get("/wps/v2/wallets/balance", headers={"Authorization": token})
        mine = answer.json()["value"]
        theirs = (await http.get("/wps/v2/wallets/balance", headers={"Authorization": other})).json()["value"]
        nobody = await http.get("/wps/v2/wallets/balance")
    assert mine == {
        "currency": "TRY",
        "scale": 2,
        "sum": 123_456,
        "wallets": [{"wallet": "main", "available": 123_456, "held": 0}],
    }
    assert Envelope[BalanceRead].model_validate_json(answer.content).value.sum == 123_456  # its declared contract
    assert theirs["sum"] == 0
    assert (nobody.status_code, nobody.json()["errorCode"]) == (401, "login.not.session")
