"""The keys the players' server seeds are derived under (``GAMES_SEED_KEY``, held outside the database): the current
one for the pairs made now, the old ones (``GAMES_OLD_SEED_KEYS``) for the pairs made under them, each named by its id,
which every pair and round records.

A key is decoded from its hex digits, never used as text. The database records the fingerprint of the key first
used under each id (``seed_key``: HMAC-SHA256 of ``fingerprint`` under the key, which tells nothing of the key or of
any seed); ``verified`` records the held keys and refuses to go on when an id names another key than the recorded
one, so a changed key can never make a pair's commitment disagree with its seed."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert

from games_service.bgs import fair
from games_service.bgs.models import SeedKey
from games_service.settings import GamesSettings
from portal_kit.db import Database
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


async def verified(db: Database, keys: SeedKeys) -> SeedKeys:
    """``keys``, once each is recorded under its id (the first time it is used) and found to be the key recorded
    there; ``SeedKeyChanged`` when an id names another key."""
    async with db.transaction() as session:
        await session.execute(
            insert(SeedKey)
            .values([{"key_id": key_id, "fingerprint": keys.fingerprint(key_id)} for key_id in keys.held])
            .on_conflict_do_nothing()
        )
        rows = await session.execute(select(SeedKey.key_id, SeedKey.fingerprint).where(SeedKey.key_id.in_(keys.held)))
        recorded = {key_id: fingerprint for key_id, fingerprint in rows}
    changed = [key_id for key_id in keys.held if recorded.get(key_id) != keys.fingerprint(key_id)]
    if changed:
        raise SeedKeyChanged(
            f"the seed key id(s) {', '.join(changed)} name another key than the one first used under them: give a "
            "new key a new id (GAMES_SEED_KEY_ID) and keep the old one under its id (GAMES_OLD_SEED_KEYS)"
        )
    return keys
