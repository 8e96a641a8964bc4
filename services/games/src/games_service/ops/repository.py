"""The queries of the games' ops plane, each in the caller's session (the use case in ``service.py`` owns the
transaction): the brand's vendors with their game counts, its games paged and filtered, a vendor's or a game's row
locked for a change, the audit."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from sqlalchemy import ColumnElement, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from games_service.catalogue.models import Game, Vendor
from games_service.ops.models import GamesAudit
from portal_kit.audit import AuditFilters, audit_page
from portal_kit.paging import Page

GameOrder = Literal["catalogue", "name", "code"]


async def vendors(session: AsyncSession, merchant: str) -> list[tuple[Vendor, int, int]]:
    """Every vendor row of the brand (on or off) in the catalogue's order, with how many games it has and how many
    of them are switched on."""
    counts = (
        select(
            Game.vendor, Game.game_type, func.count().label("games"),
            func.count().filter(Game.enabled.is_(True)).label("enabled"),
        )
        .where(Game.merchant == merchant)
        .group_by(Game.vendor, Game.game_type)
        .subquery()
    )  # fmt: skip
    rows = await session.execute(
        select(Vendor, func.coalesce(counts.c.games, 0), func.coalesce(counts.c.enabled, 0))
        .outerjoin(counts, (counts.c.vendor == Vendor.code) & (counts.c.game_type == Vendor.game_type))
        .where(Vendor.merchant == merchant)
        .order_by(Vendor.sort, Vendor.code, Vendor.game_type)
    )
    return [(vendor, int(games), int(enabled)) for vendor, games, enabled in rows]


async def lock_vendor(session: AsyncSession, merchant: str, code: str, game_type: str) -> Vendor | None:
    """The brand's vendor row, locked until the transaction ends and read as it is now."""
    return await session.scalar(
        select(Vendor)
        .where(Vendor.merchant == merchant, Vendor.code == code, Vendor.game_type == game_type)
        .with_for_update()
        .execution_options(populate_existing=True)
    )


async def game_counts(session: AsyncSession, merchant: str, code: str, game_type: str) -> tuple[int, int]:
    """How many games the vendor row has, and how many of them are on."""
    row = (
        await session.execute(
            select(func.count(), func.count().filter(Game.enabled.is_(True))).where(
                Game.merchant == merchant, Game.vendor == code, Game.game_type == game_type
            )
        )
    ).one()
    return int(row[0]), int(row[1])


async def lock_game(session: AsyncSession, merchant: str, node_id: int) -> Game | None:
    return await session.scalar(
        select(Game)
        .where(Game.merchant == merchant, Game.node_id == node_id)
        .with_for_update()
        .execution_options(populate_existing=True)
    )


def _name_matches(text: str) -> ColumnElement[bool]:
    """The game's code or its name in any language holds ``text`` (case-insensitive; ``%`` and ``_`` literal)."""
    names = [Game.names[language].astext for language in ("TR", "EN", "CN")]
    return or_(Game.game_code.icontains(text, autoescape=True),
               *(name.icontains(text, autoescape=True) for name in names))  # fmt: skip


async def games_page(
    session: AsyncSession,
    merchant: str,
    page: Page,
    *,
    vendor: str | None,
    game_type: str | None,
    name: str | None,
    enabled: bool | None,
    order: GameOrder,
    language: str,
) -> tuple[list[Game], int]:
    """A page of the brand's games (on and off), filtered by what is given, in ``order``: the catalogue's (vendor,
    game type, the games' order), by name in ``language``, or by code; and how many match in all."""
    where: list[ColumnElement[bool]] = [Game.merchant == merchant]
    if vendor:
        where.append(Game.vendor == vendor)
    if game_type:
        where.append(Game.game_type == game_type)
    if name:
        where.append(_name_matches(name))
    if enabled is not None:
        where.append(Game.enabled.is_(enabled))
    total = int(await session.scalar(select(func.count()).select_from(Game).where(*where)) or 0)
    if order == "name":
        shown = func.coalesce(Game.names[language].astext, Game.names["EN"].astext, Game.game_code)
        ordering = [func.lower(shown), Game.node_id]
    elif order == "code":
        ordering = [Game.game_code, Game.node_id]
    else:
        ordering = [Game.vendor, Game.game_type, Game.sort, Game.node_id]
    rows = await session.scalars(select(Game).where(*where).order_by(*ordering).offset(page.offset).limit(page.size))
    return list(rows), total


async def audit_rows(
    session: AsyncSession, merchant: str, page: Page, filters: AuditFilters
) -> tuple[Sequence[GamesAudit], int]:
    """One page of the brand's audit rows narrowed by ``filters``, in their order, and how many pass them."""
    return await audit_page(session, GamesAudit, merchant, page, filters)
