"""The queries of the bet records, in the caller's session: a settled bet written (once per round) or revised, and
the reads made of them (the member's page and totals, the games played last, the winners board), each record
beside its game in the catalogue when the game is still there."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import and_, delete, func, select, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.sql.elements import ColumnElement

from games_service.catalogue.models import Game
from games_service.catalogue.repository import listed
from games_service.records.domain import BetOrder, SettledBet
from games_service.records.models import BetRecord
from portal_kit.paging import Page

# A game type's totals: game type, bets, stake, valid bet, win.
Totals = tuple[str, int, int, int, int]


def _id(bet: SettledBet) -> str:
    return f"{bet.vendor}:{bet.round_id}"


async def add(session: AsyncSession, bet: SettledBet) -> bool:
    """Record ``bet``, once per round: whether it was recorded now (a round recorded already changes nothing)."""
    recorded = await session.scalar(
        insert(BetRecord)
        .values(
            id=_id(bet), merchant=bet.merchant, account_id=bet.account_id, player_name=bet.player_name,
            vendor=bet.vendor, game_type=bet.game_type, game_code=bet.game_code, currency=bet.currency,
            stake=bet.stake, valid_bet=bet.valid_bet, win=bet.win, settled_at=bet.settled_at,
        )
        .on_conflict_do_nothing()
        .returning(BetRecord.id)
    )  # fmt: skip
    return recorded is not None


def _recorded(bet: SettledBet) -> ColumnElement[bool]:
    return and_(BetRecord.id == _id(bet), BetRecord.merchant == bet.merchant)


async def correct(session: AsyncSession, bet: SettledBet) -> None:
    """The recorded bet's stake, valid bet and win as ``bet`` tells them now."""
    await session.execute(
        update(BetRecord).where(_recorded(bet)).values(stake=bet.stake, valid_bet=bet.valid_bet, win=bet.win)
    )


async def remove(session: AsyncSession, bet: SettledBet) -> None:
    await session.execute(delete(BetRecord).where(_recorded(bet)))


def _game_join() -> ColumnElement[bool]:
    return and_(
        Game.merchant == BetRecord.merchant, Game.vendor == BetRecord.vendor, Game.game_code == BetRecord.game_code
    )


def _member_filter(
    merchant: str, account_id: str, game_type: str | None, start: datetime | None, end: datetime | None
) -> list[ColumnElement[bool]]:
    where = [BetRecord.merchant == merchant, BetRecord.account_id == account_id]
    if game_type is not None:
        where.append(BetRecord.game_type == game_type)
    if start is not None:
        where.append(BetRecord.settled_at >= start)
    if end is not None:
        where.append(BetRecord.settled_at < end)
    return where


async def member_page(
    session: AsyncSession,
    merchant: str,
    account_id: str,
    page: Page,
    game_type: str | None,
    start: datetime | None,
    end: datetime | None,
    order: BetOrder = BetOrder.NEWEST,
    vendor: str | None = None,
) -> tuple[Sequence[tuple[BetRecord, Game | None]], int]:
    """A page of the member's records (of a vendor), newest or oldest first, each with its game; and how many there
    are in all."""
    where = _member_filter(merchant, account_id, game_type, start, end)
    if vendor is not None:
        where.append(BetRecord.vendor == vendor)
    ordering = (
        (BetRecord.settled_at.asc(), BetRecord.id.asc())
        if order is BetOrder.OLDEST
        else (BetRecord.settled_at.desc(), BetRecord.id)
    )
    total = await session.scalar(select(func.count()).select_from(BetRecord).where(*where)) or 0
    rows = (
        await session.execute(
            select(BetRecord, Game)
            .outerjoin(Game, _game_join())
            .where(*where)
            .order_by(*ordering)
            .offset(page.offset)
            .limit(page.size)
        )
    ).all()
    return [(record, game) for record, game in rows], total


async def member_totals(
    session: AsyncSession, merchant: str, account_id: str, start: datetime | None, end: datetime | None
) -> list[Totals]:
    """The member's bets, stake, valid bet and win per game type over the range, by game type."""
    where = _member_filter(merchant, account_id, None, start, end)
    grouped = (
        await session.execute(
            select(
                BetRecord.game_type,
                func.count(),
                func.sum(BetRecord.stake),
                func.sum(BetRecord.valid_bet),
                func.sum(BetRecord.win),
            )
            .where(*where)
            .group_by(BetRecord.game_type)
            .order_by(BetRecord.game_type)
        )
    ).all()
    return [(game_type, bets, stake, valid, win) for game_type, bets, stake, valid, win in grouped]


async def last_played(session: AsyncSession, merchant: str, account_id: str, limit: int) -> list[Game]:
    """The games the member played last, most recent first, each once (those still in the catalogue and shown)."""
    played = (
        select(BetRecord.vendor, BetRecord.game_code, func.max(BetRecord.settled_at).label("at"))
        .where(BetRecord.merchant == merchant, BetRecord.account_id == account_id)
        .group_by(BetRecord.vendor, BetRecord.game_code)
        .subquery()
    )
    games = await session.scalars(
        select(Game)
        .join(played, and_(Game.vendor == played.c.vendor, Game.game_code == played.c.game_code))
        .where(Game.merchant == merchant, listed())
        .order_by(played.c.at.desc())
        .limit(limit)
    )
    return list(games)


async def biggest_wins(
    session: AsyncSession, merchant: str, game_type: str | None, since: datetime, limit: int
) -> Sequence[tuple[BetRecord, Game | None]]:
    """The brand's wins above their stake settled since ``since``, biggest first, each with its game."""
    where = [BetRecord.merchant == merchant, BetRecord.win > BetRecord.stake, BetRecord.settled_at >= since]
    if game_type is not None:
        where.append(BetRecord.game_type == game_type)
    rows = (
        await session.execute(
            select(BetRecord, Game)
            .outerjoin(Game, _game_join())
            .where(*where)
            .order_by(BetRecord.win.desc(), BetRecord.settled_at.desc())
            .limit(limit)
        )
    ).all()
    return [(record, game) for record, game in rows]
