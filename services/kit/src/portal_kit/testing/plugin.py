"""pytest plugin: real PostgreSQL, NATS (JetStream) and Valkey, started once per test run on free ports with
temporary data, so tests run beside a running portal and leave nothing behind.

Fixtures: ``portal_servers`` (session; URLs and the processes), ``nats_server_factory`` (a private NATS a
test may stop and restart), and the helpers ``reset_database``, ``reset_streams``, ``reset_redis`` that a
service's conftest composes into its per-test clean state.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import nats
import pytest
from nats.js.errors import NotFoundError
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

from portal_kit.db import async_url
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

TEST_USER = "admin"


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
        for process in processes:
            process.start()
        for process in processes:
            process.wait_ready(60)
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
        for process in reversed(processes):
            process.stop()
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


async def issue_session(redis_url: str, principal: Principal, ttl_seconds: int = 600) -> str:
    """A session as the auth service writes it, for tests and benchmarks that need a signed-in caller."""
    link = ValkeyLink(redis_url)
    try:
        return await SessionStore(link).create(principal, ttl_seconds)
    finally:
        await link.aclose()
