"""Points converted to cash (issue 47): whole units of the brand's rate, the points taken at once and the cash
credited by the wallet's ``rpc.wallet.reward`` under the conversion's own key — paid exactly once (a repeated request,
a sweep after the wallet was away, parallel conversions), given back when the wallet refuses; bad input takes nothing;
the brand's admin alone sets the rate."""

from __future__ import annotations

import asyncio
import uuid
from datetime import timedelta
from typing import Any

import nats
import pytest
from points_helpers import MERCHANT, PAYMENT_PASSWORD, Points
from sqlalchemy import select

from points_service.conversion.models import Conversion
from points_service.conversion.service import sweep
from portal_events import PointsConversionPaidV1
from portal_kit.db import Database
from portal_kit.messaging.outbox import OutboxMessage
from portal_kit.messaging.rpc import Responder
from portal_kit.sessions import OpsRole
from portal_kit.testing.clients import answering
from portal_kit.testing.sessions import ops_session
from wallet_service.accounts.handlers import NewAccount, open_wallets
from wallet_service.money import service as money
from wallet_service.money.rpc import money_answers

CONVERT = "/wps/relay/passwordCheck/MCS2_convertPoint"
RATE = f"/wps/ops/points/merchants/{MERCHANT}/conversion"


def asked(points: int, **changes: Any) -> dict[str, Any]:
    return {"points": points, "paymentPassword": PAYMENT_PASSWORD, "requestId": f"c-{uuid.uuid4()}", **changes}


async def cash(wallet_db: Database, account: str) -> int:
    return int((await money.balance(wallet_db, MERCHANT, account))["value"]["balance"])


async def member_with_wallet(points: Points, wallet_db: Database, held: int) -> tuple[str, str]:
    account, token = await points.member(held)
    async with wallet_db.transaction() as session:
        await open_wallets(session, MERCHANT, NewAccount(account, 0, "m"), "TRY", 0)
    return account, token


@pytest.fixture
async def seeded(points: Points) -> Points:
    await points.seeded()  # 10 points = 1.00, at least 10
    return points


async def test_points_convert_to_cash_once(seeded: Points, wallet_db: Database, wallet_money: Responder) -> None:
    points = seeded
    account, token = await member_with_wallet(points, wallet_db, 100)
    body = asked(30)
    answer = await points.sealed(CONVERT, token, body)
    assert answer.status_code == 200, answer.text
    made = answer.json()["value"]
    assert (made["status"], made["points"], made["amount"], made["balance"]) == ("PAID", 30, 300, 70)
    again = (await points.sealed(CONVERT, token, body)).json()["value"]
    assert (again["transactionNo"], again["status"]) == (made["transactionNo"], "PAID")
    assert await cash(wallet_db, account) == 300
    assert await points.balance(account) == 70
    parallel = await asyncio.gather(*(points.sealed(CONVERT, token, asked(30)) for _ in range(5)))
    codes = sorted((a.status_code, a.json()["errorCode"]) for a in parallel)
    assert codes == [(200, None)] * 2 + [(409, "points.not_enough")] * 3, codes  # 70 points: two of 30
    assert (await points.balance(account), await cash(wallet_db, account)) == (10, 900)


async def test_a_conversion_the_wallet_did_not_answer_is_paid_by_the_sweep_once(
    seeded: Points, wallet_db: Database, wallet_clean: None
) -> None:
    points = seeded
    account, token = await member_with_wallet(points, wallet_db, 50)
    pending = (await points.sealed(CONVERT, token, asked(20))).json()["value"]  # nobody answers for the wallet
    assert (pending["status"], pending["balance"]) == ("PENDING", 30)
    nc = await nats.connect(points.servers.nats_url)
    try:
        assert await sweep(points.db, nc, timedelta(0)) == 1  # still nobody: stays pending
        async with answering(points.servers.nats_url, "wallet-back", money_answers, wallet_db):
            assert await sweep(points.db, nc, timedelta(0)) == 1
            assert await sweep(points.db, nc, timedelta(0)) == 0  # paid: nothing left to ask
    finally:
        await nc.close()
    async with points.db.reader() as session:
        row = (await session.scalars(select(Conversion))).one()
    assert (row.status, row.error, row.paid_at is not None) == ("PAID", None, True)
    assert await cash(wallet_db, account) == 200
    async with points.db.reader() as session:  # told once, in the transaction that settled it
        told = (
            await session.scalars(select(OutboxMessage).where(OutboxMessage.subject == "points.conversion.paid.v1"))
        ).all()
    paid = [PointsConversionPaidV1.model_validate(event.body).data for event in told]
    assert [(e.conversionId, e.accountId, e.points, e.amount, e.currency) for e in paid] == [
        (row.id, account, 20, 200, "TRY")
    ]


