from __future__ import annotations

import sys
from collections.abc import AsyncIterator, Iterator

import pytest
from auth_helpers import AuthClient
from fastapi import FastAPI

from auth_service.main import build_app
from auth_service.settings import AuthSettings
from portal_kit.servers import ManagedProcess, free_port, port_open
from portal_kit.testing.clients import asgi_client
from portal_kit.testing.fixtures import migrated_database, opened_database, running_service, started_app
from portal_kit.testing.plugin import PortalServers, reset_servers, running_processes, seeded
from portal_stack.harness import running_site
from site_service.seed import seed

site_database_url = migrated_database("site_for_auth", "site")


auth_database_url = migrated_database("auth_test", "auth")


# The real site service: its worker answers rpc.site.brand as auth reaches it in production; its API is where the
# tests change a brand as ops do.
site_server = running_service(running_site, "site_database_url")


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
    with running_processes(process, ready_within=30):
        yield port


@pytest.fixture(scope="session")
def auth_settings(
    portal_servers: PortalServers, auth_database_url: str, site_server: str, mail_sink: int
) -> AuthSettings:
    return AuthSettings(
        **portal_servers.service_urls(auth_database_url),
        site_cache_seconds=0,  # every request asks the site worker: the tests change brands between calls
        bot_check_bits=8,
        dev_messages_file=str(portal_servers.root / "dev-messages.jsonl"),
        smtp_port=mail_sink,
    )


auth_db = opened_database("auth_database_url")


@pytest.fixture
async def clean(portal_servers: PortalServers, auth_database_url: str, site_database_url: str) -> None:
    await reset_servers(portal_servers, auth_database_url, site_database_url)
    (portal_servers.root / "dev-messages.jsonl").unlink(missing_ok=True)
    assert await seeded(site_database_url, seed)


app = started_app(build_app, "auth_settings", after=("clean",))


@pytest.fixture
async def auth(app: FastAPI, portal_servers: PortalServers, site_server: str) -> AsyncIterator[AuthClient]:
    async with asgi_client(app, "http://auth") as http:
        yield AuthClient(http, portal_servers.redis_url, site_server, app.state.settings.dev_messages_file)
