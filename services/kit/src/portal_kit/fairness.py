"""The one construction behind every provably fair outcome: the lottery's draws and every in-house game.

Written so that anyone can reproduce an outcome from what the portal publishes, without reading this code:

1. **Seed.** A seed is 32 bytes, published as 64 lower-case hex digits. Its commitment, shown before the
   outcome, is ``SHA-256(seed bytes)`` in hex (of the 32 bytes, not of the hex text).
2. **Stream.** An outcome's context is a text naming it (the lottery: ``"<game code>:<issue>"``; an in-house
   round: ``"<client seed>:<nonce>"``). Block ``b`` (0, 1, 2, ... one counter for the whole outcome) is
   ``HMAC-SHA256(key = the 32 seed bytes, message = UTF-8 of "<context>:<b>")``; its 32 bytes are eight
   unsigned 32-bit words read big-endian. The words of block 0 come first, then those of block 1, and so on.
3. **A number below n** (1 <= n <= 2**32): take the next word ``w``; if ``w >= 2**32 - (2**32 mod n)`` it is
   skipped (so every remainder is equally likely) and the next word is taken; otherwise the number is ``w mod n``.
4. **Drawing without replacement** from a list (the lottery's distinct balls, a deck of cards): the number below
   the count of what is left is the index, in the list as it stands, of the value drawn; that value leaves the
   list and the rest keep their order.

Seeds a service keeps secret until it reveals them are derived, not stored: ``derive_seed(key, label)`` is
``HMAC-SHA256(key, UTF-8 of label)``, with ``key`` held outside the database, so a copy of the database (a
replica, a backup) tells nothing of an outcome before its seed is revealed.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Sequence
from typing import TypeVar

SEED_BYTES = 32
WORD = 1 << 32

T = TypeVar("T")


def commitment(seed: bytes) -> str:
    """What is shown before the outcome: the SHA-256 of the seed's 32 bytes, in hex."""
    return hashlib.sha256(seed).hexdigest()


def derive_seed(key: bytes, label: str) -> bytes:
    """The seed named ``label`` under the secret ``key``: the same label always gives the same seed."""
    return hmac.new(key, label.encode(), hashlib.sha256).digest()


def seed_from_hex(text: str) -> bytes:
    """A published seed back to its bytes; ``ValueError`` unless it is 64 hex digits."""
    if len(text) != 2 * SEED_BYTES:
        raise ValueError("a seed is 64 hex digits")
    return bytes.fromhex(text)


class FairStream:
    """The numbers of one outcome: ``FairStream(seed, context)``, then ``below(n)`` or ``take(values)``."""

    __slots__ = ("_block", "_context", "_seed", "_words")

    def __init__(self, seed: bytes, context: str) -> None:
        self._seed, self._context, self._block = seed, context, 0
        self._words: list[int] = []

    def _next_word(self) -> int:
        if not self._words:
            digest = hmac.new(self._seed, f"{self._context}:{self._block}".encode(), hashlib.sha256).digest()
            self._block += 1
            self._words = [int.from_bytes(digest[at : at + 4], "big") for at in range(28, -1, -4)]
        return self._words.pop()  # kept reversed, so pop() gives the words in their order

    def below(self, n: int) -> int:
        """A number in ``[0, n)``, every one equally likely."""
        if not 1 <= n <= WORD:
            raise ValueError("n must be between 1 and 2**32")
        limit = WORD - WORD % n
        while True:
            word = self._next_word()
            if word < limit:
                return word % n

    def take(self, values: list[T]) -> T:
        """Draw one of ``values`` without replacement: it is removed from the list."""
        return values.pop(self.below(len(values)))

    def draw(self, values: Sequence[T], count: int) -> list[T]:
        """``count`` values drawn without replacement, in the order drawn."""
        left = list(values)
        if count > len(left):
            raise ValueError("cannot draw more values than there are")
        return [self.take(left) for _ in range(count)]
