"""A service's worker process: the outbox relay plus its event consumers, stopped cleanly on SIGTERM/SIGINT."""

from __future__ import annotations

import asyncio
import logging
import signal
from collections.abc import Callable, Coroutine, Sequence
from pathlib import Path
from typing import Any

from portal_kit.db import Database
from portal_kit.deadletter import ensure_deadletter_stream
from portal_kit.health import HealthServer
from portal_kit.heap import startup_heap_frozen
from portal_kit.logging import configure_logging
from portal_kit.messaging.consumer import PortalBroker, create_broker
from portal_kit.messaging.events import stream_name
from portal_kit.messaging.relay import OutboxRelay, StreamLimits, connect_nats, ensure_stream
from portal_kit.messaging.rpc import Responder
from portal_kit.migrations import SchemaRevision, migrations_of
from portal_kit.settings import ServiceSettings
from portal_kit.telemetry import setup_telemetry

log = logging.getLogger("portal_kit.worker")

Subscriptions = Callable[[PortalBroker, Database], None]
# Request/reply subjects this worker answers (portal_kit.messaging.rpc.Responder).
Answers = Callable[[Responder, Database], None]
# A periodic job of the worker (a sweep, a settlement): runs until the worker stops, then is cancelled.
Background = Callable[[Database], Coroutine[Any, Any, None]]


class Worker:
    """``produces``: whether this service publishes events (it then owns stream ``<SERVICE>``);
    ``consumes``: the producing services whose streams its subscriptions read; ``answers``: the request/reply
    subjects it answers; ``relay_gather``: under a steady stream of commits, the least time between the starts of
    two relay rounds that published (``OutboxRelay``'s ``gather``; its default unless given); ``migrations``: the
    service's Alembic migrations, by default those of the package its settings class is in (``migrations_of``).

    With ``health_port`` set, it serves ``/healthz`` and ``/readyz`` there (``portal_kit.health``) once started: ready
    while its consumers' and responders' NATS connections are up and its database answers, at the head of those
    migrations (as an API's ``/readyz``, ``portal_kit.app``)."""

    def __init__(
        self,
        settings: ServiceSettings,
        *,
        produces: bool = True,
        consumes: Sequence[str] = (),
        subscriptions: Sequence[Subscriptions] = (),
        answers: Sequence[Answers] = (),
        background: Sequence[Background] = (),
        relay_gather: float | None = None,
        migrations: Path | None = None,
    ) -> None:
        self.settings = settings
        self.produces = produces
        self.consumes = consumes
        self.subscriptions = subscriptions
        self.answers = answers
        self.background = background
        self.relay_gather = relay_gather
        self.migrations = migrations
        self.stop_requested = asyncio.Event()

    async def ensure_streams(self) -> None:
        nc = await connect_nats(self.settings.nats_url, f"{self.settings.service_name}-setup")
        try:
            js = nc.jetstream()
            limits = StreamLimits.of(self.settings)
            await ensure_deadletter_stream(js, limits)
            for service in {*self.consumes, *([self.settings.service_name] if self.produces else [])}:
                await ensure_stream(js, stream_name(service), [f"{service}.>"], limits)
        finally:
            await nc.close()

    def health_server(self, db: Database, broker: PortalBroker, responder: Responder) -> HealthServer | None:
        """The probes' server on ``health_port``, or none when no port is set (the default)."""
        if self.settings.health_port is None:
            return None
        migrations = self.migrations or migrations_of(type(self.settings).__module__)
        schema = SchemaRevision(migrations) if migrations is not None else None

        async def ready() -> None:
            if not (broker.connected and responder.connected):
                raise ConnectionError("NATS is not connected")
            await db.ping()
            if schema is not None:
                await schema.check(db)

        return HealthServer(self.settings.health_port, ready)

    async def run(self) -> None:
        configure_logging(f"{self.settings.service_name}-worker", self.settings.log_level)
        setup_telemetry(self.settings.service_name)
        db = Database(
            self.settings.database_url,
            pool_size=self.settings.database_pool_size,
            max_overflow=self.settings.database_max_overflow,
        )
        await self.ensure_streams()
        broker = create_broker(self.settings.nats_url, name=f"{self.settings.service_name}-worker")
        for register in self.subscriptions:
            register(broker, db)
        await broker.start()
        responder = Responder(self.settings.nats_url, name=f"{self.settings.service_name}-responder")
        for register_answers in self.answers:
            register_answers(responder, db)
        await responder.start()
        service = self.settings.service_name
        relay = OutboxRelay(
            db, self.settings.nats_url, stream_name(service), [f"{service}.>"], limits=StreamLimits.of(self.settings)
        )
        if self.relay_gather is not None:
            relay.gather = self.relay_gather
        health = self.health_server(db, broker, responder)
        relay_task = None
        jobs: list[asyncio.Task[None]] = []
        try:
            if health is not None:
                await health.start()  # before the jobs: a port taken stops the worker before it does any work
            if self.produces:
                relay_task = asyncio.create_task(relay.run())
            jobs = [asyncio.create_task(job(db)) for job in self.background]
            log.info("worker started")
            with startup_heap_frozen():
                await self.stop_requested.wait()
        finally:
            log.info("worker stopping")
            if health is not None:
                await health.stop()
            for task in jobs:
                task.cancel()
            await asyncio.gather(*jobs, return_exceptions=True)
            if relay_task is not None:
                await relay.stop()
                await relay_task
            await responder.stop()
            await broker.stop()
            await db.dispose()

    def main(self) -> None:
        async def runner() -> None:
            loop = asyncio.get_running_loop()
            for sig in (signal.SIGTERM, signal.SIGINT):
                loop.add_signal_handler(sig, self.stop_requested.set)
            await self.run()

        asyncio.run(runner())
