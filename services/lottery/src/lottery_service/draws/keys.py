"""The keys each issue's seed is derived under (held outside the database, ``LOTTERY_SEED_KEY``): the current one
for the issues being written, the retired ones for the issues already committed under them."""

from __future__ import annotations

from dataclasses import dataclass

from lottery_service.settings import LotterySettings
from portal_kit.fairness import derive_seed

# What a key's fingerprint is derived from: no seed's label (those are ``lottery:<game>:<issue>``).
FINGERPRINT_LABEL = "fingerprint"


class SeedKeysRefused(ValueError):
    """The worker may not derive seeds under the keys it was given (the message says why)."""


def seed_label(game_code: str, issue: str) -> str:
    """What a seed is derived from besides the key: ``lottery:<game code>:<issue>``."""
    return f"lottery:{game_code}:{issue}"


@dataclass(frozen=True)
class SeedKeys:
    current_id: str
    keys: dict[str, bytes]

    @classmethod
    def of(cls, settings: LotterySettings) -> SeedKeys:
        """The settings' keys; ``SeedKeysRefused`` for the development key outside development and tests."""
        refusal = settings.seed_keys_refusal()
        if refusal is not None:
            raise SeedKeysRefused(refusal)
        keys = {key_id: bytes.fromhex(key) for key_id, key in settings.old_seed_keys.items()}
        keys[settings.seed_key_id] = bytes.fromhex(settings.current_seed_key)
        return cls(settings.seed_key_id, keys)

    @property
    def held(self) -> list[str]:
        return sorted(self.keys)

    def fingerprint(self, key_id: str) -> str:
        """What the database records of the key held under ``key_id``: HMAC-SHA256(key, "fingerprint") in hex. It
        tells whether a key is the one first used under its id, and nothing of the key or of any seed."""
        return derive_seed(self.keys[key_id], FINGERPRINT_LABEL).hex()

    def new_seed(self, game_code: str, issue: str) -> bytes:
        """The seed of an issue being written now, under the current key."""
        return derive_seed(self.keys[self.current_id], seed_label(game_code, issue))

    def seed(self, key_id: str, game_code: str, issue: str) -> bytes | None:
        """The seed of an issue committed under ``key_id``; None when that key is not held."""
        key = self.keys.get(key_id)
        return None if key is None else derive_seed(key, seed_label(game_code, issue))
