"""argon2id hashing, run in a worker thread (argon2-cffi releases the GIL) so the event loop never blocks."""

from __future__ import annotations

import asyncio

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

_hasher = PasswordHasher(time_cost=2, memory_cost=19 * 1024, parallelism=1)  # OWASP's argon2id baseline
# Verified when the account does not exist, so an unknown username costs as much time as a wrong password.
_DUMMY = _hasher.hash("not-a-password-of-anyone")


async def hash_password(password: str) -> str:
    return await asyncio.to_thread(_hasher.hash, password)


async def verify_password(hashed: str | None, password: str) -> bool:
    def check() -> bool:
        try:
            return _hasher.verify(hashed or _DUMMY, password) and hashed is not None
        except (VerificationError, InvalidHashError):
            return False

    return await asyncio.to_thread(check)


def needs_rehash(hashed: str) -> bool:
    return _hasher.check_needs_rehash(hashed)
