"""The queries of the in-house games.

A round's hot path, each one prepared statement and one round trip (``Database.read`` / ``Database.call``, no ORM):
the game and its vendor, the player's seeds shown, the round opened (migration 0007's ``bgs_open_round``) and closed
with its bet record, event and jackpot share (``bgs_close_round``), and the recovery sweep's reads and delays.

Off that path, in the caller's session (its transaction is the use case's): the seed keys' fingerprints, a seed
pair locked for a rotation and the seed it reveals, the progressive pool (a hit's claim, the pool shown, its
latest hits)."""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

import psycopg
from psycopg.types.json import Jsonb
from sqlalchemy import and_, func, select, text, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from games_service.bgs.models import JackpotShare, RevealedSeed, Round, SeedKey, SeedPair
from games_service.catalogue.domain import VendorWindow
from games_service.catalogue.models import Game
from portal_kit.db import Database
from portal_kit.errors import Conflict

# A refusal a statement raised so that it rolls back whole (migration 0007); the message is its code.
REFUSED = "GM001"

GAME = """
SELECT g.game_type, g.min_bet, g.support_play, g.playable, g.enabled, v.enabled, v.maintenance_from,
       v.maintenance_until
  FROM game g LEFT JOIN vendor v ON v.merchant = g.merchant AND v.code = g.vendor AND v.game_type = g.game_type
 WHERE g.merchant = %s AND g.vendor = %s AND g.game_code = %s
"""
SHOW_SEEDS = """
INSERT INTO seed_pair (merchant, account_id, pair, key_id, server_seed_hash, next_key_id, next_server_seed_hash,
                       client_seed, nonce, shown_at)
VALUES (%s, %s, 1, %s, %s, %s, %s, %s, 0, now())
ON CONFLICT (merchant, account_id) DO UPDATE SET shown_at = COALESCE(seed_pair.shown_at, excluded.shown_at)
RETURNING server_seed_hash, client_seed, nonce, next_server_seed_hash, key_id
"""
# Each answers a round's columns in ``RoundRow``'s order.
OPEN = """
SELECT id, merchant, account_id, player_name, game_code, game_type, currency, wallet, stake, pair, server_seed_hash,
       client_seed, nonce, outcome, state, win, balance, refusal, jackpot_win, key_id
  FROM bgs_open_round(%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)
"""
CLOSE = """
SELECT id, merchant, account_id, player_name, game_code, game_type, currency, wallet, stake, pair, server_seed_hash,
       client_seed, nonce, outcome, state, win, balance, refusal, jackpot_win, key_id
  FROM bgs_close_round(%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)
"""
ROUND = """
SELECT id, merchant, account_id, player_name, game_code, game_type, currency, wallet, stake, pair, server_seed_hash,
       client_seed, nonce, outcome, state, win, balance, refusal, jackpot_win, key_id
  FROM game_round WHERE id = %s
"""
# The open rounds the recovery sweep may take now, those waiting longest first (migration 0008's ``retry_at``).
DUE = """
SELECT id FROM game_round WHERE state = 'open' AND retry_at < %s ORDER BY retry_at LIMIT %s
"""
# A round the sweep could not settle waits 10 s, 20 s, 40 s, ... at most an hour before it is tried again.
POSTPONE = """
UPDATE game_round
   SET attempts = attempts + 1,
       retry_at = now() + least(interval '1 hour', interval '10 seconds' * power(2, least(attempts, 12)))
 WHERE id = %s AND state = 'open'
RETURNING attempts
"""


@dataclass(frozen=True)
class RoundRow:
    """A round as its statements answer it."""

    id: uuid.UUID
    merchant: str
    account_id: str
    player_name: str
    game_code: str
    game_type: str
    currency: str
    wallet: str
    stake: int
    pair: int | None  # none: a round of the old scheme, its outcome stored when it was opened
    server_seed_hash: str
    client_seed: str
    nonce: int
    outcome: dict[str, Any]
    state: str
    win: int | None
    balance: int | None
    refusal: str | None
    jackpot_win: int | None
    key_id: str | None  # of its pair's seed (none: a round made before key ids, or of the old scheme)

    @property
    def params(self) -> dict[str, Any]:
        """What the player chose besides the stake (the dice's target, the side, the room): part of the bet."""
        params: dict[str, Any] = self.outcome.get("params") or {}
        return params

    def with_jackpot(self, won: int) -> RoundRow:
        return replace(self, jackpot_win=won)


