"""The lottery service against real servers: PostgreSQL, NATS and Valkey from the kit's plugin; the real site
worker (``rpc.site.brand``: the brand's currency and prize mode) and the wallet's real money API on NATS over
its own database, as the lottery reaches them in production."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator

import httpx
import pytest
from lottery_helpers import TEST_SEED_KEY, TEST_SEED_KEY_ID, Lottery
from nats.aio.client import Client as NATS

from lottery_service.main import build_app
from lottery_service.settings import LotterySettings
from portal_kit.db import Database
from portal_kit.messaging.relay import connect_nats
from portal_kit.messaging.rpc import Responder
from portal_kit.testing.fixtures import migrated_database, opened_database
from portal_kit.testing.plugin import PortalServers, reset_database, reset_redis, reset_streams
from portal_stack.harness import running_site
from site_service.seed import seed as seed_site
from wallet_service.money.rpc import money_answers

lottery_database_url = migrated_database("lottery_test", "lottery")


wallet_for_lottery_url = migrated_database("wallet_for_lottery", "wallet")


site_for_lottery_url = migrated_database("site_for_lottery", "site")


@pytest.fixture(scope="session")
def lottery_site_worker(portal_servers: PortalServers, site_for_lottery_url: str) -> Iterator[None]:
    arguments = (site_for_lottery_url, portal_servers.redis_url, portal_servers.nats_url, portal_servers.root / "logs")
    with running_site(*arguments):
        yield


lottery_db = opened_database("lottery_database_url", pool_size=20, max_overflow=20)


wallet_for_lottery = opened_database("wallet_for_lottery_url", pool_size=20, max_overflow=10)


@pytest.fixture
async def lottery_clean(
    portal_servers: PortalServers,
    lottery_database_url: str,
    wallet_for_lottery_url: str,
    site_for_lottery_url: str,
    lottery_site_worker: None,
) -> None:
    await reset_database(lottery_database_url)
    await reset_database(wallet_for_lottery_url)
    await reset_database(site_for_lottery_url)
    await reset_streams(portal_servers.nats_url)
    await reset_redis(portal_servers.redis_url)
    site_db = Database(site_for_lottery_url, pool_size=1)
    try:
        await seed_site(site_db)
    finally:
        await site_db.dispose()


@pytest.fixture
async def lottery_wallet(
    portal_servers: PortalServers, wallet_for_lottery: Database, lottery_clean: None
) -> AsyncIterator[Responder]:
    """The wallet worker's money API on NATS, as the lottery reaches it in production."""
    responder = Responder(portal_servers.nats_url, name="wallet-for-lottery-test")
    money_answers(responder, wallet_for_lottery)
    await responder.start()
    yield responder
    await responder.stop()


@pytest.fixture
def lottery_settings(portal_servers: PortalServers, lottery_database_url: str) -> LotterySettings:
    return LotterySettings(
        database_url=lottery_database_url, redis_url=portal_servers.redis_url, nats_url=portal_servers.nats_url,
        recovery_after_seconds=1.0, seed_key=TEST_SEED_KEY, seed_key_id=TEST_SEED_KEY_ID,
    )  # fmt: skip


@pytest.fixture
async def worker_nats(portal_servers: PortalServers) -> AsyncIterator[NATS]:
    """The worker's own connection to the money API (settlement and the sweep)."""
    nc = await connect_nats(portal_servers.nats_url, "lottery-test-worker")
    yield nc
    await nc.close()


@pytest.fixture
async def lottery(
    lottery_settings: LotterySettings, lottery_db: Database, wallet_for_lottery: Database, lottery_wallet: Responder,
    worker_nats: NATS, portal_servers: PortalServers,
) -> AsyncIterator[Lottery]:  # fmt: skip
    app = build_app(lottery_settings)
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(
            transport=transport, base_url="http://portal", headers={"Language": "EN", "Merchant": "turkeyf2"}
        ) as http:
            yield Lottery(
                http, lottery_db, wallet_for_lottery, portal_servers.redis_url, worker_nats, lottery_settings, app
            )
