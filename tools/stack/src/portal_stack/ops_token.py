"""Issue an ops session for the running portal without the ops login (for development and tests):
``./portal ops-token -- <name> [merchant|*] [role,...]`` prints a token for the ``Authorization`` header, with the
``admin`` role unless roles are named. Development only: it refuses when ``ENVIRONMENT`` or ``AUTH_ENVIRONMENT``
names any other environment. Real ops people log in with a password and TOTP (``POST /wps/ops/auth/login``)."""

from __future__ import annotations

import asyncio
import os
import sys

from portal_kit.sessions import ALL_MERCHANTS, OpsRole, Principal, Role, SessionStore, ops_roles_of
from portal_kit.settings import DEVELOPMENT_ENVIRONMENTS
from portal_kit.valkey_link import ValkeyLink
from portal_stack.config import StackConfig

TTL_SECONDS = 8 * 3600


async def issue(redis_url: str, name: str, merchant: str, roles: frozenset[OpsRole]) -> str:
    link = ValkeyLink(redis_url)
    principal = Principal(
        role=Role.OPS, merchant=ALL_MERCHANTS, username=name, ops_roles=roles, ops_merchants=frozenset({merchant})
    )
    try:
        return await SessionStore(link).create(principal, TTL_SECONDS)
    finally:
        await link.aclose()


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if not args:
        print("usage: ./portal ops-token -- <name> [merchant|*] [role,...]", file=sys.stderr)
        return 2
    # The shared setting, and auth's own (the sessions are auth's): either naming production refuses.
    for variable in ("ENVIRONMENT", "AUTH_ENVIRONMENT"):
        environment = os.environ.get(variable, "development")
        if environment.strip().lower() not in DEVELOPMENT_ENVIRONMENTS:
            print(f"ops-token issues development sessions only ({variable} is {environment!r})", file=sys.stderr)
            return 1
    merchant = args[1] if len(args) > 1 else ALL_MERCHANTS
    roles = ops_roles_of(args[2].split(",")) if len(args) > 2 else frozenset({OpsRole.ADMIN})
    print(asyncio.run(issue(StackConfig().redis_url(), args[0], merchant, roles)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