@dataclass(frozen=True)
class Closing:
    """How a round closes: settled (its outcome, win and balance; its record and event when it is a real-money
    bet; its jackpot share) or void (the wallet's refusal)."""

    state: str
    settled_at: datetime
    win: int | None = None
    outcome: dict[str, Any] | None = None
    balance: int | None = None
    refusal: str | None = None
    event: dict[str, Any] | None = None  # games.bet.settled.v1, validated; staged with the record
    headers: dict[str, str] | None = None
    contribution: int = 0  # to the jackpot's shard ``shard`` while the pool is below ``pool_cap``
    shard: int = 0
    pool_seed: int = 0
    pool_cap: int = 0


def _round(row: tuple[Any, ...] | None) -> RoundRow:
    assert row is not None
    return RoundRow(*row)


@dataclass(frozen=True, slots=True)
class PlayableGame:
    """A game as a round reads it, with its vendor's switch and maintenance window (none: no vendor row): what the
    catalogue's rules of play need (``catalogue.domain.PlayRules``, ``Maintained``), without ORM objects."""

    merchant: str
    vendor: str
    game_code: str
    game_type: str
    min_bet: int
    support_play: int
    playable: bool
    enabled: bool
    vendor_window: VendorWindow | None


async def playable(db: Database, merchant: str, vendor: str, game_code: str) -> PlayableGame | None:
    """The game and its vendor's switch and maintenance window, as the catalogue's rules read them."""
    row = await db.read(GAME, (merchant, vendor, game_code))
    if row is None:
        return None
    game_type, min_bet, support_play, is_playable, enabled, vendor_enabled, starts, until = row
    window = None if vendor_enabled is None else VendorWindow(vendor_enabled, starts, until)
    return PlayableGame(merchant, vendor, game_code, game_type, min_bet, support_play, is_playable, enabled, window)


@dataclass(frozen=True)
class ShownSeeds:
    server_seed_hash: str
    client_seed: str
    nonce: int
    next_server_seed_hash: str
    key_id: str | None  # the key the current pair's seed is derived under


async def show_seeds(
    db: Database, merchant: str, account_id: str, key_id: str, first: tuple[str, str], client_seed: str
) -> ShownSeeds:
    """The player's pair (their first one, under ``key_id`` with ``first``'s commitments and ``client_seed``, when
    they have none), marked shown."""
    row = await db.call(SHOW_SEEDS, (merchant, account_id, key_id, first[0], key_id, first[1], client_seed))
    assert row is not None
    server_seed_hash, client, nonce, next_hash, pair_key = row
    return ShownSeeds(str(server_seed_hash), str(client), int(nonce), str(next_hash), pair_key)


async def open_round(
    db: Database, merchant: str, account_id: str, player_name: str, request_id: str, game_code: str, game_type: str,
    currency: str, wallet: str, stake: int, params: dict[str, Any], held_keys: list[str],
) -> RoundRow:  # fmt: skip
    """The round of ``request_id``: written open under the player's next nonce, or (a replay) as it stands. A pair
    made under a key not in ``held_keys`` is refused (``seeds.retired``) before anything is written."""
    try:
        row = await db.call(
            OPEN,
            (
                merchant, account_id, player_name, request_id, game_code, game_type, currency, wallet, stake,
                Jsonb(params), held_keys,
            ),
        )  # fmt: skip
    except psycopg.Error as error:
        if error.sqlstate == REFUSED and error.diag.message_primary:
            raise Conflict(error.diag.message_primary) from None
        raise
    return _round(row)


async def round_of(db: Database, round_id: uuid.UUID) -> RoundRow | None:
    row = await db.call(ROUND, (round_id,))
    return None if row is None else RoundRow(*row)


async def due_rounds(db: Database, before: datetime, limit: int) -> list[uuid.UUID]:
    """Open rounds due to be tried by the recovery sweep (opened, or last tried, before ``before``)."""
    return [row[0] for row in await db.rows(DUE, (before, limit))]


async def postpone(db: Database, round_id: uuid.UUID) -> int:
    """Put an open round the sweep could not settle back by a growing delay; how often it was tried."""
    row = await db.call(POSTPONE, (round_id,))
    return 0 if row is None else int(row[0])


async def close_round(db: Database, round_id: uuid.UUID, closing: Closing) -> RoundRow:
    """Close an open round as ``closing`` says; a round closed already is answered as it stands."""
    event = None if closing.event is None else Jsonb(closing.event)
    row = await db.call(
        CLOSE,
        (
            round_id, closing.state, closing.win, None if closing.outcome is None else Jsonb(closing.outcome),
            closing.balance, closing.refusal, closing.settled_at, None if closing.event is None else closing.event["id"],
            event, Jsonb(closing.headers or {}), closing.contribution, closing.shard, closing.pool_seed,
            closing.pool_cap,
        ),
    )  # fmt: skip
    return _round(row)


