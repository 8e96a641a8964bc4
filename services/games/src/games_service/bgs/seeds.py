"""A player's seed pair: shown as a commitment, rotated on request (revealing the old server seed)."""

from __future__ import annotations

from sqlalchemy import select, text

from games_service.bgs import fair
from games_service.bgs.models import RevealedSeed, SeedPair
from games_service.bgs.schemas import RevealedRead, RotatedRead, SeedsRead
from portal_kit.db import Database

ENSURE = text(
    """
    INSERT INTO seed_pair (merchant, account_id, server_seed, client_seed, nonce)
    VALUES (:merchant, :account_id, :server_seed, :client_seed, 0)
    ON CONFLICT (merchant, account_id) DO NOTHING
    """
)


async def current(db: Database, merchant: str, account_id: str) -> SeedsRead:
    async with db.transaction() as session:
        await session.execute(
            ENSURE,
            {
                "merchant": merchant,
                "account_id": account_id,
                "server_seed": fair.new_server_seed(),
                "client_seed": fair.new_client_seed(),
            },
        )
        pair = await session.get(SeedPair, (merchant, account_id))
        assert pair is not None
        return SeedsRead(
            serverSeedHash=fair.commitment(pair.server_seed), clientSeed=pair.client_seed, nonce=pair.nonce
        )


async def rotate(db: Database, merchant: str, account_id: str, client_seed: str) -> RotatedRead:
    """Reveal the current server seed and start a new pair with the player's ``client_seed``; the row lock
    waits for rounds being fixed under the old pair, so none is fixed under a seed already revealed."""
    await current(db, merchant, account_id)
    async with db.transaction() as session:
        pair = await session.scalar(
            select(SeedPair).where(SeedPair.merchant == merchant, SeedPair.account_id == account_id).with_for_update()
        )
        assert pair is not None
        previous = RevealedRead(
            serverSeed=pair.server_seed,
            serverSeedHash=fair.commitment(pair.server_seed),
            clientSeed=pair.client_seed,
            rounds=pair.nonce,
        )
        session.add(
            RevealedSeed(
                server_seed_hash=previous.serverSeedHash,
                merchant=merchant,
                account_id=account_id,
                server_seed=pair.server_seed,
                client_seed=pair.client_seed,
                rounds=pair.nonce,
            )
        )
        pair.server_seed, pair.client_seed, pair.nonce = fair.new_server_seed(), client_seed, 0
        fresh = SeedsRead(serverSeedHash=fair.commitment(pair.server_seed), clientSeed=client_seed, nonce=0)
    return RotatedRead(previous=previous, current=fresh)
