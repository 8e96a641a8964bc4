"""The queries of a member's favourite games, in the caller's session."""

from __future__ import annotations

from sqlalchemy import delete, func, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from games_service.catalogue.models import Game
from games_service.catalogue.repository import listed
from games_service.favourites.models import Favourite
from portal_kit.paging import Page


async def ids(session: AsyncSession, merchant: str, account_id: str) -> list[int]:
    """The node ids of the member's favourites, the latest added first."""
    rows = await session.scalars(
        select(Favourite.node_id)
        .where(Favourite.merchant == merchant, Favourite.account_id == account_id)
        .order_by(Favourite.created_at.desc(), Favourite.node_id)
    )
    return list(rows)


async def games_page(
    session: AsyncSession,
    merchant: str,
    account_id: str,
    page: Page,
    *,
    game_type: str | None,
    vendor: str | None,
) -> tuple[list[Game], int]:
    """A page of the member's favourite games they see (a game switched off is left out until it is on again), the
    latest added first, filtered by what is given (codes in capitals), and how many there are in all."""
    where = [Favourite.merchant == merchant, Favourite.account_id == account_id, listed()]
    if game_type:
        where.append(Game.game_type == game_type)
    if vendor:
        where.append(Game.vendor == vendor)
    joined = select(Game).join(Favourite, Favourite.node_id == Game.node_id).where(*where)
    total = int(await session.scalar(select(func.count()).select_from(joined.subquery())) or 0)
    rows = await session.scalars(
        joined.order_by(Favourite.created_at.desc(), Game.node_id).offset(page.offset).limit(page.size)
    )
    return list(rows), total


async def count(session: AsyncSession, merchant: str, account_id: str) -> int:
    found = await session.scalar(
        select(func.count()).where(Favourite.merchant == merchant, Favourite.account_id == account_id)
    )
    return int(found or 0)


async def add(session: AsyncSession, merchant: str, account_id: str, node_id: int) -> None:
    """The game among the member's favourites (a second time changes nothing)."""
    await session.execute(
        insert(Favourite).values(merchant=merchant, account_id=account_id, node_id=node_id).on_conflict_do_nothing()
    )


async def remove(session: AsyncSession, merchant: str, account_id: str, node_id: int) -> None:
    await session.execute(
        delete(Favourite).where(
            Favourite.merchant == merchant, Favourite.account_id == account_id, Favourite.node_id == node_id
        )
    )