async def record_seed_keys(session: AsyncSession, fingerprints: Mapping[str, str]) -> dict[str, str]:
    """Each key's fingerprint recorded under its id the first time the id is used; the fingerprints recorded under
    those ids (the first key's, whatever key the id names now)."""
    await session.execute(
        insert(SeedKey)
        .values([{"key_id": key_id, "fingerprint": fingerprint} for key_id, fingerprint in fingerprints.items()])
        .on_conflict_do_nothing()
    )
    rows = await session.execute(
        select(SeedKey.key_id, SeedKey.fingerprint).where(SeedKey.key_id.in_(list(fingerprints)))
    )
    return {key_id: fingerprint for key_id, fingerprint in rows}


async def locked_pair(session: AsyncSession, merchant: str, account_id: str) -> SeedPair | None:
    """The player's seed pair, locked until the transaction ends (a round being opened under it waits, and so
    does it for one)."""
    return await session.scalar(
        select(SeedPair).where(SeedPair.merchant == merchant, SeedPair.account_id == account_id).with_for_update()
    )


OPEN_UNDER = text(
    "SELECT 1 FROM game_round WHERE merchant = :merchant AND account_id = :account AND state = 'open' "
    "AND server_seed_hash = :hash LIMIT 1"
)


async def round_open_under(session: AsyncSession, merchant: str, account_id: str, server_seed_hash: str) -> bool:
    """Whether a round of the player under the server seed ``server_seed_hash`` commits to is still open."""
    found = await session.scalar(OPEN_UNDER, {"merchant": merchant, "account": account_id, "hash": server_seed_hash})
    return found is not None


def add_revealed_seed(session: AsyncSession, revealed: RevealedSeed) -> None:
    """Keep a copy of a revealed seed (for support), written with the rotation."""
    session.add(revealed)


# RETURNING gives the row after the update: the amounts emptied are read (and locked) first.
EMPTY = text(
    """
    WITH emptied AS (
        SELECT shard, amount FROM jackpot_share WHERE merchant = :merchant AND currency = :currency FOR UPDATE
    )
    UPDATE jackpot_share SET amount = 0 FROM emptied
    WHERE jackpot_share.merchant = :merchant AND jackpot_share.currency = :currency
      AND jackpot_share.shard = emptied.shard
    RETURNING emptied.amount
    """
)


async def claimed_jackpot(session: AsyncSession, round_id: uuid.UUID) -> int | None:
    """What the round claimed of the pool already (None: nothing yet), its row locked until the transaction ends."""
    claimed = await session.scalar(select(Round.jackpot_win).where(Round.id == round_id).with_for_update())
    return None if claimed is None else int(claimed)


async def empty_pool(session: AsyncSession, merchant: str, currency: str) -> list[int]:
    """Empty the brand's pool: what each shard held (the shards locked until the transaction ends)."""
    shares = (await session.execute(EMPTY, {"merchant": merchant, "currency": currency})).scalars().all()
    return [int(share) for share in shares]


async def set_jackpot_win(session: AsyncSession, round_id: uuid.UUID, won: int) -> None:
    await session.execute(update(Round).where(Round.id == round_id).values(jackpot_win=won))


async def pool_shares(session: AsyncSession, merchant: str, currency: str) -> int:
    """What the brand's shards hold together."""
    shares = await session.scalar(
        select(func.coalesce(func.sum(JackpotShare.amount), 0)).where(
            JackpotShare.merchant == merchant, JackpotShare.currency == currency
        )
    )
    return int(shares or 0)


async def jackpot_hits(
    session: AsyncSession, merchant: str, vendor: str, limit: int
) -> Sequence[tuple[Round, Game | None]]:
    """The brand's latest settled rounds that won the pool, each with its game (``vendor``'s) in the catalogue."""
    join = and_(Game.merchant == Round.merchant, Game.vendor == vendor, Game.game_code == Round.game_code)
    rows = (
        await session.execute(
            select(Round, Game).outerjoin(Game, join)
            .where(Round.merchant == merchant, Round.jackpot_win.is_not(None), Round.state == "settled")
            .order_by(Round.settled_at.desc()).limit(limit)
        )
    ).all()  # fmt: skip
    return [(round_, game) for round_, game in rows]
