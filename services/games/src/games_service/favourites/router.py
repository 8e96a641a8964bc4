"""Favourites (spec §7): ids, a page of 13, add, remove by nodeId. Real accounts only."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Query

from games_service.catalogue.domain import NODE_ID_MAX
from games_service.catalogue.schemas import GameRead
from games_service.deps import Db, Language, Player
from games_service.favourites import service
from games_service.favourites.schemas import FavouriteBody, FavouriteIdsRead
from portal_kit.envelope import Done, Envelope, PageRead, ok
from portal_kit.paging import Page, page_of, page_params

router = APIRouter(tags=["favourites"])
FavouritesPage = Annotated[Page, Depends(page_params(default_size=13, max_size=100))]


@router.get("/wps/relay/MCSFE_getFavoriteGames", operation_id="favouriteIds", response_model=Envelope[FavouriteIdsRead])
async def favourite_ids(db: Db, principal: Player) -> Envelope[FavouriteIdsRead]:
    return ok(FavouriteIdsRead(ids=await service.ids(db, principal.merchant, principal.account_id)))


@router.get(
    "/wps/relay/MCSFE_getFavoriteGamesList", operation_id="favouriteGames", response_model=Envelope[PageRead[GameRead]]
)
async def favourite_games(
    db: Db,
    principal: Player,
    language: Language,
    page: FavouritesPage,
    gameType: str | None = Query(None, max_length=16),
    vendor: str | None = Query(None, max_length=40),
) -> Envelope[PageRead[GameRead]]:
    items, total = await service.listed(
        db, principal.merchant, principal.account_id, language, page, game_type=gameType, vendor=vendor
    )
    return ok(page_of(page, items, total))


@router.post("/wps/relay/MCSFE_addFavoriteGameV2", operation_id="addFavourite", response_model=Envelope[Done])
async def add_favourite(db: Db, principal: Player, body: FavouriteBody) -> Envelope[Done]:
    await service.add(db, principal.merchant, principal.account_id, body)
    return ok(Done())


@router.delete("/wps/relay/MCSFE_removeFavoriteGameV2", operation_id="removeFavourite", response_model=Envelope[Done])
async def remove_favourite(db: Db, principal: Player, nodeId: int = Query(ge=1, le=NODE_ID_MAX)) -> Envelope[Done]:
    await service.remove(db, principal.merchant, principal.account_id, nodeId)
    return ok(Done())
