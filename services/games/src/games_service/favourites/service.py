"""A member's favourite games (spec §3, §4): a set of node ids; adding twice or removing a missing one changes
nothing."""

from __future__ import annotations

from sqlalchemy import delete, func, select
from sqlalchemy.dialects.postgresql import insert

from games_service.catalogue.models import Game
from games_service.catalogue.schemas import GameRead
from games_service.catalogue.service import game_by_node, game_read
from games_service.favourites.models import Favourite
from games_service.favourites.schemas import FavouriteBody
from portal_kit.db import Database
from portal_kit.errors import DomainError
from portal_kit.paging import Page

MAX_FAVOURITES = 500


async def ids(db: Database, merchant: str, account_id: str) -> list[int]:
    async with db.reader() as session:
        rows = await session.scalars(
            select(Favourite.node_id)
            .where(Favourite.merchant == merchant, Favourite.account_id == account_id)
            .order_by(Favourite.created_at.desc(), Favourite.node_id)
        )
        return list(rows)


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
    where = [Favourite.merchant == merchant, Favourite.account_id == account_id]
    if game_type:
        where.append(Game.game_type == game_type.upper())
    if vendor:
        where.append(Game.vendor == vendor.upper())
    joined = select(Game).join(Favourite, Favourite.node_id == Game.node_id).where(*where)
    async with db.reader() as session:
        total = int(await session.scalar(select(func.count()).select_from(joined.subquery())) or 0)
        rows = await session.scalars(
            joined.order_by(Favourite.created_at.desc(), Game.node_id).offset(page.offset).limit(page.size)
        )
        return [game_read(row, language) for row in rows], total


async def add(db: Database, merchant: str, account_id: str, body: FavouriteBody) -> None:
    game = await game_by_node(db, merchant, body.nodeId)
    if game.vendor != body.vendor.upper() or game.game_type != body.gameType.upper():
        raise DomainError("favourite.mismatch")
    async with db.transaction() as session:
        count = await session.scalar(
            select(func.count()).where(Favourite.merchant == merchant, Favourite.account_id == account_id)
        )
        if int(count or 0) >= MAX_FAVOURITES:
            raise DomainError("favourite.too_many", max=MAX_FAVOURITES)
        await session.execute(
            insert(Favourite)
            .values(merchant=merchant, account_id=account_id, node_id=game.node_id)
            .on_conflict_do_nothing()
        )


async def remove(db: Database, merchant: str, account_id: str, node_id: int) -> None:
    async with db.transaction() as session:
        await session.execute(
            delete(Favourite).where(
                Favourite.merchant == merchant, Favourite.account_id == account_id, Favourite.node_id == node_id
            )
        )
