"""A login's counters in one Valkey round trip (they were four): the address's logins, the username's failures and
its tries from this address. The script counts them in the order ``login()`` checks them and stops where a
captcha has to be checked first, so a try is counted exactly as it was when each counter was its own call, and
nothing is counted that the old order would not have counted."""

from __future__ import annotations

from dataclasses import dataclass

from redis.asyncio import Redis

from auth_service.settings import AuthSettings
from portal_kit.valkey_link import as_int

# KEYS: 1 the address's logins, 2 the username's failures, 3 its tries from this address.
# ARGV: 1 the address's limit (-1: the address is counted elsewhere), 2 its window, 3 failures before the
# captcha, 4 the failures' and tries' window. Answers {stage, attempt, tries}: 0 throttled; 1 stopped before
# counting the failure (the captcha is due); 2 stopped after it (the captcha is due now); 3 everything counted.
_COUNT_TRY = """
local function hit(key, window)
  local n = redis.call('INCR', key)
  redis.call('EXPIRE', key, window, 'NX')
  return n
end
local limit = tonumber(ARGV[1])
if limit >= 0 and hit(KEYS[1], ARGV[2]) > limit then return {0, 0, 0} end
local captcha_after = tonumber(ARGV[3])
if tonumber(redis.call('GET', KEYS[2]) or '0') >= captcha_after then return {1, 0, 0} end
local attempt = hit(KEYS[2], ARGV[4])
if attempt > captcha_after then return {2, attempt, 0} end
return {3, attempt, hit(KEYS[3], ARGV[4])}
"""
_THROTTLED, _BEFORE_FAILURE, _AFTER_FAILURE = 0, 1, 2


@dataclass(frozen=True)
class CountedTry:
    throttled: bool
    attempt: int | None  # the username's failures with this try; None: not counted (the captcha is checked first)
    tries: int | None  # the username's tries from this address; None: not counted yet


class LoginCounts:
    def __init__(self, valkey: Redis, settings: AuthSettings) -> None:
        self._script = valkey.register_script(_COUNT_TRY)
        self._settings = settings

    async def count(self, ip_key: str, failures_key: str, tries_key: str, *, count_address: bool) -> CountedTry:
        """Count this try; ``count_address=False`` when the address was counted before (a bot check sits
        between the two)."""
        settings = self._settings
        counted = await self._script(
            keys=[ip_key, failures_key, tries_key],
            args=[
                settings.ip_login_limit if count_address else -1,
                settings.ip_login_window_seconds,
                settings.captcha_after_failures,
                settings.failure_window_seconds,
            ],
        )
        assert isinstance(counted, list)
        stage, attempt, tries = (as_int(value) for value in counted)
        if stage == _THROTTLED:
            return CountedTry(throttled=True, attempt=None, tries=None)
        if stage == _BEFORE_FAILURE:
            return CountedTry(throttled=False, attempt=None, tries=None)
        if stage == _AFTER_FAILURE:
            return CountedTry(throttled=False, attempt=attempt, tries=None)
        return CountedTry(throttled=False, attempt=attempt, tries=tries)
