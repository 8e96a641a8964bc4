"""A worker's probes (issue #48): no port unless its settings give one; ``/readyz`` only with NATS and the database."""

from __future__ import annotations

import asyncio
import os
import socket
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

from portal_kit.db import Database
from portal_kit.migrations import upgrade
from portal_kit.servers import ManagedProcess, free_port
from portal_kit.settings import ServiceSettings
from portal_kit.testing.plugin import PortalServers, running_worker
from portal_kit.worker import Worker

MIGRATIONS = Path(__file__).parent / "readiness_migrations"  # two steps: 0001, then the head 0002


def listening_ports() -> set[int]:
    """The TCP ports this process listens on (its sockets in /proc/net/tcp*, state LISTEN)."""
    inodes = set()
    for fd in os.listdir("/proc/self/fd"):
        try:
            target = os.readlink(f"/proc/self/fd/{fd}")
        except OSError:
            continue
        if target.startswith("socket:["):
            inodes.add(target[len("socket:[") : -1])
    ports = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with open(table) as lines:
            for line in list(lines)[1:]:
                fields = line.split()
                if fields[3] == "0A" and fields[9] in inodes:
                    ports.add(int(fields[1].rsplit(":", 1)[1], 16))
    return ports


def settings(database_url: str, nats_url: str, health_port: int | None = None) -> ServiceSettings:
    return ServiceSettings(
        service_name="kit-health", database_url=database_url, nats_url=nats_url, health_port=health_port
    )


async def probe(port: int, path: str) -> int:
    async with httpx.AsyncClient(timeout=5) as client:
        return (await client.get(f"http://127.0.0.1:{port}{path}")).status_code


def test_the_port_is_per_service_and_off_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    class OneService(ServiceSettings):
        model_config = ServiceSettings.model_config | {"env_prefix": "KITHEALTH_"}

    monkeypatch.setenv("HEALTH_PORT", "9999")  # not a shared variable: every local worker would take it
    assert OneService().health_port is None
    monkeypatch.setenv("KITHEALTH_HEALTH_PORT", "8081")
    assert OneService().health_port == 8081


def started_worker(worker_settings: ServiceSettings, **options: Any) -> tuple[Worker, asyncio.Event]:
    """A worker that does not produce, and an event set once it has started (its background jobs run)."""
    started = asyncio.Event()

    async def mark(_db: Database) -> None:
        started.set()

    return Worker(worker_settings, produces=False, background=[mark], **options), started


async def test_a_worker_binds_no_port_unless_configured(portal_servers: PortalServers, kit_database_url: str) -> None:
    before = listening_ports()
    worker, started = started_worker(settings(kit_database_url, portal_servers.nats_url))
    async with running_worker(worker):
        await asyncio.wait_for(started.wait(), 30)
        assert listening_ports() == before


async def test_ready_with_nats_and_the_database_not_without_nats(
    nats_server_factory: Callable[[], ManagedProcess], kit_database_url: str
) -> None:
    nats = nats_server_factory()
    port = free_port()
    worker, started = started_worker(settings(kit_database_url, f"nats://127.0.0.1:{nats.port}", port))
    async with running_worker(worker):
        await asyncio.wait_for(started.wait(), 30)
        assert port in listening_ports()
        assert (await probe(port, "/healthz"), await probe(port, "/readyz")) == (200, 200)

        nats.stop()
        await eventually(port, "/readyz", 503)
        assert await probe(port, "/healthz") == 200  # alive: it rides the outage out, reconnecting

        nats.start()
        nats.wait_ready(30)
        await eventually(port, "/readyz", 200)
    assert port not in listening_ports()  # closed as the worker stops


async def test_not_ready_while_the_database_is_unreachable(portal_servers: PortalServers) -> None:
    nowhere = f"postgresql+psycopg://postgres@127.0.0.1:{free_port()}/postgres"  # no PostgreSQL listens there
    port = free_port()
    worker, started = started_worker(settings(nowhere, portal_servers.nats_url, port))
    async with running_worker(worker):
        await asyncio.wait_for(started.wait(), 30)
        assert (await probe(port, "/healthz"), await probe(port, "/readyz")) == (200, 503)


async def test_ready_only_at_the_services_schema_head(portal_servers: PortalServers) -> None:
    url = portal_servers.database("kit_worker_readiness_schema")
    upgrade(MIGRATIONS, url, "0001")  # a step behind the head
    port = free_port()
    worker, started = started_worker(settings(url, portal_servers.nats_url, port), migrations=MIGRATIONS)
    async with running_worker(worker):
        await asyncio.wait_for(started.wait(), 30)
        assert await probe(port, "/readyz") == 503
        upgrade(MIGRATIONS, url)
        assert await probe(port, "/readyz") == 200


async def test_a_port_taken_fails_the_start_rather_than_running_unprobed(portal_servers: PortalServers) -> None:
    with socket.create_server(("0.0.0.0", 0)) as taken:
        port = taken.getsockname()[1]
        worker, _started = started_worker(settings("postgresql+psycopg://unused/none", portal_servers.nats_url, port))
        with pytest.raises(OSError, match="in use"):
            await asyncio.wait_for(worker.run(), 30)


async def eventually(port: int, path: str, status: int, within: float = 15.0) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + within
    while (found := await probe(port, path)) != status:
        assert loop.time() < deadline, f"{path} still answers {found}, not {status}"
        await asyncio.sleep(0.1)
