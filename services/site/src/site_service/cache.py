"""Per-brand cache of rendered site data in Redis, invalidated as a whole when ops change anything.

Each brand has one hash (``site:cache:<merchant>``) of parts (``config:EN``, ``help:TR``, ...) and a
generation counter. A reader that missed loads from PostgreSQL and stores its result only if the generation
is still the one it saw before loading, so a change committed meanwhile is never hidden by stale data.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from typing import Any

from redis.asyncio import Redis

_STORE_IF_CURRENT = """
if (redis.call('GET', KEYS[2]) or '0') == ARGV[1] then
  redis.call('HSET', KEYS[1], ARGV[2], ARGV[3])
  redis.call('EXPIRE', KEYS[1], ARGV[4])
  return 1
end
return 0
"""


class SiteCache:
    def __init__(self, redis: Redis, ttl_seconds: int) -> None:
        self.redis = redis
        self.ttl_seconds = ttl_seconds
        self._store = redis.register_script(_STORE_IF_CURRENT)

    @staticmethod
    def _keys(merchant: str) -> tuple[str, str]:
        return f"site:cache:{merchant}", f"site:gen:{merchant}"

    async def get_or_load(self, merchant: str, part: str, loader: Callable[[], Awaitable[Any]]) -> Any:
        data_key, generation_key = self._keys(merchant)
        cached = await self.redis.hget(data_key, part)
        if cached is not None:
            return json.loads(cached)
        generation = await self.redis.get(generation_key) or "0"
        value = await loader()
        encoded = json.dumps(value, ensure_ascii=False, default=str)
        await self._store(keys=[data_key, generation_key], args=[generation, part, encoded, self.ttl_seconds])
        return value

    async def invalidate(self, merchant: str) -> None:
        data_key, generation_key = self._keys(merchant)
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.incr(generation_key)
            pipe.delete(data_key)
            await pipe.execute()
