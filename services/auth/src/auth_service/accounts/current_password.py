"""A signed-in session proves it is still its member before a sensitive change (the login password, a mobile,
the first payment password): the current login password, each guess counted before it is compared (five per
15 minutes), so a stolen session alone cannot take the account over."""

from __future__ import annotations

from auth_service.accounts.models import Account
from auth_service.context import AuthContext
from auth_service.passwords import verify_password
from portal_kit.errors import DomainError, TooManyRequests
from portal_kit.throttle import count

GUESSES, GUESS_WINDOW_SECONDS = 5, 15 * 60


async def confirm(ctx: AuthContext, account: Account, password: str) -> None:
    """Return when ``password`` is the account's login password; otherwise ``password.old.incorrect`` (or 429)."""
    guesses = f"auth:password-change-guesses:{account.merchant}:{account.id}"
    if await count(ctx.valkey, guesses, GUESS_WINDOW_SECONDS) > GUESSES:
        raise TooManyRequests()
    if not await verify_password(account.password_hash, password):
        raise DomainError("password.old.incorrect")
    await ctx.valkey.delete(guesses)
