"""``/readyz``: ready only on a database at the service's schema revision (issue #48), and not taken out by Valkey."""

from __future__ import annotations

import importlib.util
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import httpx
import pytest

from portal_kit.app import create_app
from portal_kit.db import Database
from portal_kit.migrations import SchemaRevision, migrations_of, upgrade
from portal_kit.servers import free_port
from portal_kit.settings import ServiceSettings
from portal_kit.testing.plugin import PortalServers

MIGRATIONS = Path(__file__).parent / "readiness_migrations"  # two steps: 0001, then the head 0002


@asynccontextmanager
async def readiness_of(database_url: str, redis_url: str) -> AsyncIterator[httpx.AsyncClient]:
    settings = ServiceSettings(service_name="kit-ready", database_url=database_url, redis_url=redis_url)
    app = create_app(settings, migrations=MIGRATIONS)
    transport = httpx.ASGITransport(app=app)
    async with (
        app.router.lifespan_context(app),
        httpx.AsyncClient(transport=transport, base_url="http://test") as client,
    ):
        yield client


async def test_readiness_waits_for_the_schema_at_the_services_head(portal_servers: PortalServers) -> None:
    url = portal_servers.database("kit_readiness_schema")
    async with readiness_of(url, portal_servers.redis_url) as client:
        empty = await client.get("/readyz")
        assert (empty.status_code, empty.json()["errorCode"]) == (503, "service_unavailable")

        upgrade(MIGRATIONS, url, "0001")  # a step behind the head
        assert (await client.get("/readyz")).status_code == 503

        upgrade(MIGRATIONS, url)
        ready = await client.get("/readyz")
        assert (ready.status_code, ready.json()["value"]) == (200, {"status": "ready"})

        # Once at its head, a process stays ready as the next release migrates further (a rolling upgrade).
        db = Database(url)
        try:
            await db.rows("UPDATE alembic_version SET version_num = '0003'")
        finally:
            await db.dispose()
        assert (await client.get("/readyz")).status_code == 200


async def test_a_new_process_on_a_database_at_another_revision_is_not_ready(portal_servers: PortalServers) -> None:
    url = portal_servers.database("kit_readiness_other")
    upgrade(MIGRATIONS, url, "0001")
    async with readiness_of(url, portal_servers.redis_url) as client:
        assert (await client.get("/readyz")).status_code == 503
    upgrade(MIGRATIONS, url)
    async with readiness_of(url, portal_servers.redis_url) as client:
        assert (await client.get("/readyz")).status_code == 200


async def test_a_process_on_a_database_ahead_of_its_code_is_ready(portal_servers: PortalServers) -> None:
    """Code rolled back (or an old pod restarted mid-upgrade) on a schema a newer release migrated further: ready, as
    an expand-only migration leaves the old code working; behind (a revision it knows that is not its head) it is not."""
    url = portal_servers.database("kit_readiness_ahead")
    upgrade(MIGRATIONS, url)
    db = Database(url)
    try:
        await db.rows("UPDATE alembic_version SET version_num = 'a_newer_release'")
    finally:
        await db.dispose()
    async with readiness_of(url, portal_servers.redis_url) as client:
        assert (await client.get("/readyz")).status_code == 200


async def test_readiness_does_not_ask_valkey(portal_servers: PortalServers) -> None:
    """Valkey is shared by every pod of every service: its blip must not take every API out of its Service at once
    (the calls that need it answer their own errors meanwhile)."""
    url = portal_servers.database("kit_readiness_valkey")
    upgrade(MIGRATIONS, url)
    nowhere = f"redis://127.0.0.1:{free_port()}/0"  # no Valkey listens there
    async with readiness_of(url, nowhere) as client:
        assert (await client.get("/readyz")).status_code == 200


def test_a_service_finds_its_own_migrations_and_the_kit_has_none() -> None:
    assert migrations_of("portal_kit.settings") is None
    if importlib.util.find_spec("points_service") is None:
        pytest.skip("the points service is not installed")
    found = migrations_of("points_service.settings")
    assert found is not None and found.parts[-3:] == ("services", "points", "migrations")
    assert SchemaRevision(found).heads  # its head is known without a database
