"""A service process's startup heap stays out of the collector's full passes while it runs (portal_kit.heap)."""

from __future__ import annotations

import asyncio
import gc

from portal_kit.app import create_app
from portal_kit.settings import ServiceSettings
from portal_kit.testing.plugin import PortalServers
from portal_kit.worker import Worker


def _full_pass_walks() -> int:
    """The objects a full collection would walk now (the frozen ones are not among them)."""
    return len(gc.get_objects())


async def test_an_api_process_walks_only_what_it_made_after_startup_and_collects_all_again_once_stopped(
    portal_servers: PortalServers, kit_database_url: str
) -> None:
    settings = ServiceSettings(
        service_name="kit-heap", database_url=kit_database_url, redis_url=portal_servers.redis_url
    )
    application = create_app(settings)
    async with application.router.lifespan_context(application):
        # Everything alive at the end of startup (this test process's too) is out of the full passes.
        assert _full_pass_walks() < gc.get_freeze_count() // 10
    # Stopped: nothing stays frozen, so a process that runs app after app (a test run) still collects their garbage.
    assert gc.get_freeze_count() == 0


async def test_a_worker_walks_only_what_it_made_after_startup_and_collects_all_again_once_stopped(
    portal_servers: PortalServers, kit_database_url: str
) -> None:
    settings = ServiceSettings(
        service_name="kit-heap",
        database_url=kit_database_url,
        redis_url=portal_servers.redis_url,
        nats_url=portal_servers.nats_url,
    )
    worker = Worker(settings, produces=False)
    running = asyncio.create_task(worker.run())
    for _ in range(200):  # started: its connections open, then the heap frozen
        if gc.get_freeze_count() or running.done():
            break
        await asyncio.sleep(0.05)
    try:
        assert gc.get_freeze_count() > 0
        assert _full_pass_walks() < gc.get_freeze_count() // 10
    finally:
        worker.stop_requested.set()
        await running
    assert gc.get_freeze_count() == 0
