from __future__ import annotations

from collections.abc import AsyncIterator

import httpx
import pytest
from fastapi import FastAPI

from portal_kit.db import Database
from portal_kit.testing.clients import asgi_client
from portal_kit.testing.fixtures import migrated_database, opened_database, started_app
from portal_kit.testing.plugin import PortalServers, reset_servers
from portal_kit.testing.sessions import member_session, ops_session
from site_service.main import build_app
from site_service.seed import seed
from site_service.settings import SiteSettings

site_database_url = migrated_database("site_test", "site")


@pytest.fixture(scope="session")
def site_settings(portal_servers: PortalServers, site_database_url: str) -> SiteSettings:
    return SiteSettings(**portal_servers.service_urls(site_database_url))


site_db = opened_database("site_database_url")


@pytest.fixture
async def demo_brand(portal_servers: PortalServers, site_database_url: str, site_db: Database) -> None:
    """Every test starts from an empty database holding only the seeded demo brand, and empty Redis and NATS."""
    await reset_servers(portal_servers, site_database_url)
    assert await seed(site_db)


app = started_app(build_app, "site_settings", after=("demo_brand",))


@pytest.fixture
async def client(app: FastAPI) -> AsyncIterator[httpx.AsyncClient]:
    async with asgi_client(app, "http://site") as http:
        yield http


@pytest.fixture
async def ops_token(portal_servers: PortalServers) -> str:
    return await ops_session(portal_servers.redis_url, "ayse.ops")


@pytest.fixture
async def member_token(portal_servers: PortalServers) -> str:
    return await member_session(portal_servers.redis_url, "turkeyf2", "m-1")
