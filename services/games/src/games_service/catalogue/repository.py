"""The queries of the catalogue, in the caller's session: a brand's vendors and games, one game, a game's vendor."""

from __future__ import annotations

from sqlalchemy import ColumnElement, and_, exists, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from games_service.catalogue.models import Game, Vendor
from portal_kit.paging import Page


def listed() -> ColumnElement[bool]:
    """A game a member sees: switched on, and its vendor (for its game type) not switched off."""
    vendor_off = exists().where(
        Vendor.merchant == Game.merchant, Vendor.code == Game.vendor, Vendor.game_type == Game.game_type,
        Vendor.enabled.is_(False),
    )  # fmt: skip
    return and_(Game.enabled.is_(True), ~vendor_off)


async def vendors(session: AsyncSession, merchant: str, vassalage: str | None = None) -> list[Vendor]:
    """The brand's vendors switched on (one of them: ``vassalage``, its code in capitals), in their order."""
    query = select(Vendor).where(Vendor.merchant == merchant, Vendor.enabled.is_(True))
    if vassalage:
        query = query.where(Vendor.code == vassalage)
    return list(await session.scalars(query.order_by(Vendor.sort, Vendor.code, Vendor.game_type)))


async def games_page(
    session: AsyncSession,
    merchant: str,
    page: Page,
    *,
    game_type: str | None,
    vassalage: str | None,
    sub_category: str | None,
    min_bet: int | None,
    min_lines: int | None,
) -> tuple[list[Game], int]:
    """A page of the brand's games a member sees (``listed``) in their order, filtered by what is given (codes in
    capitals), and how many there are in all."""
    where = [Game.merchant == merchant, listed()]
    if game_type:
        where.append(Game.game_type == game_type)
    if vassalage:
        where.append(Game.vendor == vassalage)
    if sub_category:
        where.append(Game.sub_category == sub_category)
    if min_bet is not None:
        where.append(Game.min_bet >= min_bet)
    if min_lines is not None:
        where.append(Game.lines >= min_lines)
    total = int(await session.scalar(select(func.count()).select_from(Game).where(*where)) or 0)
    rows = await session.scalars(
        select(Game).where(*where).order_by(Game.sort, Game.node_id).offset(page.offset).limit(page.size)
    )
    return list(rows), total


async def hot_games(session: AsyncSession, merchant: str) -> list[Game]:
    """The brand's hot games a member sees, in their rank."""
    rows = await session.scalars(
        select(Game).where(Game.merchant == merchant, Game.hot_rank.is_not(None), listed()).order_by(Game.hot_rank)
    )
    return list(rows)


async def game_by_node(session: AsyncSession, merchant: str | None, node_id: int) -> Game | None:
    """A game by its node id, of ``merchant`` (any brand when None)."""
    query = select(Game).where(Game.node_id == node_id)
    if merchant is not None:
        query = query.where(Game.merchant == merchant)
    return await session.scalar(query)


async def vendor_game(session: AsyncSession, merchant: str, vendor: str, game_code: str) -> Game | None:
    """The brand's game ``game_code`` of ``vendor``."""
    return await session.scalar(
        select(Game).where(Game.merchant == merchant, Game.vendor == vendor, Game.game_code == game_code)
    )


async def vendor_of(session: AsyncSession, game: Game) -> Vendor | None:
    """The game's vendor (for the game's type)."""
    return await session.get(Vendor, (game.merchant, game.vendor, game.game_type))
