from __future__ import annotations

from collections.abc import AsyncIterator

import httpx
import pytest
from fastapi import FastAPI

from portal_kit.db import Database
from portal_kit.sessions import OpsRole, Principal, Role
from portal_kit.testing.fixtures import migrated_database
from portal_kit.testing.plugin import PortalServers, issue_session, reset_database, reset_redis, reset_streams
from site_service.main import build_app
from site_service.seed import seed
from site_service.settings import SiteSettings

site_database_url = migrated_database("site_test", "site")


@pytest.fixture(scope="session")
def site_settings(portal_servers: PortalServers, site_database_url: str) -> SiteSettings:
    return SiteSettings(
        database_url=site_database_url, redis_url=portal_servers.redis_url, nats_url=portal_servers.nats_url
    )


@pytest.fixture(scope="session")
async def site_db(site_settings: SiteSettings) -> AsyncIterator[Database]:
    db = Database(site_settings.database_url)
    yield db
    await db.dispose()


@pytest.fixture
async def demo_brand(portal_servers: PortalServers, site_database_url: str, site_db: Database) -> None:
    """Every test starts from an empty database holding only the seeded demo brand, and empty Redis and NATS."""
    await reset_database(site_database_url)
    await reset_streams(portal_servers.nats_url)
    await reset_redis(portal_servers.redis_url)
    assert await seed(site_db)


@pytest.fixture
async def app(site_settings: SiteSettings, demo_brand: None) -> AsyncIterator[FastAPI]:
    application = build_app(site_settings)
    async with application.router.lifespan_context(application):
        yield application


@pytest.fixture
async def client(app: FastAPI) -> AsyncIterator[httpx.AsyncClient]:
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://site") as http:
        yield http


@pytest.fixture
async def ops_token(portal_servers: PortalServers) -> str:
    return await issue_session(
        portal_servers.redis_url,
        Principal(role=Role.OPS, merchant="*", username="ayse.ops", ops_roles=frozenset({OpsRole.ADMIN})),
    )


@pytest.fixture
async def member_token(portal_servers: PortalServers) -> str:
    return await issue_session(
        portal_servers.redis_url, Principal(role=Role.MEMBER, merchant="turkeyf2", account_id="m-1", account_type=0)
    )
