"""The growing wait between tries of one name from one address, shared by the member and the ops logins: past
the free tries each further try is compared only when it claims the next turn (``SET NX`` with the delay as its
life), twice as long as the one before; of parallel tries one gets it, the others are told to wait. A guesser
slows down; nobody is locked out, so nobody can lock another's name by failing on purpose."""

from __future__ import annotations

from redis.asyncio import Redis

from auth_service.accounts.schemas import LoginWaitRead
from auth_service.settings import AuthSettings
from portal_kit.errors import DomainError
from portal_kit.valkey_link import as_int


def delay_seconds(settings: AuthSettings, tries: int) -> int:
    """The turn the ``tries``-th try (this one included) must claim; 0 within the free tries."""
    extra = tries - settings.login_free_tries
    if extra <= 0:
        return 0
    return min(1 << min(extra, 20), settings.login_max_delay_seconds)


async def wait_turn(valkey: Redis, settings: AuthSettings, tries: int, wait_key: str) -> None:
    """Return when this try may be compared; otherwise ``login.wait`` (429) with the seconds left."""
    delay = delay_seconds(settings, tries)
    if delay == 0:
        return
    if not await valkey.set(wait_key, "1", ex=delay, nx=True):
        wait = max(as_int(await valkey.ttl(wait_key)), 1)
        raise DomainError("login.wait", status=429, value=LoginWaitRead(captcha=True, waitSeconds=wait), seconds=wait)
