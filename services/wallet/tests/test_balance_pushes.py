"""Every movement of a member's money tells their open pages (``push.wallet.<merchant>.member.<accountId>``, core
NATS): the money API's debits (a Hub88 bet, an in-house round, a lottery ticket) from the real worker, and what the
HTTP API moves in a session (an ops adjustment); a refused bet tells nothing, and a burst of bets is told in a few
pushes, not one per bet."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import AsyncIterator
from typing import Any

import nats
import pytest
from nats.aio.msg import Msg
from wallet_http import MERCHANT, WalletClient

from portal_events import WalletBalancePush
from portal_kit.testing.clients import nats_client
from portal_kit.testing.plugin import reset_streams, running_worker
from wallet_service.pushes import BalancePushes
from wallet_service.settings import WalletSettings
from wallet_service.worker import build_worker

WINDOW = 0.3


class Heard:
    """The balance pushes of the brand, as a notifications API process hears them."""

    def __init__(self) -> None:
        self.pushes: list[tuple[float, str, WalletBalancePush]] = []

    async def take(self, msg: Msg) -> None:
        self.pushes.append((time.monotonic(), msg.subject, WalletBalancePush.model_validate_json(msg.data)))

    def of(self, account_id: str) -> list[float]:
        return [at for at, _, push in self.pushes if push.accountId == account_id]

    async def wait_for(self, account_id: str, count: int = 1, timeout: float = 5.0) -> list[float]:
        deadline = time.monotonic() + timeout
        while len(self.of(account_id)) < count and time.monotonic() < deadline:
            await asyncio.sleep(0.02)
        return self.of(account_id)


@pytest.fixture
async def heard(wallet_settings: WalletSettings) -> AsyncIterator[Heard]:
    nc = await nats.connect(wallet_settings.nats_url)
    listener = Heard()
    await nc.subscribe(f"push.wallet.{MERCHANT}.>", cb=listener.take)
    await nc.flush()
    yield listener
    await nc.close()


@pytest.fixture
async def worker(wallet: WalletClient, wallet_settings: WalletSettings) -> AsyncIterator[None]:
    await reset_streams(wallet_settings.nats_url)
    async with running_worker(build_worker(wallet_settings.model_copy(update={"balance_push_seconds": WINDOW}))):
        yield


async def ask(url: str, subject: str, body: dict[str, Any]) -> dict[str, Any]:
    nc = await nats.connect(url)
    try:
        reply = await nc.request(subject, json.dumps(body).encode(), timeout=5)
    finally:
        await nc.close()
    answer: dict[str, Any] = json.loads(reply.data)
    return answer


async def answered(url: str, subject: str, body: dict[str, Any]) -> dict[str, Any]:
    """The answer once the worker's responders are up (they start with it)."""
    for _ in range(100):
        try:
            return await ask(url, subject, body)
        except nats.errors.NoRespondersError:
            await asyncio.sleep(0.1)
    raise AssertionError(f"no responder on {subject}")


async def test_a_money_api_debit_pushes_the_members_balance(
    wallet: WalletClient, wallet_settings: WalletSettings, worker: None, heard: Heard
) -> None:
    player, _ = await wallet.member("hub88fan")
    broke, _ = await wallet.member("broke")
    url = wallet_settings.nats_url
    bet = {"merchant": MERCHANT, "accountId": player, "currency": "TRY", "amount": 1240, "transactionId": "hub88-1"}
    funded = await answered(url, "rpc.wallet.credit", {**bet, "amount": 150_000, "transactionId": "funds"})
    assert funded["success"], funded
    assert len(await heard.wait_for(player)) == 1
    await asyncio.sleep(WINDOW)  # the next push may go at once
    heard.pushes.clear()

    answer = await ask(url, "rpc.wallet.debit", {**bet, "vendor": "HUB88"})
    assert answer["value"]["balance"] == 150_000 - 1240
    assert len(await heard.wait_for(player)) == 1
    subject, push = next((subject, push) for _, subject, push in heard.pushes if push.accountId == player)
    assert subject == f"push.wallet.{MERCHANT}.member.{player}"
    assert push == WalletBalancePush(kind="balance", merchant=MERCHANT, accountId=player)

    refused = await ask(url, "rpc.wallet.debit", {**bet, "accountId": broke, "amount": 10**9, "transactionId": "x"})
    assert refused["errorCode"] == "wallet.insufficient_funds"
    rolled_back = await ask(url, "rpc.wallet.rollback", {"merchant": MERCHANT, "transactionId": "hub88-1"})
    assert rolled_back["value"]["reversed"] == 1240
    assert len(await heard.wait_for(player, 2)) == 2  # the rollback gave the stake back: told too
    await asyncio.sleep(2 * WINDOW)
    assert heard.of(broke) == []  # nothing moved, nothing told


async def test_a_burst_of_bets_is_told_in_a_few_pushes_the_last_after_the_last_bet(
    wallet: WalletClient, wallet_settings: WalletSettings, worker: None, heard: Heard
) -> None:
    player, _ = await wallet.member("autoplay")
    url = wallet_settings.nats_url
    base = {"merchant": MERCHANT, "accountId": player, "currency": "TRY"}
    await answered(url, "rpc.wallet.credit", {**base, "amount": 100_000, "transactionId": "funds"})
    await asyncio.sleep(2 * WINDOW)
    heard.pushes.clear()
    nc = await nats.connect(url)
    try:
        spins = [
            {**base, "stake": 100, "win": 50 * (n % 3), "transactionId": f"spin-{n}"} for n in range(40)
        ]  # an autoplay: rounds settled one after another
        for spin in spins:
            reply = await nc.request("rpc.wallet.settle", json.dumps(spin).encode(), timeout=5)
            assert json.loads(reply.data)["success"]
        last_bet = time.monotonic()
    finally:
        await nc.close()
    await asyncio.sleep(3 * WINDOW)
    told = heard.of(player)
    assert 1 <= len(told) <= (told[-1] - told[0]) / WINDOW + 2  # at most one a window
    assert len(told) < len(spins) / 4
    assert told[-1] >= last_bet - WINDOW  # the balance after the last bet is told


async def test_an_ops_adjustment_over_http_pushes_the_members_balance(
    wallet: WalletClient, wallet_settings: WalletSettings, heard: Heard
) -> None:
    """A movement the HTTP API makes in a session is told by its own process (no worker running here)."""
    member, token = await wallet.member("adjusted")
    before = await wallet.available(token)
    await wallet.ops_credit(member, 5_000, await wallet.ops())
    assert await wallet.available(token) == before + 5_000
    assert len(await heard.wait_for(member)) >= 1


async def test_a_push_the_contract_refuses_is_dropped_and_the_next_ones_still_go(
    wallet_settings: WalletSettings,
) -> None:
    """A member id outside the contract (none the wallet makes) loses its own push, never the publishing task."""
    pushes = BalancePushes(0.05)
    async with nats_client(wallet_settings.nats_url) as nc:
        listener = Heard()
        await nc.subscribe(f"push.wallet.{MERCHANT}.>", cb=listener.take)
        await nc.flush()
        publishing = asyncio.create_task(pushes.run(nc))
        try:
            pushes.moved(MERCHANT, "not an id!")
            pushes.moved(MERCHANT, "m-1")
            assert len(await listener.wait_for("m-1")) == 1
            await asyncio.sleep(0.1)
            pushes.moved(MERCHANT, "m-2")
            assert len(await listener.wait_for("m-2")) == 1
        finally:
            publishing.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await publishing
