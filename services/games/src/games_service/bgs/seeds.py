"""A player's seed pairs: shown as commitments before any round, rotated on request, retired when their key is gone.

Pair ``n``'s server seed is derived under the key its ``key_id`` names (``keys.SeedKeys``), never stored. Showing
the seeds makes the player's first pair if they have none and marks it shown (rounds wait for that); it shows the
commitment of the current seed and of the next pair's, so the server's next seed is fixed before the player picks
the client seed it will be played with. Rotating reveals the current seed and starts the next pair, whose
commitment the player names (``nextServerSeedHash``) as the one they saw; it is refused while a round under the
current seed is open, so no seed is revealed while a round under it could still be settled or voided.

A pair made under a key the service no longer holds (or before key ids) cannot be revealed nor played: it is
retired at its next use, replaced by a new pair under the current key that must be shown before any round, its
seed never revealed (its open rounds are the recovery sweep's: ``service.settle``)."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import select, text
from sqlalchemy.ext.asyncio import AsyncSession

from games_service.bgs import fair, repository
from games_service.bgs.keys import SeedKeys
from games_service.bgs.models import RevealedSeed, SeedPair
from games_service.bgs.schemas import RevealedRead, RotatedRead, SeedsRead
from portal_kit.db import Database
from portal_kit.errors import Conflict, DomainError
from portal_kit.fairness import commitment

OPEN_UNDER = text(
    "SELECT 1 FROM game_round WHERE merchant = :merchant AND account_id = :account AND state = 'open' "
    "AND server_seed_hash = :hash LIMIT 1"
)


async def show(db: Database, keys: SeedKeys, merchant: str, account_id: str) -> SeedsRead:
    current = keys.current_id
    first = (keys.commitment(current, merchant, account_id, 1), keys.commitment(current, merchant, account_id, 2))
    shown = await repository.show_seeds(db, merchant, account_id, current, first, fair.new_client_seed())
    if not keys.holds(shown.key_id):
        await retire(db, keys, merchant, account_id)
        shown = await repository.show_seeds(db, merchant, account_id, current, first, fair.new_client_seed())
    return SeedsRead(
        serverSeedHash=shown.server_seed_hash, clientSeed=shown.client_seed, nonce=shown.nonce,
        nextServerSeedHash=shown.next_server_seed_hash,
    )  # fmt: skip


def _start_anew(pair: SeedPair, keys: SeedKeys, number: int) -> None:
    """Make ``pair`` the player's ``number``-th, and the next one, under the current key: not shown yet, a fresh
    client seed (the seed its label gives under that key was never shown under another commitment)."""
    current = keys.current_id
    pair.pair, pair.key_id, pair.next_key_id = number, current, current
    pair.server_seed_hash = keys.commitment(current, pair.merchant, pair.account_id, number)
    pair.next_server_seed_hash = keys.commitment(current, pair.merchant, pair.account_id, number + 1)
    pair.client_seed, pair.nonce, pair.shown_at = fair.new_client_seed(), 0, None


async def _locked(session: AsyncSession, merchant: str, account_id: str) -> SeedPair | None:
    return await session.scalar(
        select(SeedPair).where(SeedPair.merchant == merchant, SeedPair.account_id == account_id).with_for_update()
    )


async def retire(db: Database, keys: SeedKeys, merchant: str, account_id: str) -> None:
    """Replace the player's pair made under a key no longer held by a new pair under the current key, shown before
    any round; the old seed cannot be revealed (no key derives it)."""
    async with db.transaction() as session:
        pair = await _locked(session, merchant, account_id)
        if pair is not None and not keys.holds(pair.key_id):
            _start_anew(pair, keys, pair.pair + 1)


async def rotate(
    db: Database, keys: SeedKeys, merchant: str, account_id: str, client_seed: str, next_hash: str
) -> RotatedRead:
    """Reveal the current server seed and start the next pair with the player's ``client_seed``. The pair's row
    lock waits for a round being opened under it; a round still open under the current seed refuses the rotation.
    A pair under a key no longer held is retired instead (``seeds.retired``), a next pair under one is made again
    under the current key (``seeds.next_changed``: the player looks at it first)."""
    changed, answer = "", None
    async with db.transaction() as session:
        pair = await _locked(session, merchant, account_id)
        if pair is None or pair.shown_at is None:
            raise Conflict("seeds.not_shown")
        if not keys.holds(pair.key_id):
            _start_anew(pair, keys, pair.pair + 1)
            changed = "seeds.retired"
        elif not keys.holds(pair.next_key_id):
            pair.next_key_id = keys.current_id
            pair.next_server_seed_hash = keys.commitment(keys.current_id, merchant, account_id, pair.pair + 1)
            changed = "seeds.next_changed"
        else:
            answer = await _reveal(session, keys, pair, client_seed, next_hash)
    if answer is None:  # committed: the player is shown the new commitments first
        raise Conflict(changed)
    return answer


async def _reveal(
    session: AsyncSession, keys: SeedKeys, pair: SeedPair, client_seed: str, next_hash: str
) -> RotatedRead:
    merchant, account_id = pair.merchant, pair.account_id
    if pair.next_server_seed_hash != next_hash:
        raise Conflict("seeds.next_changed")
    seed = keys.seed(pair.key_id, merchant, account_id, pair.pair)
    following = keys.commitment(pair.next_key_id, merchant, account_id, pair.pair + 1)
    if commitment(seed) != pair.server_seed_hash or following != pair.next_server_seed_hash:
        # The keys' fingerprints are checked when the service starts (keys.verified): only a broken row gets here.
        raise DomainError("seeds.unavailable", status=503)
    open_under = {"merchant": merchant, "account": account_id, "hash": pair.server_seed_hash}
    if await session.scalar(OPEN_UNDER, open_under) is not None:
        raise Conflict("seeds.round_open")
    previous = RevealedRead(
        serverSeed=seed.hex(), serverSeedHash=pair.server_seed_hash, clientSeed=pair.client_seed, rounds=pair.nonce
    )
    session.add(
        RevealedSeed(
            server_seed_hash=pair.server_seed_hash, merchant=merchant, account_id=account_id,
            server_seed=previous.serverSeed, client_seed=pair.client_seed, rounds=pair.nonce,
            revealed_at=datetime.now(UTC),
        )
    )  # fmt: skip
    pair.pair += 1
    pair.key_id, pair.server_seed_hash = pair.next_key_id, following
    pair.next_key_id = keys.current_id
    pair.next_server_seed_hash = keys.commitment(keys.current_id, merchant, account_id, pair.pair + 1)
    pair.client_seed, pair.nonce, pair.shown_at = client_seed, 0, datetime.now(UTC)
    current = SeedsRead(
        serverSeedHash=pair.server_seed_hash, clientSeed=client_seed, nonce=0,
        nextServerSeedHash=pair.next_server_seed_hash,
    )  # fmt: skip
    return RotatedRead(previous=previous, current=current)
