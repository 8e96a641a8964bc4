from __future__ import annotations

from collections.abc import AsyncIterator

import kit_test_models  # noqa: F401 - registers the test table
import pytest

from portal_kit.db import Base, Database
from portal_kit.messaging import inbox, outbox  # noqa: F401 - registers the outbox and inbox tables
from portal_kit.testing.plugin import PortalServers, reset_servers


@pytest.fixture(scope="session")
def kit_database_url(portal_servers: PortalServers) -> str:
    return portal_servers.database("kit_test")


@pytest.fixture(scope="session")
async def kit_db(kit_database_url: str) -> AsyncIterator[Database]:
    db = Database(kit_database_url)
    async with db.engine.begin() as connection:
        await connection.run_sync(Base.metadata.create_all)
    yield db
    await db.dispose()


@pytest.fixture(autouse=True)
async def clean_state(portal_servers: PortalServers, kit_db: Database, kit_database_url: str) -> None:
    await reset_servers(portal_servers, kit_database_url)
