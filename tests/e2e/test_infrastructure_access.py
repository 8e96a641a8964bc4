"""The running portal's NATS and Valkey: a process without a service's password gets nothing, a service outside
its rights is refused, and the wallet still answers the callers allowed to ask it."""

from __future__ import annotations

import asyncio
import json
import stat
import uuid
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import nats
import pytest
from nats.errors import TimeoutError as NatsTimeout
from redis import Redis
from redis.exceptions import AuthenticationError, NoPermissionError, ResponseError

from portal_events import WalletBalanceReply
from portal_kit.messaging.relay import inbox_prefix
from portal_stack.credentials import FILE_NAME, local_passwords
from portal_stack.harness import Stack

T = TypeVar("T")
CREDIT = {
    "merchant": "turkeyf2",
    "accountId": str(uuid.uuid4()),
    "currency": "TRY",
    "amount": 4200,
    "transactionId": "e2e:intruder:win",
    "wallet": "main",
}


def service_password(stack: Stack, server: str, user: str) -> str:
    return local_passwords(stack.data_dir)[server][user]


def run_apart(coroutine: Coroutine[Any, Any, T]) -> T:
    """Run ``coroutine`` on a thread of its own: once a browser test ran, Playwright's sync API keeps an event
    loop running on this one, where ``asyncio.run`` is refused."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def test_the_passwords_are_readable_by_their_owner_only(stack: Stack) -> None:
    for path in (stack.data_dir / FILE_NAME, stack.data_dir / "nats" / "nats.conf"):
        assert stat.S_IMODE(path.stat().st_mode) == 0o600, path


def test_a_nats_client_without_credentials_cannot_reach_the_wallet_credit(stack: Stack) -> None:
    port = stack.ports["PORTAL_NATS_PORT"]

    async def attempt() -> None:
        with pytest.raises((nats.errors.NoServersError, nats.errors.Error, OSError)):
            await nats.connect(f"nats://127.0.0.1:{port}", allow_reconnect=False, max_reconnect_attempts=0)

    run_apart(attempt())


def test_a_service_that_may_not_credit_is_refused_and_the_wallet_answers_one_that_may(stack: Stack) -> None:
    site_url = f"nats://site:{service_password(stack, 'nats', 'site')}@127.0.0.1:{stack.ports['PORTAL_NATS_PORT']}"

    async def attempt() -> tuple[list[str], bytes]:
        errors: list[str] = []

        async def on_error(error: Exception) -> None:
            errors.append(str(error))

        site = await nats.connect(
            site_url, error_cb=on_error, allow_reconnect=False, inbox_prefix=inbox_prefix(site_url)
        )
        admin = await nats.connect(stack.nats_url, inbox_prefix=inbox_prefix(stack.nats_url))
        try:
            with pytest.raises(NatsTimeout):
                await site.request("rpc.wallet.credit", json.dumps(CREDIT).encode(), timeout=1)
            balance = {"merchant": "turkeyf2", "accountId": CREDIT["accountId"]}
            answer = await admin.request("rpc.wallet.balance", json.dumps(balance).encode(), timeout=5)
            return errors, answer.data
        finally:
            await site.close()
            await admin.close()

    errors, answer = run_apart(attempt())
    assert any('permissions violation for publish to "rpc.wallet.credit"' in error for error in errors), errors
    WalletBalanceReply.model_validate_json(answer)  # the wallet worker, as its own user, answers an allowed caller


def test_valkey_refuses_a_client_without_a_password_and_a_service_cannot_mint_a_session(stack: Stack) -> None:
    port = stack.ports["PORTAL_VALKEY_PORT"]
    with Redis(port=port) as anonymous, pytest.raises((AuthenticationError, ResponseError)):
        anonymous.get("session:any")
    wallet_password = service_password(stack, "valkey", "wallet")
    with Redis(port=port, username="wallet", password=wallet_password) as wallet, pytest.raises(NoPermissionError):
        wallet.set("session:minted", json.dumps({"role": "ops", "merchant": "*", "username": "intruder"}))
