"""Personal data in Valkey key names (a phone number, an e-mail address, a username, a client's address) is written
as a keyed hash of it: HMAC-SHA256 under the service's ``secret_key``, cut to 128 bits. The same value always
names the same counter, but whoever sees the key names (an administrator, a backup, a replica) can neither read
them nor find one by hashing every phone number, as a plain hash would allow. A new ``secret_key`` starts every
such counter afresh."""

from __future__ import annotations

import hashlib
import hmac
from functools import lru_cache

_PURPOSE = b"portal valkey key names"


@lru_cache(maxsize=8)
def _name_key(secret: str) -> bytes:
    """A key of its own for key names, derived from the secret (which keys other things too)."""
    return hmac.new(secret.encode(), _PURPOSE, hashlib.sha256).digest()


def hidden(secret: str, value: str) -> str:
    """``value`` as it may appear in a key name."""
    return hmac.new(_name_key(secret), value.encode(), hashlib.sha256).hexdigest()[:32]
