from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from portal_kit.db import Database
from portal_kit.migrations import upgrade
from portal_kit.testing.plugin import PortalServers, reset_database, reset_redis, reset_streams

MIGRATIONS = Path(__file__).resolve().parents[1] / "migrations"


@pytest.fixture(scope="session")
def wallet_database_url(portal_servers: PortalServers) -> str:
    url = portal_servers.database("wallet_test")
    upgrade(MIGRATIONS, url)
    return url


@pytest.fixture(scope="session")
async def wallet_db(wallet_database_url: str) -> AsyncIterator[Database]:
    db = Database(wallet_database_url, pool_size=30, max_overflow=20)
    yield db
    await db.dispose()


@pytest.fixture(autouse=True)
async def clean(portal_servers: PortalServers, wallet_database_url: str, wallet_db: Database) -> None:
    await reset_database(wallet_database_url)
    await reset_streams(portal_servers.nats_url)
    await reset_redis(portal_servers.redis_url)
