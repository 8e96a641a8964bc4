"""Provably fair numbers for the in-house games (vendor BGS).

Before a player's first round the server draws a secret ``server seed`` and shows only its SHA-256 (the
commitment). Each round uses the next ``nonce``; its numbers are read from
``HMAC-SHA256(key=server seed, message="<client seed>:<nonce>:<block>")``, four bytes per number, as many
blocks as a game needs. When the player rotates the seeds the old server seed is revealed, so anyone can
recompute every round played under it (the verification call does exactly this) and check it against the
commitment shown before those rounds were played.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Iterator


def new_server_seed() -> str:
    return secrets.token_hex(32)


def new_client_seed() -> str:
    return secrets.token_hex(8)


def commitment(server_seed: str) -> str:
    return hashlib.sha256(server_seed.encode()).hexdigest()


def floats(server_seed: str, client_seed: str, nonce: int) -> Iterator[float]:
    """Endless uniform numbers in [0, 1) for one round, each from 4 bytes (32 bits) of the HMAC stream."""
    block = 0
    while True:
        digest = hmac.new(server_seed.encode(), f"{client_seed}:{nonce}:{block}".encode(), hashlib.sha256).digest()
        for offset in range(0, 32, 4):
            yield int.from_bytes(digest[offset : offset + 4], "big") / 2**32
        block += 1


def integers(server_seed: str, client_seed: str, nonce: int, bounds: list[int]) -> list[int]:
    """One integer in ``[0, bound)`` per bound (``floor(u * bound)``: the bias is below bound / 2**32)."""
    stream = floats(server_seed, client_seed, nonce)
    return [int(next(stream) * bound) for bound in bounds]
