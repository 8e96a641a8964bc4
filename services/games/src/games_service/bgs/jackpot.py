"""The slot's progressive jackpot, without I/O.

Every real-money spin of ``BGS_FRUIT5`` adds 1 % of its stake to the brand's pool (kept in shards so parallel
spins do not queue on one row) while the pool is below its cap; the pool is ``SEED`` plus the shards and a hit
pays it, at most ``CAP``, then it starts again from ``SEED``. A spin's jackpot draw is the number after its reels'
stops in its fair stream, below ``STAKE_PER_HIT``, and the spin hits when the draw is below its stake: the chance
is ``stake / STAKE_PER_HIT``, proportional to the stake, so a spin's expected jackpot is ``pool / STAKE_PER_HIT``
of its stake at every stake, at most ``CAP / STAKE_PER_HIT`` (2.5 %), and the slot returns at most 98.23 % with
a full pool. The pool is the house's promise: its money stays in the house account until a hit is paid from it
through the wallet like any win."""

from __future__ import annotations

import hashlib
from fractions import Fraction

from games_service.bgs import slot
from portal_kit.fairness import FairStream

STAKE_PER_HIT = 2_000_000_000  # minor units (20,000,000.00): staked, on average, for one hit
CONTRIBUTION_PER_MILLE = 10  # of each stake
SEED = 1_000_000  # minor units (10,000.00): the pool after a hit
CAP = 50_000_000  # minor units (500,000.00): the most a hit pays; contributions stop there (the house keeps them)
SHARDS = 8
GAME_CODE = slot.GAME_CODE


def draw(stream: FairStream) -> int:
    """The jackpot's number, read after the reels' stops: below ``STAKE_PER_HIT``."""
    return stream.below(STAKE_PER_HIT)


def hits(number: int, stake: int) -> bool:
    return number < stake


def hit_chance(stake: int) -> Fraction:
    """Exactly ``stake`` of the draw's ``STAKE_PER_HIT`` equally likely values hit."""
    return Fraction(stake, STAKE_PER_HIT)


def payable(pool: int) -> int:
    """What a hit pays of a pool: all of it, up to the cap."""
    return min(pool, CAP)


def expected_return(stake: int, pool: int) -> Fraction:
    """The jackpot's expected return of a spin of ``stake`` with ``pool`` in the pool, as a share of the stake."""
    return hit_chance(stake) * payable(pool) / stake


def contribution(stake: int) -> int:
    return stake * CONTRIBUTION_PER_MILLE // 1000


def long_run_share(stake: int) -> float:
    """The jackpot's return over the long run of spins of ``stake``: the pool a hit finds is ``SEED`` plus the
    contributions of the ``k`` spins settled since the last hit (the hitting spin's own share goes to the next
    pool), capped, with ``k - 1`` geometric; so ``p * E[pool at a hit] / stake`` with ``p`` the hit chance."""
    p = stake / STAKE_PER_HIT
    step = contribution(stake)
    if step == 0:
        return SEED / STAKE_PER_HIT
    steps_to_cap = (CAP - SEED) // step
    remainder = CAP - SEED - step * steps_to_cap
    miss_all = (1 - p) ** steps_to_cap
    expected_pool = SEED + step * (1 - miss_all) / p + remainder * miss_all
    return p * expected_pool / stake


def shard_of(account_id: str) -> int:
    return hashlib.sha256(account_id.encode()).digest()[0] % SHARDS
