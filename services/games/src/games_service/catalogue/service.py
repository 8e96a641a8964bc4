"""Reads of the catalogue: vendors, menus, game lists, one game."""

from __future__ import annotations

import logging
from datetime import UTC, datetime

from redis.asyncio import Redis
from redis.exceptions import RedisError

from games_service.catalogue import repository
from games_service.catalogue.domain import (
    GAME_TYPES,
    Maintained,
    PlayRules,
    hot_cache_key,
    under_maintenance,
    vendors_cache_key,
)
from games_service.catalogue.models import Game, Vendor
from games_service.catalogue.schemas import GameRead, MenuRead, VendorRead
from portal_kit.db import Database
from portal_kit.errors import DomainError, NotFound
from portal_kit.i18n import SUPPORTED_LANGUAGES
from portal_kit.paging import Page

log = logging.getLogger(__name__)


def game_read(game: Game, language: str) -> GameRead:
    name = str(game.names.get(language) or game.names.get("EN") or game.game_code)
    return GameRead(
        nodeId=game.node_id,
        gameType=game.game_type,
        vassalage=game.vendor,
        gameCode=game.game_code,
        gameName=name,
        isTop=game.is_top,
        isGame=game.is_game,
        iconUrl=f"/lgw/games/icons/{game.node_id}.svg",
        supportPlay=game.support_play,
        subCategory=game.sub_category,
        minBet=game.min_bet,
        lines=game.lines,
        playable=game.playable,
    )


def vendor_read(vendor: Vendor, now: datetime) -> VendorRead:
    down = under_maintenance(vendor.maintenance_from, vendor.maintenance_until, now)
    return VendorRead(
        vassalage=vendor.code,
        gameType=vendor.game_type,
        gameCategory=vendor.category,
        name=vendor.name,
        maintenance=down,
        maintenanceEnd=vendor.maintenance_until.isoformat() if down and vendor.maintenance_until else None,
    )


async def vendors(db: Database, merchant: str, vassalage: str | None = None) -> list[VendorRead]:
    async with db.reader() as session:
        rows = await repository.vendors(session, merchant, vassalage.upper() if vassalage else None)
    now = datetime.now(UTC)
    return [vendor_read(row, now) for row in rows]


async def menus(db: Database, merchant: str) -> list[MenuRead]:
    found = await vendors(db, merchant)
    return [
        MenuRead(gameType=kind, vendors=[v for v in found if v.gameType == kind])
        for kind in GAME_TYPES
        if any(v.gameType == kind for v in found)
    ]


async def games(
    db: Database,
    merchant: str,
    language: str,
    page: Page,
    *,
    game_type: str | None,
    vassalage: str | None,
    sub_category: str | None,
    min_bet: int | None = None,
    min_lines: int | None = None,
) -> tuple[list[GameRead], int]:
    async with db.reader() as session:
        rows, total = await repository.games_page(
            session, merchant, page, game_type=game_type.upper() if game_type else None,
            vassalage=vassalage.upper() if vassalage else None,
            sub_category=sub_category.upper() if sub_category else None, min_bet=min_bet, min_lines=min_lines,
        )  # fmt: skip
    return [game_read(row, language) for row in rows], total


async def hot_games(db: Database, merchant: str, language: str) -> list[GameRead]:
    async with db.reader() as session:
        rows = await repository.hot_games(session, merchant)
    return [game_read(row, language) for row in rows]


async def game_by_node(db: Database, merchant: str | None, node_id: int) -> Game:
    """A game by its node id, of ``merchant`` (any brand when None)."""
    async with db.reader() as session:
        game = await repository.game_by_node(session, merchant, node_id)
    if game is None:
        raise NotFound("game.not_found")
    return game


async def vendor_game(db: Database, merchant: str, vendor: str, game_code: str) -> Game | None:
    """The brand's game ``game_code`` of ``vendor``, if it has it."""
    async with db.reader() as session:
        return await repository.vendor_game(session, merchant, vendor, game_code)


async def open_for_play(db: Database, game: Game) -> Vendor | None:
    """The game's vendor; refuses a game that may not be opened now (``check_open``)."""
    async with db.reader() as session:
        vendor = await repository.vendor_of(session, game)
    check_open(game, vendor)
    return vendor


def has_free_demo(game: PlayRules) -> bool:
    """Whether a trial account may play ``game`` with its play money: an in-house game whose demo is on
    (``supportPlay`` 0); a vendor's game has no play-money wallet to pay from."""
    return game.support_play == 0 and game.vendor == "BGS" and game.playable


def check_open(game: PlayRules, vendor: Maintained | None) -> None:
    """Refuses a game switched off (``game.switched_off``) or whose vendor is (``vendor.switched_off``), whose
    vendor's maintenance window is in force (``vendor_under_maintenance`` with its end), or that does not launch
    here yet (``game.unavailable``)."""
    now = datetime.now(UTC)
    if not game.enabled:
        raise DomainError("game.switched_off", status=409)
    if vendor is not None and not vendor.enabled:
        raise DomainError("vendor.switched_off", status=409)
    if vendor is not None and under_maintenance(vendor.maintenance_from, vendor.maintenance_until, now):
        assert vendor.maintenance_until is not None
        end = vendor.maintenance_until.isoformat()
        raise DomainError("vendor_under_maintenance", status=409, value={"maintenanceEnd": end}, end=end)
    if not game.playable:
        raise DomainError("game.unavailable", status=409)


async def forget_cached(cache: Redis, merchant: str) -> None:
    """Drop the brand's cached vendor list and hot games (shared by every process in Valkey), so a change ops
    committed shows at the next call; if Valkey cannot be reached they expire by themselves (``CACHE_SECONDS``)."""
    keys = [vendors_cache_key(merchant), *(hot_cache_key(merchant, language) for language in SUPPORTED_LANGUAGES)]
    try:
        await cache.delete(*keys)
    except RedisError:
        log.warning("the catalogue cache of %s was not dropped; it expires by itself", merchant, exc_info=True)
