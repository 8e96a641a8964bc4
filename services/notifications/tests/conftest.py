"""The notifications service against real servers: PostgreSQL, NATS and Valkey from the kit's plugin, two API
processes (replicas) serving real sockets over HTTP, and the worker consuming from JetStream what the wallet's
outbox relay publishes there."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator

import pytest
from notifications_helpers import Notifications, Replica, replica_process
from notifications_service.settings import NotificationsSettings
from notifications_service.worker import build_worker

from portal_kit.testing.fixtures import migrated_database
from portal_kit.testing.plugin import PortalServers, reset_servers, running_processes, running_worker

notifications_database_url = migrated_database("notifications_test", "notifications")


@pytest.fixture(scope="session")
def replicas(portal_servers: PortalServers, notifications_database_url: str) -> Iterator[list[Replica]]:
    """Two API processes of the service, as two pods behind the gateway."""
    processes = [replica_process(portal_servers, notifications_database_url, f"notifications-{n}") for n in "ab"]
    with running_processes(*processes):
        yield [Replica(process) for process in processes]


@pytest.fixture
def spare_replica(portal_servers: PortalServers, notifications_database_url: str) -> Iterator[Replica]:
    """A third API process, for a test that kills it."""
    process = replica_process(portal_servers, notifications_database_url, "notifications-spare")
    with running_processes(process):
        yield Replica(process)


@pytest.fixture
def settings(portal_servers: PortalServers, notifications_database_url: str) -> NotificationsSettings:
    return NotificationsSettings(**portal_servers.service_urls(notifications_database_url))


@pytest.fixture
async def notifications(
    portal_servers: PortalServers, notifications_database_url: str, settings: NotificationsSettings,
    replicas: list[Replica],
) -> AsyncIterator[Notifications]:  # fmt: skip
    """A clean state, the worker consuming, and the two replicas."""
    await reset_servers(portal_servers, notifications_database_url)
    helper = Notifications(portal_servers, replicas, notifications_database_url)
    try:
        async with running_worker(build_worker(settings)):
            await helper.wait_for_consumers()
            yield helper
    finally:
        await helper.close()
