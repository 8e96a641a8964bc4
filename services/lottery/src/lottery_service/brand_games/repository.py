"""The queries of the brands' game settings, in the caller's session (the use case owns the transaction)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import select, text
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from lottery_service.brand_games.domain import GameSettings
from lottery_service.brand_games.models import BrandGame


async def of_brand(session: AsyncSession, merchant: str, codes: Sequence[str] | None = None) -> list[BrandGame]:
    """The brand's rows (of the games ``codes``, or all)."""
    query = select(BrandGame).where(BrandGame.merchant == merchant)
    if codes is not None:
        query = query.where(BrandGame.game_code.in_(list(codes)))
    return list(await session.scalars(query))


async def lock(session: AsyncSession, merchant: str, game_code: str, default: GameSettings, actor: str) -> BrandGame:
    """The brand's row of the game, written with ``default`` if it had none, locked until the transaction ends (two
    admins changing the same game at once take turns)."""
    await session.execute(
        insert(BrandGame)
        .values(merchant=merchant, game_code=game_code, enabled=default.enabled, min_stake=default.min_stake,
                max_stake=default.max_stake, max_per_issue=default.max_per_issue, prize_mode=default.prize_mode,
                updated_by=actor)
        .on_conflict_do_nothing(index_elements=["merchant", "game_code"])
    )  # fmt: skip
    row = await session.scalar(
        select(BrandGame)
        .where(BrandGame.merchant == merchant, BrandGame.game_code == game_code)
        .with_for_update()
        .execution_options(populate_existing=True)
    )
    assert row is not None
    return row


async def clock(session: AsyncSession) -> datetime:
    """The database's clock at this instant."""
    now: datetime = (await session.execute(text("SELECT clock_timestamp()"))).scalar_one()
    return now
