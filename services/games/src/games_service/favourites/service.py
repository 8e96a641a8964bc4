"""A member's favourite games (spec §3, §4): a set of node ids; adding twice or removing a missing one changes
nothing."""

from __future__ import annotations

from games_service.catalogue.schemas import GameRead
from games_service.catalogue.service import game_by_node, game_read
from games_service.favourites import repository
from games_service.favourites.schemas import FavouriteBody
from portal_kit.db import Database
from portal_kit.errors import DomainError
from portal_kit.paging import Page

MAX_FAVOURITES = 500


async def ids(db: Database, merchant: str, account_id: str) -> list[int]:
    async with db.reader() as session:
        return await repository.ids(session, merchant, account_id)


async def listed(
    db: Database,
    merchant: str,
    account_id: str,
    language: str,
    page: Page,
    *,
    game_type: str | None,
    vendor: str | None,
) -> tuple[list[GameRead], int]:
    async with db.reader() as session:
        rows, total = await repository.games_page(
            session, merchant, account_id, page, game_type=game_type.upper() if game_type else None,
            vendor=vendor.upper() if vendor else None,
        )  # fmt: skip
    return [game_read(row, language) for row in rows], total


async def add(db: Database, merchant: str, account_id: str, body: FavouriteBody) -> None:
    game = await game_by_node(db, merchant, body.nodeId)
    if game.vendor != body.vendor.upper() or game.game_type != body.gameType.upper():
        raise DomainError("favourite.mismatch")
    async with db.transaction() as session:
        if await repository.count(session, merchant, account_id) >= MAX_FAVOURITES:
            raise DomainError("favourite.too_many", max=MAX_FAVOURITES)
        await repository.add(session, merchant, account_id, game.node_id)


async def remove(db: Database, merchant: str, account_id: str, node_id: int) -> None:
    async with db.transaction() as session:
        await repository.remove(session, merchant, account_id, node_id)
