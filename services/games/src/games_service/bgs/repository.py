"""The statements of a round's hot path, each one prepared statement and one round trip (``Database.read`` /
``Database.call``, no ORM): the game and its vendor, the player's seeds shown, the round opened (migration 0007's
``bgs_open_round``) and closed with its bet record, event and jackpot share (``bgs_close_round``)."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

import psycopg
from psycopg.types.json import Jsonb

from games_service.catalogue.models import Game, Vendor
from portal_kit.db import Database
from portal_kit.errors import Conflict

# A refusal a statement raised so that it rolls back whole (migration 0007); the message is its code.
REFUSED = "GM001"

GAME = """
SELECT g.game_type, g.min_bet, g.support_play, g.playable, v.maintenance_until
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


async def playable(db: Database, merchant: str, vendor: str, game_code: str) -> tuple[Game, Vendor | None] | None:
    """The game and its vendor, as the catalogue's rules read them (transient rows: nothing is loaded)."""
    row = await db.read(GAME, (merchant, vendor, game_code))
    if row is None:
        return None
    game_type, min_bet, support_play, is_playable, maintenance_until = row
    game = Game(
        merchant=merchant, vendor=vendor, game_type=game_type, game_code=game_code, min_bet=min_bet,
        support_play=support_play, playable=is_playable,
    )  # fmt: skip
    its_vendor = Vendor(merchant=merchant, code=vendor, game_type=game_type, maintenance_until=maintenance_until)
    return game, its_vendor


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
