"""A TOTP code is accepted once: the step it belongs to is claimed in Valkey (``SET NX``) for its holder before the
code counts, so a replay within the code's window, or two requests racing with one code, fail. Members and ops
people alike."""

from __future__ import annotations

import time

from redis.asyncio import Redis

from auth_service import totp

# A claim must outlive every moment at which its code is still accepted (its step and one either side).
CLAIM_SECONDS = 4 * totp.STEP_SECONDS


async def accepted(valkey: Redis, holder: str, secret: str, code: str) -> bool:
    """True when ``code`` is ``secret``'s code now (one step of drift) and nobody used that step's code yet."""
    step = totp.matching_step(secret, code, time.time())
    if step is None:
        return False
    return bool(await valkey.set(f"auth:totp-used:{holder}:{step}", "1", nx=True, ex=CLAIM_SECONDS))
