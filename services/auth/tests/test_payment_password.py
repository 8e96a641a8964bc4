"""The payment password: a member sets or changes it over HTTP, and other services check it over NATS
(``rpc.auth.payment_password.verify``), with a lock after five wrong answers."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta

import nats
import pytest
from auth_helpers import GOOD_REGISTRATION, AuthClient
from sqlalchemy import update

from auth_service.accounts.models import Account
from auth_service.accounts.payment_password import SUBJECT, payment_password_answers
from portal_kit.db import Database
from portal_kit.messaging.rpc import Responder
from portal_kit.testing.plugin import PortalServers


@pytest.fixture
async def responder(portal_servers: PortalServers, auth_db: Database) -> AsyncIterator[None]:
    responder = Responder(portal_servers.nats_url, name="auth-payment-test")
    payment_password_answers(portal_servers.redis_url, 24 * 3600)(responder, auth_db)
    await responder.start()
    yield
    await responder.stop()


async def check(url: str, merchant: str, account_id: str, password: str) -> dict[str, object]:
    nc = await nats.connect(url)
    try:
        body = {"merchant": merchant, "accountId": account_id, "password": password}
        reply = await nc.request(SUBJECT, json.dumps(body).encode(), timeout=5)
    finally:
        await nc.close()
    answer: dict[str, object] = json.loads(reply.data)
    return answer


async def signed_in(auth: AuthClient) -> tuple[str, str]:
    registered = await auth.register()
    assert registered.status_code == 200, registered.text
    login = await auth.login(GOOD_REGISTRATION["username"], GOOD_REGISTRATION["password"])
    token = login.json()["value"]["token"]
    info = (await auth.http.get("/wps/member/info", headers={"Authorization": token})).json()["value"]
    return token, str(info["id"])


async def test_change_needs_the_current_one_and_the_check_follows_after_the_cooling_off(
    auth: AuthClient, responder: None, portal_servers: PortalServers, auth_db: Database
) -> None:
    token, account_id = await signed_in(auth)
    url = portal_servers.nats_url
    assert (await check(url, "turkeyf2", account_id, GOOD_REGISTRATION["paymentPassword"]))["value"] == {"valid": True}
    path = "/wps/member/password/payment"
    change = {"oldPaymentPassword": "111111", "newPaymentPassword": "135791", "confirmPaymentPassword": "135791"}
    wrong = await auth.encrypted("PUT", path, change, Authorization=token)
    assert (wrong.status_code, wrong.json()["errorCode"]) == (400, "payment_password.invalid")
    short = await auth.encrypted(
        "PUT", path, {**change, "oldPaymentPassword": "654321", "newPaymentPassword": "1", "confirmPaymentPassword": "1"},
        Authorization=token,
    )  # fmt: skip
    assert short.json()["errorCode"] == "payment_password.format"
    done = await auth.encrypted("PUT", path, {**change, "oldPaymentPassword": "654321"}, Authorization=token)
    assert done.status_code == 200, done.text
    # A change starts the cooling-off: the right password, but no money leaves for a day (a thief's change?).
    assert (await check(url, "turkeyf2", account_id, "135791"))["errorCode"] == "security.cooling_off"
    async with auth_db.transaction() as session:
        await session.execute(
            update(Account)
            .where(Account.id == account_id)
            .values(security_changed_at=datetime.now(UTC) - timedelta(hours=24, minutes=1))
        )
    assert (await check(url, "turkeyf2", account_id, "135791"))["success"] is True
    assert (await check(url, "turkeyf2", account_id, "654321"))["errorCode"] == "payment_password.invalid"
    assert (await check(url, "another", account_id, "135791"))["errorCode"] == "account.not_found"
    visitor = await auth.encrypted("PUT", path, change)
    assert visitor.status_code == 401


async def test_first_payment_password_needs_the_login_password_and_five_failures_lock(
    auth: AuthClient, responder: None, portal_servers: PortalServers, auth_db: Database
) -> None:
    token, account_id = await signed_in(auth)
    async with auth_db.transaction() as session:
        await session.execute(update(Account).where(Account.id == account_id).values(payment_password_hash=None))
    url = portal_servers.nats_url
    assert (await check(url, "turkeyf2", account_id, "x"))["errorCode"] == "payment_password.not_set"
    first = {"newPaymentPassword": "802468", "confirmPaymentPassword": "802468"}
    session_only = await auth.encrypted("PUT", "/wps/member/password/payment", first, Authorization=token)
    assert (session_only.status_code, session_only.json()["errorCode"]) == (400, "password.old.incorrect")
    first["loginPassword"] = GOOD_REGISTRATION["password"]  # a stolen session alone cannot set the first one
    assert (await auth.encrypted("PUT", "/wps/member/password/payment", first, Authorization=token)).status_code == 200
    assert (await check(url, "turkeyf2", account_id, "802468"))["success"] is True  # no cooling-off for the first
    codes = [(await check(url, "turkeyf2", account_id, "000000"))["errorCode"] for _ in range(5)]
    assert codes == ["payment_password.invalid"] * 4 + ["payment_password.locked"]
    assert (await check(url, "turkeyf2", account_id, "802468"))["errorCode"] == "payment_password.locked"
    assert (await check(url, "turkeyf2", account_id, 5))["errorCode"] == "request.invalid"  # type: ignore[arg-type]


async def test_changing_it_guesses_against_the_same_lock_and_parallel_guesses_cannot_overshoot(
    auth: AuthClient, responder: None, portal_servers: PortalServers
) -> None:
    token, account_id = await signed_in(auth)
    right = GOOD_REGISTRATION["paymentPassword"]
    path = "/wps/member/password/payment"

    def change(old: str) -> dict[str, str]:
        return {"oldPaymentPassword": old, "newPaymentPassword": "975310", "confirmPaymentPassword": "975310"}

    guesses = [f"{n:06d}" for n in range(100_000, 100_012)]
    answers = await asyncio.gather(
        *(auth.encrypted("PUT", path, change(guess), Authorization=token) for guess in guesses)
    )
    codes = sorted(answer.json()["errorCode"] for answer in answers)
    # Each guess is counted before it is compared: four are wrong, the fifth locks, the rest are never compared.
    assert codes == ["payment_password.invalid"] * 4 + ["payment_password.locked"] * 8
    late = await auth.encrypted("PUT", path, change(right), Authorization=token)
    assert (late.status_code, late.json()["errorCode"]) == (429, "payment_password.locked")
    # The wallet's check is locked as well: the HTTP change and the NATS check count as one.
    assert (await check(portal_servers.nats_url, "turkeyf2", account_id, right))[
        "errorCode"
    ] == "payment_password.locked"


async def test_an_empty_answer_is_refused_as_invalid_input_and_never_counted_as_a_guess(
    auth: AuthClient, responder: None, portal_servers: PortalServers
) -> None:
    """No payment password is empty: a change without the current one (the field left out: its default is empty)
    is a 400 ``validation.failed``, as the wallet refuses an empty one before it asks, and neither counts towards
    the lock, however many are sent at once."""
    token, account_id = await signed_in(auth)
    right = GOOD_REGISTRATION["paymentPassword"]
    path = "/wps/member/password/payment"
    change = {"newPaymentPassword": "975310", "confirmPaymentPassword": "975310"}
    empty = await asyncio.gather(
        *(auth.encrypted("PUT", path, {**change, **extra}, Authorization=token, Language=language)
          for extra in ({}, {"oldPaymentPassword": ""}) for language in ("TR", "EN", "CN") for _ in range(2))
    )  # fmt: skip
    assert {(answer.status_code, answer.json()["errorCode"]) for answer in empty} == {(400, "validation.failed")}
    assert len({answer.json()["message"] for answer in empty}) == 3  # in each language
    assert all("oldPaymentPassword" in answer.json()["message"] for answer in empty)
    checks = await asyncio.gather(*(check(portal_servers.nats_url, "turkeyf2", account_id, "") for _ in range(6)))
    assert {answer["errorCode"] for answer in checks} == {"request.invalid"}  # its contract: never empty
    # Twelve empty answers and six empty checks later, nothing is locked: the right one still passes.
    assert (await check(portal_servers.nats_url, "turkeyf2", account_id, right))["value"] == {"valid": True}
    done = await auth.encrypted("PUT", path, {**change, "oldPaymentPassword": right}, Authorization=token)
    assert done.status_code == 200, done.text
