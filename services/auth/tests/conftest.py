from __future__ import annotations

import sys
from collections.abc import AsyncIterator, Iterator

import httpx
import pytest
from auth_helpers import AuthClient
from fastapi import FastAPI

from auth_service.main import build_app
from auth_service.settings import AuthSettings
from portal_kit.db import Database
from portal_kit.servers import ManagedProcess, free_port, port_open
from portal_kit.testing.fixtures import migrated_database, opened_database
from portal_kit.testing.plugin import PortalServers, reset_database, reset_redis, reset_streams
from portal_stack.harness import running_site
from site_service.seed import seed

site_database_url = migrated_database("site_for_auth", "site")


auth_database_url = migrated_database("auth_test", "auth")


@pytest.fixture(scope="session")
def site_server(portal_servers: PortalServers, site_database_url: str) -> Iterator[str]:
    """The real site service: its worker answers rpc.site.brand as auth reaches it in production; its API is
    where the tests change a brand as ops do."""
    arguments = (site_database_url, portal_servers.redis_url, portal_servers.nats_url, portal_servers.root / "logs")
    with running_site(*arguments) as url:
        yield url


@pytest.fixture(scope="session")
def mail_sink(portal_servers: PortalServers) -> Iterator[int]:
    """The development SMTP sink the stack runs: every e-mail lands in the development messages file."""
    port = free_port()
    process = ManagedProcess(
        "mail-sink",
        [
            sys.executable,
            "-m",
            "portal_stack.mail_sink",
            "--port",
            str(port),
            "--file",
            str(portal_servers.root / "dev-messages.jsonl"),
        ],
        portal_servers.root / "logs" / "mail-sink.log",
        lambda: port_open(port),
        port=port,
    )
    process.start()
    process.wait_ready(30)
    yield port
    process.stop()


@pytest.fixture(scope="session")
def auth_settings(
    portal_servers: PortalServers, auth_database_url: str, site_server: str, mail_sink: int
) -> AuthSettings:
    return AuthSettings(
        database_url=auth_database_url,
        redis_url=portal_servers.redis_url,
        nats_url=portal_servers.nats_url,
        site_cache_seconds=0,  # every request asks the site worker: the tests change brands between calls
        bot_check_bits=8,
        dev_messages_file=str(portal_servers.root / "dev-messages.jsonl"),
        smtp_port=mail_sink,
    )


@pytest.fixture(scope="session")
async def auth_db(auth_settings: AuthSettings) -> AsyncIterator[Database]:
    db = Database(auth_settings.database_url)
    yield db
    await db.dispose()


site_db = opened_database("site_database_url")


@pytest.fixture
async def clean(
    portal_servers: PortalServers, auth_database_url: str, site_database_url: str, site_db: Database
) -> None:
    await reset_database(auth_database_url)
    await reset_database(site_database_url)
    await reset_streams(portal_servers.nats_url)
    await reset_redis(portal_servers.redis_url)
    (portal_servers.root / "dev-messages.jsonl").unlink(missing_ok=True)
    assert await seed(site_db)


@pytest.fixture
async def app(auth_settings: AuthSettings, clean: None) -> AsyncIterator[FastAPI]:
    application = build_app(auth_settings)
    async with application.router.lifespan_context(application):
        yield application


@pytest.fixture
async def auth(app: FastAPI, portal_servers: PortalServers, site_server: str) -> AsyncIterator[AuthClient]:
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://auth") as http:
        yield AuthClient(http, portal_servers.redis_url, site_server, app.state.settings.dev_messages_file)
