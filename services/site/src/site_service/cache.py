"""Per-brand cache of rendered site data in Valkey, invalidated as a whole when ops change anything.

Each brand has one hash (``site:cache:<merchant>``) of parts (``config:EN``, ``status``, ``help:TR``, ...)
holding ready-made JSON text, so a hit costs one round trip and no re-encoding. A reader that missed loads
from PostgreSQL and stores what it loaded only if the brand's generation counter is still the one it saw
before loading, so a change committed meanwhile is never hidden by stale data.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from pydantic import BaseModel
from redis.asyncio import Redis

from portal_kit.valkey_link import as_str

_STORE_IF_CURRENT = """
if (redis.call('GET', KEYS[2]) or '0') == ARGV[1] then
  for i = 3, #ARGV, 2 do
    redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1])
  end
  redis.call('EXPIRE', KEYS[1], ARGV[2])
  return 1
end
return 0
"""


def _jsonable(value: Any) -> Any:
    """A part may hold answer models: they are stored as the JSON their routes answer with."""
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json")
    return str(value)


def encode(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), default=_jsonable)


class SiteCache:
    def __init__(self, valkey: Redis, ttl_seconds: int) -> None:
        self.valkey = valkey
        self.ttl_seconds = ttl_seconds
        self._store = valkey.register_script(_STORE_IF_CURRENT)

    @staticmethod
    def _keys(merchant: str) -> tuple[str, str]:
        return f"site:cache:{merchant}", f"site:gen:{merchant}"

    async def raw_parts(
        self, merchant: str, parts: Sequence[str], loader: Callable[[], Awaitable[dict[str, Any]]]
    ) -> list[str]:
        """The JSON text of ``parts``; on a miss ``loader`` returns every part it can build in one go."""
        if not parts:
            return []
        data_key, generation_key = self._keys(merchant)
        answer = await self.valkey.hmget(data_key, *parts)
        cached = [as_str(text) for text in answer] if isinstance(answer, list) else []
        if cached and all(text is not None for text in cached):
            return [text for text in cached if text is not None]
        generation = as_str(await self.valkey.get(generation_key)) or "0"
        encoded = {part: encode(value) for part, value in (await loader()).items()}
        flat = [item for pair in encoded.items() for item in pair]
        await self._store(keys=[data_key, generation_key], args=[generation, self.ttl_seconds, *flat])
        return [encoded[part] for part in parts]

    async def get_or_load(self, merchant: str, part: str, loader: Callable[[], Awaitable[Any]]) -> Any:
        """One part, decoded."""

        async def load_one() -> dict[str, Any]:
            return {part: await loader()}

        (text,) = await self.raw_parts(merchant, [part], load_one)
        return json.loads(text)

    async def invalidate(self, merchant: str) -> None:
        data_key, generation_key = self._keys(merchant)
        async with self.valkey.pipeline(transaction=True) as pipe:
            pipe.incr(generation_key)
            pipe.delete(data_key)
            await pipe.execute()
