from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any

from sqlalchemy import BigInteger, DateTime, Index, Integer, String, func, text
from sqlalchemy.dialects.postgresql import JSONB, UUID
from sqlalchemy.orm import Mapped, mapped_column

from portal_kit.db import Base


class SeedKey(Base):
    """The fingerprint of the key first used under an id (``bgs/keys.py``; recorded by ``service.verified_keys``): a
    process given another key under a recorded id refuses to start, so no pair is ever derived under two keys."""

    __tablename__ = "seed_key"

    key_id: Mapped[str] = mapped_column(String(16), primary_key=True)
    fingerprint: Mapped[str] = mapped_column(String(64))
    recorded_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class SeedPair(Base):
    """A player's current seeds. The server seed is not stored: it is derived from the pair's number under the key
    ``key_id`` names, held outside the database (``bgs/fair.py``); the row keeps its commitment, and the next pair's
    (under ``next_key_id``), shown before any round and before the player picks the next client seed. A key id
    that no held key answers to (null: a pair made before key ids) retires the pair at its next use."""

    __tablename__ = "seed_pair"

    merchant: Mapped[str] = mapped_column(String(32), primary_key=True)
    account_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    pair: Mapped[int] = mapped_column(BigInteger, default=1)  # the player's first pair is 1, each rotation adds 1
    key_id: Mapped[str | None] = mapped_column(String(16), nullable=True)
    server_seed_hash: Mapped[str] = mapped_column(String(64))
    next_key_id: Mapped[str | None] = mapped_column(String(16), nullable=True)
    next_server_seed_hash: Mapped[str] = mapped_column(String(64))
    client_seed: Mapped[str] = mapped_column(String(64))
    nonce: Mapped[int] = mapped_column(BigInteger, default=0)  # rounds played under this pair
    shown_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)  # rounds wait for it
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class RevealedSeed(Base):
    """A rotated server seed, revealed so the player can verify every round played under it."""

    __tablename__ = "revealed_seed"

    server_seed_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    merchant: Mapped[str] = mapped_column(String(32))
    account_id: Mapped[str] = mapped_column(String(64))
    server_seed: Mapped[str] = mapped_column(String(64))
    client_seed: Mapped[str] = mapped_column(String(64))
    rounds: Mapped[int] = mapped_column(BigInteger)
    revealed_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class Round(Base):
    """One round of an in-house game. It is written ``open`` with its bet and its nonce (which fix what its fair
    stream will be, unseen until its pair is revealed); its outcome is computed and its stake and win go through
    the wallet together (``rpc.wallet.settle`` under the round's id) when it is settled, so a round interrupted
    anywhere settles to the same result when it is taken up again."""

    __tablename__ = "game_round"
    __table_args__ = (
        Index("uq_round_request", "merchant", "account_id", "request_id", unique=True),
        Index("ix_round_due", "retry_at", postgresql_where=text("state = 'open'")),
        Index("ix_round_member", "merchant", "account_id", "created_at"),
        Index("ix_round_member_open", "merchant", "account_id", postgresql_where=text("state = 'open'")),
        Index("ix_round_jackpot", "merchant", "settled_at", postgresql_where=text("jackpot_win IS NOT NULL")),
    )

    id: Mapped[uuid.UUID] = mapped_column(UUID(as_uuid=True), primary_key=True, default=uuid.uuid4)
    merchant: Mapped[str] = mapped_column(String(32))
    account_id: Mapped[str] = mapped_column(String(64))
    player_name: Mapped[str] = mapped_column(String(64), server_default="")
    request_id: Mapped[str] = mapped_column(String(100))
    game_code: Mapped[str] = mapped_column(String(60))
    game_type: Mapped[str] = mapped_column(String(16))
    currency: Mapped[str] = mapped_column(String(3))
    # main, or freeplay: a trial account's demo round, paid in play money and counted for nothing
    wallet: Mapped[str] = mapped_column(String(16), server_default="main")
    stake: Mapped[int] = mapped_column(BigInteger)
    win: Mapped[int | None] = mapped_column(BigInteger, nullable=True)  # none while open
    server_seed_hash: Mapped[str] = mapped_column(String(64))
    client_seed: Mapped[str] = mapped_column(String(64))
    nonce: Mapped[int] = mapped_column(BigInteger)
    # The seed pair it runs under (its outcome is computed from it); none for a round of the old scheme, whose
    # outcome was stored when it was opened.
    pair: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    key_id: Mapped[str | None] = mapped_column(String(16), nullable=True)  # of its pair's seed
    outcome: Mapped[dict[str, Any]] = mapped_column(JSONB)
    state: Mapped[str] = mapped_column(String(8), default="open")  # open, settled, void
    refusal: Mapped[str | None] = mapped_column(String(60), nullable=True)
    balance: Mapped[int | None] = mapped_column(BigInteger, nullable=True)  # after the round
    # The progressive pool this round won, claimed (and the pool started again) once, before it is paid.
    jackpot_win: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    settled_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    # The recovery sweep takes open rounds by ``retry_at`` (their opening, at first) and puts back one it could not
    # settle by a delay that grows with ``attempts``, so no round that cannot settle keeps the others waiting.
    attempts: Mapped[int] = mapped_column(Integer, server_default="0")
    retry_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class JackpotShare(Base):
    """One shard of a brand's progressive pool (the pool is ``SEED`` plus every shard); a spin adds to the shard
    of its player, a hit empties them all."""

    __tablename__ = "jackpot_share"

    merchant: Mapped[str] = mapped_column(String(32), primary_key=True)
    currency: Mapped[str] = mapped_column(String(3), primary_key=True)
    shard: Mapped[int] = mapped_column(Integer, primary_key=True)
    amount: Mapped[int] = mapped_column(BigInteger, default=0)
