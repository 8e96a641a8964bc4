"""The brand cache every service keeps: filled by rpc.site.brand from the real site worker, dropped by
site.config.changed.v1 when ops change the brand (no HTTP between services)."""

from __future__ import annotations

import asyncio
import time

import nats
import pytest
from auth_helpers import AuthClient
from nats.aio.msg import Msg

from portal_kit.errors import NotFound
from portal_kit.site import BrandCache
from portal_kit.testing.plugin import PortalServers


@pytest.fixture
async def cache(portal_servers: PortalServers, clean: None) -> BrandCache:
    brands = BrandCache(portal_servers.nats_url, ttl_seconds=600, name="brand-cache-test")
    await brands.start()
    yield brands  # type: ignore[misc]
    await brands.close()


async def test_an_ops_change_reaches_the_cache_through_the_event_not_the_clock(
    auth: AuthClient, cache: BrandCache
) -> None:
    before = await cache.brand("turkeyf2")
    assert before.currency == "TRY" and before.flag("FREEPLAY3") is True
    await auth.site_flags(FREEPLAY3=False)
    deadline = time.monotonic() + 15
    while (await cache.brand("turkeyf2")).flag("FREEPLAY3"):
        assert time.monotonic() < deadline, "site.config.changed.v1 never dropped the cached brand"
        await asyncio.sleep(0.1)


async def test_an_unknown_brand_is_not_found(cache: BrandCache) -> None:
    with pytest.raises(NotFound):
        await cache.brand("nosuchbrand")


async def test_an_unknown_brand_is_remembered_briefly_and_forgotten_when_the_site_tells(
    portal_servers: PortalServers, cache: BrandCache
) -> None:
    observer = await nats.connect(portal_servers.nats_url)
    asked: list[bytes] = []

    async def seen(message: Msg) -> None:  # every request that reaches the site worker passes here too
        asked.append(message.data)

    await observer.subscribe("rpc.site.brand", cb=seen)
    await observer.flush()
    try:
        for _ in range(5):
            with pytest.raises(NotFound):
                await cache.brand("latebrand")
        await asyncio.sleep(0.3)
        assert len(asked) == 1, "made-up brands must not each reach the site"
        cache.forget("latebrand")  # what site.config.changed.v1 for that brand does
        with pytest.raises(NotFound):
            await cache.brand("latebrand")
        await asyncio.sleep(0.3)
        assert len(asked) == 2
    finally:
        await observer.close()
