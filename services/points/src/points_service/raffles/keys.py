"""The keys each raffle's seed is derived under (held outside the database, ``POINTS_SEED_KEY``): the current one for
the raffles made now, the retired ones (``POINTS_OLD_SEED_KEYS``) for the raffles made under them, each named by its
id, which the raffle records. A thin mirror of the lottery's ``draws.keys`` (the services share no code but the kit):
``derive_seed(key, "points:raffle:<raffleId>")``. No fingerprint table: a raffle's own ``seed_hash`` tells whether
the key held under its id is the one it was made under (``seed`` answers None otherwise)."""

from __future__ import annotations

from dataclasses import dataclass

from points_service.settings import PointsSettings
from portal_kit.fairness import commitment, derive_seed


class SeedKeysRefused(ValueError):
    """Raffle seeds may not be derived under the keys given (the message says why)."""


def seed_label(raffle_id: int) -> str:
    """What a raffle's seed is derived from besides the key: ``points:raffle:<raffleId>``."""
    return f"points:raffle:{raffle_id}"


@dataclass(frozen=True)
class SeedKeys:
    current_id: str
    keys: dict[str, bytes]

    @classmethod
    def of(cls, settings: PointsSettings) -> SeedKeys:
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

    def new_seed(self, raffle_id: int) -> bytes:
        """The seed of a raffle being made now, under the current key."""
        return derive_seed(self.keys[self.current_id], seed_label(raffle_id))

    def seed(self, key_id: str, raffle_id: int, seed_hash: str) -> bytes | None:
        """The seed of a raffle made under ``key_id``; None when that key is not held, or is not the key the raffle
        was committed under (its seed's SHA-256 is not ``seed_hash``)."""
        key = self.keys.get(key_id)
        if key is None:
            return None
        seed = derive_seed(key, seed_label(raffle_id))
        return seed if commitment(seed) == seed_hash else None
