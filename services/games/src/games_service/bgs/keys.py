"""The keys the players' server seeds are derived under (``GAMES_SEED_KEY``, held outside the database): the current
one for the pairs made now, the old ones (``GAMES_OLD_SEED_KEYS``) for the pairs made under them, each named by its id,
which every pair and round records.

A key is decoded from its hex digits, never used as text. The database records the fingerprint of the key first
used under each id (``seed_key``: HMAC-SHA256 of ``fingerprint`` under the key, which tells nothing of the key or of
any seed); the service records the held keys when it starts (``service.verified_keys``) and refuses to go on when an
id names another key than the recorded one (``SeedKeyChanged``), so a changed key can never make a pair's
commitment disagree with its seed. Pure rules: this module holds no I/O."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from games_service.bgs import fair
from games_service.settings import GamesSettings
from portal_kit.fairness import commitment, derive_seed

FINGERPRINT_LABEL = "fingerprint"  # no pair's label (those are ``bgs:<merchant>:<account>:<n>``)


class SeedKeyChanged(RuntimeError):
    """A key id names another key than the one first used under it: the service refuses to start."""


class SeedKeyNotHeld(LookupError):
    """A pair or round was made under a key this process does not hold (retired, or made before key ids)."""


@dataclass(frozen=True)
class SeedKeys:
    current_id: str
    keys: Mapping[str, bytes]

    @classmethod
    def of(cls, settings: GamesSettings) -> SeedKeys:
        keys = {key_id: bytes.fromhex(key) for key_id, key in settings.old_seed_keys.items()}
        keys[settings.seed_key_id] = bytes.fromhex(settings.seed_key)
        return cls(settings.seed_key_id, keys)

    @property
    def held(self) -> list[str]:
        return sorted(self.keys)

    def holds(self, key_id: str | None) -> bool:
        return key_id is not None and key_id in self.keys

    def seed(self, key_id: str | None, merchant: str, account_id: str, pair: int) -> bytes:
        """The server seed of a player's ``pair``-th pair made under ``key_id``; ``SeedKeyNotHeld`` without it."""
        if key_id is None or key_id not in self.keys:
            raise SeedKeyNotHeld(key_id)
        return fair.server_seed(self.keys[key_id], merchant, account_id, pair)

    def commitment(self, key_id: str | None, merchant: str, account_id: str, pair: int) -> str:
        return commitment(self.seed(key_id, merchant, account_id, pair))

    def fingerprint(self, key_id: str) -> str:
        return derive_seed(self.keys[key_id], FINGERPRINT_LABEL).hex()
