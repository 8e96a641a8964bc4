"""The fingerprint of each seed key id's key, recorded in the database the first time a worker holds it
(``lottery_seed_key``). A worker given another key under a recorded id (a mistyped Secret, a key swapped in) refuses
to start: under it, the issues committed under that id could not be drawn, and new ones would be committed under a
key someone chose."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert

from lottery_service.draws.keys import SeedKeys, SeedKeysRefused
from lottery_service.draws.models import SeedKeyRecord
from portal_kit.db import Database


async def check_fingerprints(db: Database, keys: SeedKeys) -> None:
    """Record the fingerprints of the keys held under ids not seen before; ``SeedKeysRefused`` naming every held key
    whose fingerprint differs from the one recorded under its id."""
    held = {key_id: keys.fingerprint(key_id) for key_id in keys.held}
    async with db.transaction() as session:
        rows = [{"key_id": key_id, "fingerprint": fingerprint} for key_id, fingerprint in held.items()]
        await session.execute(insert(SeedKeyRecord).values(rows).on_conflict_do_nothing())
        found = await session.execute(
            select(SeedKeyRecord.key_id, SeedKeyRecord.fingerprint).where(SeedKeyRecord.key_id.in_(held))
        )
        recorded = {key_id: fingerprint for key_id, fingerprint in found}
    wrong = sorted(key_id for key_id, fingerprint in held.items() if recorded.get(key_id) != fingerprint)
    if wrong:
        raise SeedKeysRefused(
            f"the seed key held under {', '.join(wrong)} is not the key first used under that id (its fingerprint in "
            "lottery_seed_key differs): give the worker that key back, or the new key under a new LOTTERY_SEED_KEY_ID"
        )
