"""pytest plugin: real PostgreSQL, NATS (JetStream) and Valkey, started once per test run on free ports with
temporary data, so tests run beside a running portal and leave nothing behind.

Fixtures: ``portal_servers`` (session; URLs and the processes), ``nats_server_factory`` (a private NATS a
test may stop and restart). Helpers: ``running_processes`` (started, ready, stopped after), ``running_worker``
(a service's worker in the test's own process), the per-test clean state (``reset_servers``: a service's
databases emptied, streams deleted, Valkey flushed; or each alone, ``reset_database``, ``reset_streams``,
``reset_redis``), ``seeded`` (a seed run on a database) and ``issue_session``.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import secrets
import shutil
import tempfile
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypedDict

import nats
import pytest
from nats.js.errors import NotFoundError
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

from portal_kit.db import Database, async_url
from portal_kit.servers import (
    ManagedProcess,
    NatsUser,
    database_url,
    ensure_database,
    free_port,
    free_ports,
    nats_authorization,
    nats_process,
    postgres_process,
    valkey_process,
)
from portal_kit.sessions import Principal, SessionStore
from portal_kit.valkey_link import ValkeyLink

if TYPE_CHECKING:
    from portal_kit.worker import Worker

TEST_USER = "admin"


class ServiceUrls(TypedDict):
    """What a service's settings take from the run's servers: ``Settings(**servers.service_urls(url), ...)``."""

    database_url: str
    redis_url: str
    nats_url: str


@dataclass
class PortalServers:
    pg_admin_url: str
    nats_url: str
    redis_url: str
    postgres: ManagedProcess
    nats: ManagedProcess
    valkey: ManagedProcess
    root: Path

    def database(self, name: str) -> str:
        """Create (once) and return the URL of the database ``name``."""
        ensure_database(self.pg_admin_url, name)
        return database_url(self.pg_admin_url, name)

    def service_urls(self, database_url: str) -> ServiceUrls:
        """A service's database ``database_url`` with the run's Valkey and NATS."""
        return ServiceUrls(database_url=database_url, redis_url=self.redis_url, nats_url=self.nats_url)


@contextlib.contextmanager
def running_processes(*processes: ManagedProcess, ready_within: float = 60.0) -> Iterator[None]:
    """``processes`` started together, each ready within ``ready_within`` seconds, stopped (last first) after."""
    try:
        for process in processes:
            process.start()
        for process in processes:
            process.wait_ready(ready_within)
        yield
    finally:
        for process in reversed(processes):
            process.stop()


@contextlib.asynccontextmanager
async def running_worker(worker: Worker) -> AsyncIterator[Worker]:
    """``worker`` (its relay, consumers and answers) running in this process until the block ends, then stopped
    as SIGTERM stops it, its shutdown awaited."""
    running = asyncio.create_task(worker.run())
    try:
        yield worker
    finally:
        worker.stop_requested.set()
        await running


@pytest.fixture(scope="session")
def portal_servers() -> Iterator[PortalServers]:
    root = Path(tempfile.mkdtemp(prefix="portal-test-"))
    os.chmod(root, 0o755)  # noqa: S103 - the unprivileged PostgreSQL user must traverse it
    pg_port, nats_port, valkey_port = free_ports(3)
    # Tests act as an administrator; a client without the password is refused, as in every running portal.
    password = secrets.token_urlsafe(24)
    processes = [
        postgres_process(root / "pg", pg_port, root / "logs" / "postgres.log", durable=False),
        nats_process(
            nats_port,
            root / "nats",
            root / "logs" / "nats.log",
            sync_always=False,
            authorization=nats_authorization([NatsUser(TEST_USER, password)]),
        ),
        valkey_process(
            valkey_port,
            root / "valkey",
            root / "logs" / "valkey.log",
            persist=False,
            users=[f"{TEST_USER} on >{password} ~* &* +@all"],
        ),
    ]
    try:
        with running_processes(*processes):
            servers = PortalServers(
                pg_admin_url=f"postgresql://postgres@127.0.0.1:{pg_port}/postgres",
                nats_url=f"nats://{TEST_USER}:{password}@127.0.0.1:{nats_port}",
                redis_url=f"redis://{TEST_USER}:{password}@127.0.0.1:{valkey_port}/0",
                postgres=processes[0],
                nats=processes[1],
                valkey=processes[2],
                root=root,
            )
            os.environ["NATS_URL"] = servers.nats_url
            os.environ["REDIS_URL"] = servers.redis_url
            yield servers
    finally:
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture
def nats_server_factory(portal_servers: PortalServers) -> Iterator[Callable[[], ManagedProcess]]:
    """Private NATS servers a test may stop and restart (same port, same store) to simulate an outage."""
    started: list[ManagedProcess] = []

    def start() -> ManagedProcess:
        index = len(started)
        process = nats_process(
            free_port(),
            portal_servers.root / f"nats-private-{os.getpid()}-{index}",
            portal_servers.root / "logs" / f"nats-private-{index}.log",
            sync_always=False,
        )
        process.start()
        process.wait_ready(30)
        started.append(process)
        return process

    yield start
    for process in started:
        process.stop()


async def reset_database(url: str) -> None:
    """Empty every table except Alembic's version table."""
    engine = create_async_engine(async_url(url))
    try:
        async with engine.begin() as connection:
            tables = (
                (
                    await connection.execute(
                        text(
                            "SELECT quote_ident(tablename) FROM pg_tables "
                            "WHERE schemaname = 'public' AND tablename <> 'alembic_version'"
                        )
                    )
                )
                .scalars()
                .all()
            )
            if tables:
                await connection.execute(text(f"TRUNCATE {', '.join(tables)} RESTART IDENTITY CASCADE"))
    finally:
        await engine.dispose()


async def reset_streams(url: str) -> None:
    """Delete every JetStream stream (and so every consumer)."""
    nc = await nats.connect(url)
    try:
        js = nc.jetstream()
        for name in await js.streams_info():
            with contextlib.suppress(NotFoundError):
                await js.delete_stream(name.config.name or "")
    finally:
        await nc.close()


async def reset_redis(url: str) -> None:
    link = ValkeyLink(url)
    try:
        await link.flushdb()
    finally:
        await link.aclose()


async def reset_servers(servers: PortalServers, *database_urls: str) -> None:
    """A test's clean state: the databases ``database_urls`` emptied, every stream deleted, Valkey flushed."""
    for url in database_urls:
        await reset_database(url)
    await reset_streams(servers.nats_url)
    await reset_redis(servers.redis_url)


async def seeded(database_url: str, seed: Callable[[Database], Awaitable[Any]]) -> Any:
    """``seed`` run on the database ``database_url`` (a brand, a catalogue) over a connection of its own; its
    answer."""
    db = Database(database_url, pool_size=1)
    try:
        return await seed(db)
    finally:
        await db.dispose()


async def issue_session(redis_url: str, principal: Principal, ttl_seconds: int = 600) -> str:
    """A session as the auth service writes it, for tests and benchmarks that need a signed-in caller."""
    link = ValkeyLink(redis_url)
    try:
        return await SessionStore(link).create(principal, ttl_seconds)
    finally:
        await link.aclose()
