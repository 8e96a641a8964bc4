"""Throttles in Redis: fixed-window counters shared by every replica of a service."""

from __future__ import annotations

from redis.asyncio import Redis

from portal_kit.errors import TooManyRequests


async def count(redis: Redis, key: str, window_seconds: int) -> int:
    """Count one more hit in the window that began with the key's first hit; returns the count so far."""
    async with redis.pipeline(transaction=True) as pipe:
        pipe.incr(key)
        pipe.expire(key, window_seconds, nx=True)
        hits, _ = await pipe.execute()
    return int(hits)


async def throttle(redis: Redis, key: str, limit: int, window_seconds: int) -> None:
    """Refuse (429 ``TOO_MANY_REQUESTS``) the ``limit``+1-th hit within the window."""
    if await count(redis, key, window_seconds) > limit:
        raise TooManyRequests()


async def at_most_once_per(redis: Redis, key: str, seconds: float) -> None:
    """Refuse a repeat within ``seconds`` (captcha and SMS refresh: once a second)."""
    if not await redis.set(key, "1", px=int(seconds * 1000), nx=True):
        raise TooManyRequests()
