"""Guesses at a payment password, each counted before it is compared.

A window (15 minutes from the first guess) allows ``LIMIT`` wrong answers. A guess is admitted in one Valkey
script before its hash is compared, and only while the wrong answers so far plus the guesses being compared stay
under the limit, so parallel guesses cannot overshoot: past it nothing is compared (``payment_password.locked``),
the right answer included. The same answer sent several times at once (parallel withdrawals with the right
password) is one guess while it is being compared: its copies are compared without taking another place, so right
answers in parallel all pass, and copies of one wrong answer count once. A right answer frees its place; each wrong
one (one after another, the same or not) counts until the window ends: a right answer does not clear them, a change
of the payment password does.

The guess being compared is named by a keyed digest, never kept as typed: HMAC-SHA256 under the account's stored
hash, which lives in the database and never in Valkey."""

from __future__ import annotations

import hashlib
import hmac

from redis.asyncio import Redis

from auth_service.passwords import verify_password
from portal_kit.valkey_link import as_int

LIMIT = 5
WINDOW_SECONDS = 15 * 60

# KEYS[1]: the account's guesses, a hash: field 'wrong' the wrong answers of the window, and one field per guess
# being compared (its digest). ARGV: 1 the digest, 2 the limit, 3 the window.
# Answers 1: compare it; 0: refuse it, the limit is reached.
_ADMIT = """
local wrong = tonumber(redis.call('HGET', KEYS[1], 'wrong') or '0')
if wrong >= tonumber(ARGV[2]) then return 0 end
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 1 then return 1 end
local comparing = redis.call('HLEN', KEYS[1])
if wrong > 0 then comparing = comparing - 1 end
if wrong + comparing >= tonumber(ARGV[2]) then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], '1')
redis.call('EXPIRE', KEYS[1], ARGV[3], 'NX')
return 1
"""

# ARGV: 1 the digest, 2 '1' when the guess was right, 3 the window. The guess stops being compared; a wrong one
# counts once, however many copies of it were compared. Answers the wrong answers so far.
_SETTLE = """
local removed = redis.call('HDEL', KEYS[1], ARGV[1])
if ARGV[2] ~= '1' and removed == 1 then
  redis.call('HINCRBY', KEYS[1], 'wrong', 1)
  redis.call('EXPIRE', KEYS[1], ARGV[3], 'NX')
end
return tonumber(redis.call('HGET', KEYS[1], 'wrong') or '0')
"""


def guesses_key(merchant: str, account_id: str) -> str:
    return f"auth:paypw-guesses:{merchant}:{account_id}"


def digest(stored_hash: str, guess: str) -> str:
    return hmac.new(stored_hash.encode(), guess.encode(), hashlib.sha256).hexdigest()[:32]


def refusal_after_wrong(wrong: int) -> str:
    """The code of a wrong guess: the last one the window allows already answers ``locked``."""
    return "payment_password.locked" if wrong >= LIMIT else "payment_password.invalid"


class PaymentPasswordGuesses:
    """The counter of one process, on its Valkey client."""

    def __init__(self, valkey: Redis) -> None:
        self._valkey = valkey
        self._admit = valkey.register_script(_ADMIT)
        self._settle = valkey.register_script(_SETTLE)

    async def admit(self, key: str, guess_digest: str) -> bool:
        """Count the guess before it is compared: ``False`` when the window allows no more."""
        return as_int(await self._admit(keys=[key], args=[guess_digest, LIMIT, WINDOW_SECONDS])) == 1

    async def settle(self, key: str, guess_digest: str, *, right: bool) -> int:
        """Record the comparison's result; answers the wrong guesses so far."""
        return as_int(await self._settle(keys=[key], args=[guess_digest, 1 if right else 0, WINDOW_SECONDS]))

    async def attempt(self, merchant: str, account_id: str, stored_hash: str, guess: str) -> str | None:
        """Count ``guess``, then compare it: ``None`` when it is the payment password, else the refusal's code."""
        key, guess_digest = guesses_key(merchant, account_id), digest(stored_hash, guess)
        if not await self.admit(key, guess_digest):
            return "payment_password.locked"
        right = await verify_password(stored_hash, guess)
        wrong = await self.settle(key, guess_digest, right=right)
        return None if right else refusal_after_wrong(wrong)

    async def forget(self, merchant: str, account_id: str) -> None:
        """A new payment password starts a clean count."""
        await self._valkey.delete(guesses_key(merchant, account_id))
