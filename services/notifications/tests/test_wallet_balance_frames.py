"""A member's money moved through the wallet's money API (a Hub88 bet, a win): the real wallet's responders and its
balance pushes (``push.wallet``, core NATS) on one side, this service's two API processes on the other; each socket of
that member, on either replica, gets a ``balance`` frame (the header reads the balance again), another member's
none."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from functools import partial
from typing import Any

import pytest
from notifications_helpers import Member, Notifications

from portal_kit.db import Database
from portal_kit.testing.clients import answering, nats_client
from portal_kit.testing.fixtures import migrated_database
from portal_kit.testing.plugin import PortalServers, reset_database
from wallet_service.accounts.handlers import NewAccount, open_wallets
from wallet_service.money.rpc import money_answers
from wallet_service.pushes import BalancePushes

WINDOW = 0.2

wallet_database_url = migrated_database("wallet_for_notifications", "wallet")


@pytest.fixture
async def wallet_db(wallet_database_url: str) -> AsyncIterator[Database]:
    await reset_database(wallet_database_url)
    db = Database(wallet_database_url, pool_size=4)
    yield db
    await db.dispose()


@pytest.fixture
async def wallet(portal_servers: PortalServers, wallet_db: Database) -> AsyncIterator[Database]:
    """The wallet worker's money API and balance pushes, as notifications meets them in production."""
    pushes = BalancePushes(WINDOW)
    answers = partial(money_answers, told=pushes.moved)
    async with (
        nats_client(portal_servers.nats_url) as nc,
        answering(portal_servers.nats_url, "wallet-for-notifications", answers, wallet_db),
    ):
        publishing = asyncio.create_task(pushes.run(nc))
        try:
            yield wallet_db
        finally:
            publishing.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await publishing


async def with_wallet(db: Database, member: Member) -> None:
    async with db.transaction() as session:
        await open_wallets(session, member.merchant, NewAccount(member.account_id, 0), "TRY", 0)


async def money(servers: PortalServers, subject: str, member: Member, **fields: Any) -> dict[str, Any]:
    body = {"merchant": member.merchant, "accountId": member.account_id, "currency": "TRY", **fields}
    async with nats_client(servers.nats_url) as nc:
        reply = await nc.request(subject, json.dumps(body).encode(), timeout=5)
    answer: dict[str, Any] = json.loads(reply.data)
    assert answer["success"], answer
    return answer


async def test_a_money_api_debit_reaches_each_socket_of_the_member_as_a_balance_frame(
    notifications: Notifications, wallet: Database, portal_servers: PortalServers
) -> None:
    player, other = await notifications.member(), await notifications.member()
    for member in (player, other):
        await with_wallet(wallet, member)
    tab_a, _ = await notifications.opened(player, replica=0)
    tab_b, _ = await notifications.opened(player, replica=1)  # a second tab, on the other replica
    others, _ = await notifications.opened(other, replica=0)

    await money(
        portal_servers, "rpc.wallet.credit", player, amount=150_000, transactionId="hub88-win-1", vendor="HUB88"
    )
    for tab in (tab_a, tab_b):
        assert await tab.frame(timeout=5) == {"type": "balance"}
    await asyncio.sleep(WINDOW)
    answer = await money(portal_servers, "rpc.wallet.debit", player, amount=1240, transactionId="hub88-bet-2")
    assert answer["value"]["balance"] == 150_000 - 1240
    for tab in (tab_a, tab_b):
        assert await tab.frame(timeout=5) == {"type": "balance"}

    with pytest.raises(TimeoutError):
        await others.frame(timeout=1.0)  # another member's money did not move
