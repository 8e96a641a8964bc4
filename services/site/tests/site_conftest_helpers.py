"""Helpers shared by the site tests."""

from __future__ import annotations

from redis.asyncio import Redis

from portal_kit.sessions import Principal, SessionStore


async def make_session(redis_url: str, principal: Principal) -> str:
    """A session as the auth service would write it."""
    redis = Redis.from_url(redis_url, decode_responses=True)
    try:
        return await SessionStore(redis).create(principal, ttl_seconds=600)
    finally:
        await redis.aclose()
