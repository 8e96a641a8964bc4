"""Throttles in Valkey: fixed-window counters shared by every replica of a service, one round trip each."""

from __future__ import annotations

from portal_kit.errors import TooManyRequests
from portal_kit.valkey_link import ValkeyLink, as_int


async def count(valkey: ValkeyLink, key: str, window_seconds: int) -> int:
    """Count one more hit in the window that began with the key's first hit; returns the count so far."""
    hits, _ = await valkey.transaction(("INCR", key), ("EXPIRE", key, window_seconds, "NX"))
    return as_int(hits)


async def throttle(valkey: ValkeyLink, key: str, limit: int, window_seconds: int) -> None:
    """Refuse (429 ``TOO_MANY_REQUESTS``) the ``limit``+1-th hit within the window."""
    if await count(valkey, key, window_seconds) > limit:
        raise TooManyRequests()


async def at_most_once_per(valkey: ValkeyLink, key: str, seconds: float) -> None:
    """Refuse a repeat within ``seconds`` (captcha and SMS refresh: once a second)."""
    if await valkey.execute("SET", key, "1", "PX", int(seconds * 1000), "NX") is None:
        raise TooManyRequests()