async def test_a_refused_conversion_gives_the_points_back(
    seeded: Points, wallet_db: Database, wallet_money: Responder
) -> None:
    points = seeded
    account, token = await points.member(50)  # no wallet: the wallet refuses
    failed = (await points.sealed(CONVERT, token, asked(20))).json()["value"]
    assert (failed["status"], failed["balance"]) == ("FAILED", 50)
    assert [(e.kind, e.points) for e in await points.entries(account)] == [
        ("EARN", 50),
        ("CONVERT", -20),
        ("REFUND", 20),
    ]


async def test_bad_conversions_take_nothing(seeded: Points, wallet_db: Database, wallet_money: Responder) -> None:
    points = seeded
    account, token = await member_with_wallet(points, wallet_db, 25)
    for body, status, code in (
        (asked(15), 400, "points.conversion_units"),  # not whole units of 10
        (asked(5), 400, "points.conversion_units"),  # below the least
        (asked(30), 409, "points.not_enough"),
        (asked(20, paymentPassword="000000"), 400, "payment_password.invalid"),
        (asked(0), 400, "validation.failed"),
        (asked(-10), 400, "validation.failed"),
        (asked("20"), 400, "validation.failed"),
    ):  # fmt: skip
        answer = await points.sealed(CONVERT, token, body)
        assert (answer.status_code, answer.json()["errorCode"]) == (status, code), body
    assert (await points.balance(account), await cash(wallet_db, account)) == (25, 0)
    admin = {"Authorization": await ops_session(points.servers.redis_url, "ayse", merchants=(MERCHANT,))}
    off = {"pointsPerUnit": 10, "amountPerUnit": 100, "minPoints": 10, "enabled": False, "reason": "audit week"}
    assert (await points.http.put(RATE, json=off, headers=admin)).status_code == 200
    refused = await points.sealed(CONVERT, token, asked(20))
    assert (refused.status_code, refused.json()["errorCode"]) == (409, "points.conversion_off")
    rule = await points.http.get("/wps/relay/MCS2_getPointConvertRule", headers={"Authorization": token})
    assert rule.json()["value"]["enabled"] is False
    maker = await ops_session(points.servers.redis_url, "mehmet", roles=(OpsRole.FINANCE_MAKER,), merchants=(MERCHANT,))
    assert (await points.http.put(RATE, json=off, headers={"Authorization": maker})).status_code == 403


async def test_a_wallet_error_that_may_have_moved_money_leaves_the_conversion_pending(
    seeded: Points, wallet_db: Database, wallet_clean: None
) -> None:
    """An answer that is no refusal of nothing moved (an internal error after the wallet may have committed) never
    gives the points back: the conversion stays pending, and the sweep pays it under the same key."""
    points = seeded
    account, token = await member_with_wallet(points, wallet_db, 40)
    nc = await nats.connect(points.servers.nats_url)
    broken = b'{"success": false, "value": null, "errorCode": "internal_error", "message": "boom"}'

    async def answer_broken(message: Any) -> None:
        await message.respond(broken)

    subscription = await nc.subscribe("rpc.wallet.reward", cb=answer_broken)
    try:
        pending = (await points.sealed(CONVERT, token, asked(20))).json()["value"]
        assert (pending["status"], pending["balance"]) == ("PENDING", 20)
    finally:
        await subscription.unsubscribe()
    try:
        async with answering(points.servers.nats_url, "wallet-back", money_answers, wallet_db):
            assert await sweep(points.db, nc, timedelta(0)) == 1
    finally:
        await nc.close()
    async with points.db.reader() as session:
        row = (await session.scalars(select(Conversion))).one()
    assert (row.status, await points.balance(account), await cash(wallet_db, account)) == ("PAID", 20, 200)


async def test_a_repeated_request_answers_its_conversion_after_the_rate_changed(
    seeded: Points, wallet_db: Database, wallet_money: Responder
) -> None:
    points = seeded
    _, token = await member_with_wallet(points, wallet_db, 50)
    body = asked(20)
    first = (await points.sealed(CONVERT, token, body)).json()["value"]
    admin = {"Authorization": await ops_session(points.servers.redis_url, "ayse", merchants=(MERCHANT,))}
    off = {"pointsPerUnit": 50, "amountPerUnit": 100, "minPoints": 50, "enabled": False, "reason": "changed"}
    assert (await points.http.put(RATE, json=off, headers=admin)).status_code == 200
    again = await points.sealed(CONVERT, token, body)
    assert again.status_code == 200, again.text
    assert (again.json()["value"]["transactionNo"], again.json()["value"]["status"]) == (first["transactionNo"], "PAID")
    huge = {"pointsPerUnit": 1, "amountPerUnit": 100_000_000, "minPoints": 1, "enabled": True, "reason": "x"}
    assert (await points.http.put(RATE, json=huge, headers=admin)).status_code == 200
    refused = await points.sealed(CONVERT, token, asked(2_000))  # 200,000,000,000 minor units at once
    assert (refused.status_code, refused.json()["errorCode"]) == (400, "points.conversion_too_large")
