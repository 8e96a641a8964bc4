"""The slot's progressive jackpot, without I/O. Every real-money spin of ``BGS_FRUIT5`` adds 1 % of its stake to
the brand's pool (kept in shards so parallel spins do not queue on one row); a spin whose fair stream's sixth
number falls under 1 / ``ODDS`` wins the whole pool, which starts again from ``SEED``. The hit is part of the
round's provably fair outcome (the verification call recomputes it); the amount is what the pool holds when the
round is settled. The pool is the house's promise: its money stays in the house account until a hit is paid
from it through the wallet like any win."""

from __future__ import annotations

import hashlib
import itertools

from games_service.bgs import fair, slot

ODDS = 200_000  # one spin in this many hits
CONTRIBUTION_PER_MILLE = 10  # of each stake
SEED = 1_000_000  # minor units (10,000.00): the pool after a hit
SHARDS = 8
GAME_CODE = slot.GAME_CODE


def hits(server_seed: str, client_seed: str, nonce: int) -> bool:
    """Whether the round wins the jackpot: the number after the reels' stops in the round's stream."""
    number = next(itertools.islice(fair.floats(server_seed, client_seed, nonce), slot.REELS, None))
    return number * ODDS < 1


def contribution(stake: int) -> int:
    return stake * CONTRIBUTION_PER_MILLE // 1000


def shard_of(account_id: str) -> int:
    return hashlib.sha256(account_id.encode()).digest()[0] % SHARDS
