"""A red envelope's pure rules: its pool split at random into shares (each at least one minor unit, summing to the
pool exactly), its state by the clock."""

from __future__ import annotations

import itertools
import random
from datetime import datetime
from enum import StrEnum

MAX_SHARES = 10_000


class EnvelopeState(StrEnum):
    UPCOMING = "UPCOMING"
    OPEN = "OPEN"
    CLOSED = "CLOSED"


class PayoutStatus(StrEnum):
    PENDING = "PENDING"  # claimed; the wallet asked (or to be asked again)
    PAID = "PAID"
    FAILED = "FAILED"  # the wallet refused and nothing moved (a trial account, no wallet)


def state_of(opens_at: datetime, closes_at: datetime, now: datetime) -> EnvelopeState:
    if now < opens_at:
        return EnvelopeState.UPCOMING
    return EnvelopeState.OPEN if now < closes_at else EnvelopeState.CLOSED


def split(pool: int, count: int, rng: random.Random) -> list[int]:
    """``pool`` (minor units) in ``count`` shares at random, each at least 1, summing to ``pool``: ``count - 1``
    distinct cuts chosen uniformly among the ``pool - 1`` places between units, the shares the gaps between them
    (every such split equally likely)."""
    if count < 1 or pool < count:
        raise ValueError("a pool of at least one unit a share, and at least one share")
    cuts = sorted(rng.sample(range(1, pool), count - 1))
    edges = [0, *cuts, pool]
    return [high - low for low, high in itertools.pairwise(edges)]


def transaction_id(envelope_id: int, share_no: int) -> str:
    """The wallet's key of a share: one credit per envelope and share, however often asked."""
    return f"red-envelope:{envelope_id}:share:{share_no}"
