"""The catalogue's calls (spec §7, games under ``/wps/relay/``; ``/lgw/games/game_menus``)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Path, Query, Response
from pydantic import TypeAdapter

from games_service.catalogue import service
from games_service.catalogue.domain import (
    GAME_TYPES,
    NODE_ID_MAX,
    SLOT_SUB_CATEGORIES,
    hot_cache_key,
    vendors_cache_key,
)
from games_service.catalogue.icons import icon_svg
from games_service.catalogue.schemas import GameRead, MenuRead, VendorRead
from games_service.deps import Cache, Db, Language, MerchantCode, SignedIn
from portal_kit.envelope import Envelope, PageRead, ok, ok_raw
from portal_kit.errors import DomainError
from portal_kit.paging import Page, page_of, page_params
from portal_kit.valkey_link import cached_text

router = APIRouter(tags=["games"])
# The spec caches the vendor list and the hot games; an ops change drops them (``service.forget_cached``), a
# maintenance window set to start later shows within this long of its start.
CACHE_SECONDS = 30
GamesPage = Annotated[Page, Depends(page_params(default_size=50, max_size=100))]
_VENDORS = TypeAdapter(list[VendorRead])
_GAMES = TypeAdapter(list[GameRead])


def _game_type(value: str | None) -> str | None:
    if value is not None and value.upper() not in GAME_TYPES:
        raise DomainError("game_type.unknown")
    return value


@router.get("/lgw/games/game_menus", operation_id="gameMenus", response_model=Envelope[list[MenuRead]])
async def game_menus(db: Db, merchant: MerchantCode) -> Envelope[list[MenuRead]]:
    """Open to visitors: the vendor categories that have a vendor, in the header's order, with their vendors."""
    return ok(await service.menus(db, merchant))


@router.get("/wps/relay/GCSGAME_gameList", operation_id="gameList", response_model=Envelope[PageRead[GameRead]])
async def game_list(
    db: Db,
    principal: SignedIn,
    language: Language,
    page: GamesPage,
    gameType: str | None = Query(None, max_length=16),
    vassalage: str | None = Query(None, max_length=40),
    subCategory: str | None = Query(None, max_length=4),
    minBet: int | None = Query(
        None, ge=0, le=10_000_000, description="Games whose minimum bet is at least this (minor units)."
    ),
    minLines: int | None = Query(None, ge=1, le=1_000, description="Slots with at least this many lines."),
) -> Envelope[PageRead[GameRead]]:
    if subCategory is not None and subCategory.upper() not in SLOT_SUB_CATEGORIES:
        raise DomainError("sub_category.unknown")
    items, total = await service.games(
        db,
        principal.merchant,
        language,
        page,
        game_type=_game_type(gameType),
        vassalage=vassalage,
        sub_category=subCategory,
        min_bet=minBet,
        min_lines=minLines,
    )
    return ok(page_of(page, items, total))


@router.get(
    "/wps/relay/GCSGAME_getVassGameType", operation_id="vendorGameTypes", response_model=Envelope[list[VendorRead]]
)
async def vendor_game_types(
    db: Db, merchant: MerchantCode, vassalage: str = Query(min_length=1, max_length=40)
) -> Envelope[list[VendorRead]]:
    return ok(await service.vendors(db, merchant, vassalage))


@router.get("/wps/relay/GCSGAME_newGameVendor", operation_id="gameVendors", response_model=Envelope[list[VendorRead]])
async def game_vendors(db: Db, cache: Cache, merchant: MerchantCode) -> Response:
    key = vendors_cache_key(merchant)

    async def load() -> str:
        return _VENDORS.dump_json(await service.vendors(db, merchant)).decode()

    return Response(ok_raw(await cached_text(cache, key, CACHE_SECONDS, load)), media_type="application/json")


@router.get("/wps/relay/GCSGAME_hotGamesV2", operation_id="hotGames", response_model=Envelope[list[GameRead]])
async def hot_games(db: Db, cache: Cache, merchant: MerchantCode, language: Language) -> Response:
    key = hot_cache_key(merchant, language)

    async def load() -> str:
        return _GAMES.dump_json(await service.hot_games(db, merchant, language)).decode()

    return Response(ok_raw(await cached_text(cache, key, CACHE_SECONDS, load)), media_type="application/json")


@router.get("/lgw/games/icons/{node_id}.svg", operation_id="gameIcon", response_class=Response)
async def game_icon(db: Db, node_id: int = Path(ge=1, le=NODE_ID_MAX)) -> Response:
    """Open to anyone (an image tag sends no brand header): node ids are unique across brands."""
    game = await service.game_by_node(db, None, node_id)
    name = str(game.names.get("EN") or game.game_code)
    return Response(
        icon_svg(game.game_code, name), media_type="image/svg+xml", headers={"Cache-Control": "public, max-age=86400"}
    )
