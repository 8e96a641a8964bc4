"""Sessions verified without a round trip: each process caches what it verified, and a change made anywhere
(logout, the end of an account's sessions, a password change done) reaches every other process at once."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import httpx
import pytest
from fastapi import APIRouter, FastAPI

from portal_kit.app import create_app
from portal_kit.envelope import Envelope, ok
from portal_kit.sessions import MemberPrincipal, Principal, Role, SessionCache, SessionStore, token_key
from portal_kit.settings import ServiceSettings
from portal_kit.testing.plugin import PortalServers
from portal_kit.valkey_link import ValkeyLink

router = APIRouter()
MEMBER = Principal(role=Role.MEMBER, merchant="turkeyf2", account_id="m1")


@router.get("/member-only")
async def member_only(principal: MemberPrincipal) -> Envelope[str | None]:
    return ok(principal.account_id)


async def started(portal_servers: PortalServers, kit_database_url: str, name: str) -> AsyncIterator[FastAPI]:
    settings = ServiceSettings(service_name=name, database_url=kit_database_url, redis_url=portal_servers.redis_url)
    app = create_app(settings, routers=[router])
    async with app.router.lifespan_context(app):
        cache: SessionCache = app.state.sessions.cache
        for _ in range(100):
            if cache.live:
                break
            await asyncio.sleep(0.02)
        yield app


@pytest.fixture
async def first(portal_servers: PortalServers, kit_database_url: str) -> AsyncIterator[FastAPI]:
    async for app in started(portal_servers, kit_database_url, "first"):
        yield app


@pytest.fixture
async def second(portal_servers: PortalServers, kit_database_url: str) -> AsyncIterator[FastAPI]:
    async for app in started(portal_servers, kit_database_url, "second"):
        yield app


async def status(app: FastAPI, token: str) -> int:
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://test") as http:
        return (await http.get("/member-only", headers={"Authorization": token})).status_code


async def refused_soon(app: FastAPI, token: str) -> bool:
    """The change travels over Valkey pub/sub: it is heard within a moment, not on a later request."""
    for _ in range(50):
        if await status(app, token) == 401:
            return True
        await asyncio.sleep(0.02)
    return False


async def test_a_verified_session_is_kept_by_the_process(first: FastAPI) -> None:
    store: SessionStore = first.state.sessions
    token = await store.create(MEMBER, 60)
    assert await status(first, token) == 200
    assert store.cache is not None and store.cache.get(token_key(token)) == await store.load(token)


async def test_a_logout_in_one_process_is_refused_at_once_by_another(first: FastAPI, second: FastAPI) -> None:
    token = await first.state.sessions.create(MEMBER, 60)
    assert await status(second, token) == 200  # now in the second process's cache
    await first.state.sessions.revoke(token)
    assert await status(first, token) == 401  # the revoking process drops it without waiting
    assert await refused_soon(second, token)


async def test_ending_an_accounts_sessions_reaches_every_process(first: FastAPI, second: FastAPI) -> None:
    store: SessionStore = first.state.sessions
    phone, laptop = await store.create(MEMBER, 60), await store.create(MEMBER, 60)
    assert (await status(second, phone), await status(second, laptop)) == (200, 200)
    await store.revoke_account("turkeyf2", "m1", keep=token_key(laptop))
    assert await refused_soon(second, phone)
    assert await status(second, laptop) == 200


async def test_a_password_change_done_is_seen_by_every_process(first: FastAPI, second: FastAPI) -> None:
    forced = Principal(role=Role.MEMBER, merchant="turkeyf2", account_id="m1", must_change_password=True)
    token = await first.state.sessions.create(forced, 60)
    assert await status(second, token) == 403  # password.change.required, cached as such
    await first.state.sessions.release_password_change(token_key(token))
    for _ in range(50):
        if await status(second, token) == 200:
            break
        await asyncio.sleep(0.02)
    assert await status(second, token) == 200


async def test_an_answer_read_while_a_change_arrived_is_not_kept(portal_servers: PortalServers) -> None:
    cache = SessionCache(ValkeyLink(portal_servers.redis_url), seconds=10)
    cache.live = True
    epoch = cache.epoch  # a load reads Valkey...
    cache.drop(["session:someone-else"])  # ...while some change is heard
    cache.put("session:k", MEMBER, 60_000, epoch)
    assert cache.get("session:k") is None
    cache.put("session:k", MEMBER, 60_000, cache.epoch)
    assert cache.get("session:k") == MEMBER


async def test_without_a_live_subscription_every_session_is_read_from_valkey(portal_servers: PortalServers) -> None:
    cache = SessionCache(ValkeyLink(portal_servers.redis_url), seconds=10)
    cache.put("session:k", MEMBER, 60_000, cache.epoch)  # never started: not live
    assert cache.get("session:k") is None
    await cache.start()
    for _ in range(100):
        if cache.live:
            break
        await asyncio.sleep(0.02)
    cache.put("session:k", MEMBER, 60_000, cache.epoch)
    assert cache.get("session:k") == MEMBER
    await cache.stop()
    assert not cache.live and cache.get("session:k") is None


async def test_a_session_is_never_kept_past_its_own_expiry(portal_servers: PortalServers) -> None:
    cache = SessionCache(ValkeyLink(portal_servers.redis_url), seconds=10)
    cache.live = True
    cache.put("session:k", MEMBER, 1, cache.epoch)  # one millisecond left in Valkey
    await asyncio.sleep(0.01)
    assert cache.get("session:k") is None
