"""The lottery service against real servers: PostgreSQL, NATS and Valkey from the kit's plugin; the real site
worker (``rpc.site.brand``: the brand's currency and prize mode) and the wallet's real money API on NATS over
its own database, as the lottery reaches them in production."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from fastapi import FastAPI
from lottery_helpers import MERCHANT, TEST_SEED_KEY, TEST_SEED_KEY_ID, Lottery
from nats.aio.client import Client as NATS

from lottery_service.main import build_app
from lottery_service.settings import LotterySettings
from portal_kit.db import Database
from portal_kit.messaging.relay import connect_nats
from portal_kit.testing.clients import asgi_client
from portal_kit.testing.fixtures import migrated_database, opened_database, responder, running_service, started_app
from portal_kit.testing.plugin import PortalServers, reset_servers, seeded
from portal_stack.harness import running_site
from site_service.seed import seed as seed_site
from wallet_service.money.rpc import money_answers

lottery_database_url = migrated_database("lottery_test", "lottery")


wallet_for_lottery_url = migrated_database("wallet_for_lottery", "wallet")


site_for_lottery_url = migrated_database("site_for_lottery", "site")


lottery_site_worker = running_service(running_site, "site_for_lottery_url")


lottery_db = opened_database("lottery_database_url", pool_size=20, max_overflow=20)


wallet_for_lottery = opened_database("wallet_for_lottery_url", pool_size=20, max_overflow=10)


@pytest.fixture
async def lottery_clean(
    portal_servers: PortalServers, lottery_database_url: str, wallet_for_lottery_url: str, site_for_lottery_url: str,
    lottery_site_worker: str,
) -> None:  # fmt: skip
    await reset_servers(portal_servers, lottery_database_url, wallet_for_lottery_url, site_for_lottery_url)
    await seeded(site_for_lottery_url, seed_site)


# The wallet worker's money API on NATS, as the lottery reaches it in production.
lottery_wallet = responder("wallet-for-lottery-test", money_answers, "wallet_for_lottery", after=("lottery_clean",))


@pytest.fixture
def lottery_settings(portal_servers: PortalServers, lottery_database_url: str) -> LotterySettings:
    return LotterySettings(
        **portal_servers.service_urls(lottery_database_url),
        recovery_after_seconds=1.0, seed_key=TEST_SEED_KEY, seed_key_id=TEST_SEED_KEY_ID,
    )  # fmt: skip


@pytest.fixture
async def worker_nats(portal_servers: PortalServers) -> AsyncIterator[NATS]:
    """The worker's own connection to the money API (settlement and the sweep)."""
    nc = await connect_nats(portal_servers.nats_url, "lottery-test-worker")
    yield nc
    await nc.close()


app = started_app(build_app, "lottery_settings", after=("lottery_wallet",))


@pytest.fixture
async def lottery(
    lottery_settings: LotterySettings, lottery_db: Database, wallet_for_lottery: Database, worker_nats: NATS,
    app: FastAPI, portal_servers: PortalServers,
) -> AsyncIterator[Lottery]:  # fmt: skip
    async with asgi_client(app, Language="EN", Merchant=MERCHANT) as http:
        yield Lottery(
            http, lottery_db, wallet_for_lottery, portal_servers.redis_url, worker_nats, lottery_settings, app
        )
