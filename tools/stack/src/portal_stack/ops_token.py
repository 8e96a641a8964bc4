"""Issue an ops session for the running portal (until the auth service has an ops login):
``./portal ops-token -- <name> [merchant|*]`` prints a token for the ``Authorization`` header. Development only:
it refuses when ``ENVIRONMENT`` or ``AUTH_ENVIRONMENT`` names any other environment."""

from __future__ import annotations

import asyncio
import os
import sys

from redis.asyncio import Redis

from portal_kit.sessions import Principal, Role, SessionStore
from portal_kit.settings import DEVELOPMENT_ENVIRONMENTS
from portal_stack.config import StackConfig

TTL_SECONDS = 8 * 3600


async def issue(redis_url: str, name: str, merchant: str) -> str:
    redis = Redis.from_url(redis_url, decode_responses=True)
    try:
        return await SessionStore(redis).create(Principal(role=Role.OPS, merchant=merchant, username=name), TTL_SECONDS)
    finally:
        await redis.aclose()


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if not args:
        print("usage: ./portal ops-token -- <name> [merchant|*]", file=sys.stderr)
        return 2
    # The shared setting, and auth's own (the sessions are auth's): either naming production refuses.
    for variable in ("ENVIRONMENT", "AUTH_ENVIRONMENT"):
        environment = os.environ.get(variable, "development")
        if environment.strip().lower() not in DEVELOPMENT_ENVIRONMENTS:
            print(f"ops-token issues development sessions only ({variable} is {environment!r})", file=sys.stderr)
            return 1
    merchant = args[1] if len(args) > 1 else "*"
    print(asyncio.run(issue(StackConfig().redis_url(), args[0], merchant)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
