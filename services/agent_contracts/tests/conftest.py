"""The agent-contracts service against real servers: PostgreSQL, NATS and Valkey from the kit's plugin; the API in
process over HTTP (ASGI), the worker consuming from JetStream the events the tests publish there as their producers
would (``Nats-Msg-Id`` = the event id), and answering the wallet's request on NATS."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from agent_contracts_helpers import MERCHANT, AgentContracts
from fastapi import FastAPI

from agent_contracts_service.main import build_app
from agent_contracts_service.settings import AgentContractsSettings
from agent_contracts_service.worker import build_worker
from portal_kit.db import Database
from portal_kit.testing.clients import asgi_client
from portal_kit.testing.fixtures import migrated_database, opened_database, started_app
from portal_kit.testing.plugin import PortalServers, reset_database, reset_redis, reset_streams, running_worker

agent_contracts_database_url = migrated_database("agent_contracts_test", "agent_contracts")
agent_contracts_db = opened_database("agent_contracts_database_url", pool_size=10, max_overflow=10)


@pytest.fixture
def settings(portal_servers: PortalServers, agent_contracts_database_url: str) -> AgentContractsSettings:
    # Settlement ticks only where a test settles (it asks for it): elsewhere a tick would pay what a test builds.
    return AgentContractsSettings(**portal_servers.service_urls(agent_contracts_database_url), settlement_enabled=False)


@pytest.fixture
async def agent_contracts_clean(portal_servers: PortalServers, agent_contracts_database_url: str) -> None:
    """The database and Valkey emptied (the streams only for a test that runs the worker)."""
    await reset_database(agent_contracts_database_url)
    await reset_redis(portal_servers.redis_url)


app = started_app(build_app, "settings", after=("agent_contracts_clean",))


@pytest.fixture
async def ac(
    portal_servers: PortalServers, agent_contracts_db: Database, app: FastAPI
) -> AsyncIterator[AgentContracts]:
    """A clean state and the API (no worker: a test that needs events asks for ``worker`` too)."""
    async with asgi_client(app, Language="EN", Merchant=MERCHANT) as http:
        yield AgentContracts(http, agent_contracts_db, portal_servers)


@pytest.fixture
async def worker(ac: AgentContracts, settings: AgentContractsSettings) -> AsyncIterator[None]:
    """The worker consuming from clean streams and answering its request."""
    await reset_streams(ac.servers.nats_url)
    async with running_worker(build_worker(settings)):
        await ac.wait_for_consumers()
        yield
