"""Throttles in Valkey: fixed-window counters shared by every replica of a service, one round trip each."""

from __future__ import annotations

from redis.asyncio import Redis

from portal_kit.errors import TooManyRequests
from portal_kit.valkey_link import as_int


async def count(valkey: Redis, key: str, window_seconds: int) -> int:
    """Count one more hit in the window that began with the key's first hit; returns the count so far."""
    async with valkey.pipeline(transaction=True) as pipe:
        pipe.incr(key)
        pipe.expire(key, window_seconds, nx=True)
        hits, _ = await pipe.execute()
    return as_int(hits)


async def throttle(valkey: Redis, key: str, limit: int, window_seconds: int) -> None:
    """Refuse (429 ``TOO_MANY_REQUESTS``) the ``limit``+1-th hit within the window."""
    if await count(valkey, key, window_seconds) > limit:
        raise TooManyRequests()


async def at_most_once_per(valkey: Redis, key: str, seconds: float) -> None:
    """Refuse a repeat within ``seconds`` (captcha and SMS refresh: once a second)."""
    if not await valkey.set(key, "1", px=int(seconds * 1000), nx=True):
        raise TooManyRequests()
