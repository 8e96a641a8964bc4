"""A player's seed pairs: shown as commitments before any round, rotated on request.

Pair ``n``'s server seed is derived under the key (``fair.server_seed``), never stored. Showing the seeds makes the
player's first pair if they have none and marks it shown (rounds wait for that); it shows the commitment of the
current seed and of the next pair's, so the server's next seed is fixed before the player picks the client seed
it will be played with. Rotating reveals the current seed and starts the next pair, whose commitment the player
names (``nextServerSeedHash``) as the one they saw; it is refused while a round of the player is open, so no
seed is revealed while a round under it could still be settled or voided."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import select, text

from games_service.bgs import fair, repository
from games_service.bgs.models import RevealedSeed, SeedPair
from games_service.bgs.schemas import RevealedRead, RotatedRead, SeedsRead
from portal_kit.db import Database
from portal_kit.errors import Conflict, DomainError
from portal_kit.fairness import commitment

ANY_OPEN = text(
    "SELECT 1 FROM game_round WHERE merchant = :merchant AND account_id = :account AND state = 'open' LIMIT 1"
)


def _commitment(key: bytes, merchant: str, account_id: str, pair: int) -> str:
    return commitment(fair.server_seed(key, merchant, account_id, pair))


async def show(db: Database, key: bytes, merchant: str, account_id: str) -> SeedsRead:
    first = (_commitment(key, merchant, account_id, 1), _commitment(key, merchant, account_id, 2))
    current, client, nonce, following = await repository.show_seeds(
        db, merchant, account_id, first, fair.new_client_seed()
    )
    return SeedsRead(serverSeedHash=current, clientSeed=client, nonce=nonce, nextServerSeedHash=following)


async def rotate(
    db: Database, key: bytes, merchant: str, account_id: str, client_seed: str, next_hash: str
) -> RotatedRead:
    """Reveal the current server seed and start the next pair with the player's ``client_seed``. The pair's row
    lock waits for a round being opened under it; a round still open refuses the rotation."""
    async with db.transaction() as session:
        pair = await session.scalar(
            select(SeedPair).where(SeedPair.merchant == merchant, SeedPair.account_id == account_id).with_for_update()
        )
        if pair is None or pair.shown_at is None:
            raise Conflict("seeds.not_shown")
        if pair.next_server_seed_hash != next_hash:
            raise Conflict("seeds.next_changed")
        if await session.scalar(ANY_OPEN, {"merchant": merchant, "account": account_id}) is not None:
            raise Conflict("seeds.round_open")
        seed = fair.server_seed(key, merchant, account_id, pair.pair)
        following = _commitment(key, merchant, account_id, pair.pair + 1)
        if commitment(seed) != pair.server_seed_hash or following != pair.next_server_seed_hash:
            raise DomainError("seeds.unavailable", status=503)  # the key is not the one the pair was made under
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
        pair.server_seed_hash = following
        pair.next_server_seed_hash = _commitment(key, merchant, account_id, pair.pair + 1)
        pair.client_seed, pair.nonce, pair.shown_at = client_seed, 0, datetime.now(UTC)
        current = SeedsRead(
            serverSeedHash=pair.server_seed_hash, clientSeed=client_seed, nonce=0,
            nextServerSeedHash=pair.next_server_seed_hash,
        )  # fmt: skip
    return RotatedRead(previous=previous, current=current)
