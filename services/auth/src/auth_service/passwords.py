"""argon2id hashing on a pool of as many threads as cores (argon2-cffi releases the GIL, so they hash in
parallel like a process pool, without pickling): the event loop never blocks, and a burst of logins queues for
a core instead of thrashing the CPUs and memory with more hashes at once than can run."""

from __future__ import annotations

import asyncio
import os
from concurrent.futures import ThreadPoolExecutor

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

_hasher = PasswordHasher(time_cost=2, memory_cost=19 * 1024, parallelism=1)  # OWASP's argon2id baseline
# Verified when the account does not exist, so an unknown username costs as much time as a wrong password.
_DUMMY = _hasher.hash("not-a-password-of-anyone")
_POOL = ThreadPoolExecutor(max_workers=os.cpu_count() or 1, thread_name_prefix="argon2")


async def hash_password(password: str) -> str:
    return await asyncio.get_running_loop().run_in_executor(_POOL, _hasher.hash, password)


async def verify_password(hashed: str | None, password: str) -> bool:
    def check() -> bool:
        try:
            return _hasher.verify(hashed or _DUMMY, password) and hashed is not None
        except (VerificationError, InvalidHashError):
            return False

    return await asyncio.get_running_loop().run_in_executor(_POOL, check)


def needs_rehash(hashed: str) -> bool:
    return _hasher.check_needs_rehash(hashed)
