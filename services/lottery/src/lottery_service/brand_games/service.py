"""A brand's settings of its lottery games: a brand admin switches a game off or on for the brand's members, sets
the stake limits of one bet and of a member's bets on one issue within the house's (the catalogue's), and chooses
the prize mode its bets are paid under; any ops role of the brand reads them.

The member's calls read the settings through Valkey, under a generation of the brand that a change moves after its
commit (``brand_settings``), so a change holds from the next call of every process and a slip stays two statements
on the database: a game switched off leaves the brand's lobby lists and refuses bets
(``lottery.game_unavailable``), a stake outside the limits is ``stake.out_of_limits``, the per-issue limit is held by
the slip's own statement (``lottery_slip_write``, under its advisory lock), and the prize mode prices the bets placed
after the change (a bet keeps the odds it was written with). Each change is audited (before and after) in the same
transaction; refused input writes nothing."""

from __future__ import annotations

import dataclasses
import json
import logging
from collections.abc import Mapping, Sequence
from typing import Any

from redis.asyncio import Redis
from redis.exceptions import RedisError

from lottery_service.audit.models import LotteryAudit
from lottery_service.brand_games import domain, repository
from lottery_service.brand_games.domain import GameSettings
from lottery_service.brand_games.models import BrandGame
from lottery_service.brand_games.schemas import (
    LotteryBrandGamesRead,
    LotteryGameSettingsRead,
    LotteryGameSettingsWrite,
    LotteryHouseLimitsRead,
    LotteryPrizeModeRead,
)
from lottery_service.catalogue.domain import Catalogue, Game
from portal_kit.audit import actor_name, record_ops_action
from portal_kit.db import Database
from portal_kit.errors import DomainError
from portal_kit.sessions import Principal
from portal_kit.valkey_link import as_str, cached_text

log = logging.getLogger(__name__)

CACHE_SECONDS = 60  # a safety net only: a change moves the brand's generation, which every process reads first


def _settings(row: BrandGame) -> GameSettings:
    return GameSettings(row.enabled, row.min_stake, row.max_stake, row.max_per_issue, row.prize_mode)


def _generation_key(merchant: str) -> str:
    return f"lottery:brand-games:{merchant}:generation"


async def _load(db: Database, merchant: str) -> str:
    async with db.reader() as session:
        rows = await repository.of_brand(session, merchant)
    return json.dumps({row.game_code: dataclasses.astuple(_settings(row)) for row in rows})


async def brand_settings(db: Database, cache: Redis, merchant: str) -> Mapping[str, GameSettings]:
    """The games the brand changed, with their settings, as the member's calls read them: from Valkey (shared by
    every process), under the brand's generation, which a change moves after its commit. A process that read the
    database before a change and stores what it read stores it under the generation no one reads any longer, so no
    call sees the old settings after the change's answer. Filled from the database on a miss."""
    generation = as_str(await cache.get(_generation_key(merchant))) or "0"
    key = f"lottery:brand-games:{merchant}:{generation}"

    async def load() -> str:
        return await _load(db, merchant)

    raw: dict[str, list[Any]] = json.loads(await cached_text(cache, key, CACHE_SECONDS, load))
    return {code: GameSettings(*values) for code, values in raw.items()}


async def _forget(cache: Redis, merchant: str) -> None:
    """Move the brand's generation, so every process reads the settings again; if Valkey cannot be reached, what it
    keeps expires by itself (``CACHE_SECONDS``)."""
    try:
        await cache.incr(_generation_key(merchant))
    except RedisError:
        log.warning("the lottery settings of %s were not dropped from the cache", merchant, exc_info=True)


def settings_of(changed: Mapping[str, GameSettings], game: Game) -> GameSettings:
    """The game's settings for the brand (the catalogue's where it never changed them)."""
    return changed.get(game.code) or domain.default(game)


def enabled(changed: Mapping[str, GameSettings], games: Sequence[Game]) -> list[Game]:
    """The games the brand's members play, in the order given."""
    return [game for game in games if settings_of(changed, game).enabled]


async def playable(db: Database, cache: Redis, merchant: str, game: Game) -> GameSettings:
    """The game's settings for the brand, or ``lottery.game_unavailable`` (403) when the brand switched it off."""
    settings = settings_of(await brand_settings(db, cache, merchant), game)
    if not settings.enabled:
        raise DomainError(domain.UNAVAILABLE, status=403)
    return settings


def _read(
    game: Game, settings: GameSettings, brand_mode: str, language: str, row: BrandGame | None
) -> LotteryGameSettingsRead:
    limits = domain.house(game)
    return LotteryGameSettingsRead(
        gameCode=game.code, gameName=game.name(language), category=game.category.family, enabled=settings.enabled,
        minStake=settings.min_stake, maxStake=settings.max_stake, maxPerIssue=settings.max_per_issue,
        prizeMode=settings.prize_mode, effectivePrizeMode=domain.prize_mode(settings, brand_mode),
        house=LotteryHouseLimitsRead(minStake=limits.min_stake, minCap=limits.min_cap, maxStake=limits.max_stake,
                              maxPerIssue=limits.max_per_issue),
        updatedBy=row.updated_by if row else None, updatedAt=row.updated_at if row else None,
    )  # fmt: skip


async def brand_games(
    db: Database, data: Catalogue, merchant: str, brand_mode: str, language: str
) -> LotteryBrandGamesRead:
    """Every game of the catalogue with the brand's settings, and the prize modes it may choose."""
    async with db.reader() as session:
        rows = {row.game_code: row for row in await repository.of_brand(session, merchant)}
    games = [
        _read(game, _settings(rows[game.code]) if game.code in rows else domain.default(game), brand_mode, language,
              rows.get(game.code))
        for game in data.games.values()
    ]  # fmt: skip
    modes = [LotteryPrizeModeRead(code=code, perMille=rate) for code, rate in data.prize_modes.items()]
    return LotteryBrandGamesRead(brandPrizeMode=brand_mode, prizeModes=modes, games=games)


async def change(
    db: Database, cache: Redis, data: Catalogue, merchant: str, game: Game, write: LotteryGameSettingsWrite, brand_mode: str,
    actor: Principal, ip: str | None, language: str,
) -> LotteryGameSettingsRead:  # fmt: skip
    """Set the game's settings for the brand (checked before anything is written), audited with before and after;
    settings equal to those in force change nothing and write no audit row."""
    wanted = GameSettings(write.enabled, write.minStake, write.maxStake, write.maxPerIssue,
                          write.prizeMode.upper() if write.prizeMode else None)  # fmt: skip
    domain.check(data, game, wanted)
    async with db.transaction() as session:
        row = await repository.lock(session, merchant, game.code, domain.default(game), actor_name(actor))
        before = _settings(row)
        if before != wanted:
            row.enabled, row.min_stake, row.max_stake = wanted.enabled, wanted.min_stake, wanted.max_stake
            row.max_per_issue, row.prize_mode, row.updated_by = (
                wanted.max_per_issue,
                wanted.prize_mode,
                actor_name(actor),
            )
            row.updated_at = await repository.clock(session)
            record_ops_action(session, LotteryAudit, merchant, actor, "game.settings.change", game.code,
                              reason=write.reason or None, before=before.audited(), after=wanted.audited(),
                              ip=ip)  # fmt: skip
        read = _read(game, wanted, brand_mode, language, row)
    if before != wanted:
        await _forget(cache, merchant)
    return read
