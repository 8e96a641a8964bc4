"""Writing a settled bet, and the reads made of them: betting record, profit and loss, recent games, winners."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from sqlalchemy import and_, delete, func, select, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.sql.elements import ColumnElement

from games_service.catalogue.models import Game
from games_service.catalogue.schemas import GameRead
from games_service.catalogue.service import game_read
from games_service.records.domain import ALL, BOARD_DAYS, RECENT_GAMES, SettledBet, masked
from games_service.records.events import bet_settled, stamp
from games_service.records.models import BetRecord
from games_service.records.schemas import BetRecordRead, ProfitRead, ProfitRowRead, WinnerBoardRead
from portal_kit.db import Database
from portal_kit.envelope import PageRead
from portal_kit.paging import Page, page_of


async def add(session: AsyncSession, bet: SettledBet, *, announce: bool = True) -> None:
    """Record ``bet`` and (``announce``) stage ``games.bet.settled.v1``, in the caller's transaction (the one
    that settles it); once per round: a round recorded already changes nothing."""
    recorded = await session.scalar(
        insert(BetRecord)
        .values(
            id=f"{bet.vendor}:{bet.round_id}", merchant=bet.merchant, account_id=bet.account_id,
            player_name=bet.player_name, vendor=bet.vendor, game_type=bet.game_type, game_code=bet.game_code,
            currency=bet.currency, stake=bet.stake, valid_bet=bet.valid_bet, win=bet.win, settled_at=bet.settled_at,
        )
        .on_conflict_do_nothing()
        .returning(BetRecord.id)
    )  # fmt: skip
    if recorded is not None and announce:
        bet_settled(session, bet)


async def revise(session: AsyncSession, bet: SettledBet, *, keep: bool) -> None:
    """Correct a recorded bet after the fact (an aggregator rolled back a bet of a round it had closed): its
    stake, valid bet and win as they stand now, or no record when nothing stands (``keep`` False). The settled
    event is not told again."""
    recorded = and_(BetRecord.id == f"{bet.vendor}:{bet.round_id}", BetRecord.merchant == bet.merchant)
    if keep:
        await session.execute(
            update(BetRecord).where(recorded).values(stake=bet.stake, valid_bet=bet.valid_bet, win=bet.win)
        )
    else:
        await session.execute(delete(BetRecord).where(recorded))


def _game_join() -> ColumnElement[bool]:
    return and_(
        Game.merchant == BetRecord.merchant, Game.vendor == BetRecord.vendor, Game.game_code == BetRecord.game_code
    )


def _name(game: Game | None, code: str, language: str) -> str:
    if game is None:
        return code
    return str(game.names.get(language) or game.names.get("EN") or code)


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


async def records(
    db: Database,
    merchant: str,
    account_id: str,
    page: Page,
    game_type: str | None,
    start: datetime | None,
    end: datetime | None,
    language: str,
) -> PageRead[BetRecordRead]:
    """The member's settled bets, newest first."""
    where = _member_filter(merchant, account_id, game_type, start, end)
    async with db.reader() as session:
        total = await session.scalar(select(func.count()).select_from(BetRecord).where(*where)) or 0
        rows = (
            await session.execute(
                select(BetRecord, Game)
                .outerjoin(Game, _game_join())
                .where(*where)
                .order_by(BetRecord.settled_at.desc(), BetRecord.id)
                .offset(page.offset)
                .limit(page.size)
            )
        ).all()
    items = [
        BetRecordRead(
            id=record.id, time=stamp(record.settled_at), vendor=record.vendor, gameType=record.game_type,
            gameCode=record.game_code, gameName=_name(game, record.game_code, language), currency=record.currency,
            stake=record.stake, validBet=record.valid_bet, win=record.win, profit=record.win - record.stake,
        )
        for record, game in rows
    ]  # fmt: skip
    return page_of(page, items, total)


async def profit(
    db: Database, merchant: str, account_id: str, start: datetime | None, end: datetime | None
) -> ProfitRead:
    """The member's totals per game type over the range, and over all of them."""
    where = _member_filter(merchant, account_id, None, start, end)
    async with db.reader() as session:
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
    rows = [
        ProfitRowRead(gameType=game_type, bets=bets, stake=stake, validBet=valid, win=win, profit=win - stake)
        for game_type, bets, stake, valid, win in grouped
    ]
    total = ProfitRowRead(
        gameType=ALL,
        bets=sum(row.bets for row in rows),
        stake=sum(row.stake for row in rows),
        validBet=sum(row.validBet for row in rows),
        win=sum(row.win for row in rows),
        profit=sum(row.profit for row in rows),
    )
    return ProfitRead(rows=rows, total=total)


async def recent_games(db: Database, merchant: str, account_id: str, language: str) -> list[GameRead]:
    """The games the member played last, most recent first, each once."""
    last_played = (
        select(BetRecord.vendor, BetRecord.game_code, func.max(BetRecord.settled_at).label("at"))
        .where(BetRecord.merchant == merchant, BetRecord.account_id == account_id)
        .group_by(BetRecord.vendor, BetRecord.game_code)
        .subquery()
    )
    async with db.reader() as session:
        games = await session.scalars(
            select(Game)
            .join(last_played, and_(Game.vendor == last_played.c.vendor, Game.game_code == last_played.c.game_code))
            .where(Game.merchant == merchant)
            .order_by(last_played.c.at.desc())
            .limit(RECENT_GAMES)
        )
        return [game_read(game, language) for game in games]


async def winners(
    db: Database, merchant: str, game_type: str | None, language: str, limit: int
) -> list[WinnerBoardRead]:
    """The biggest wins (a win above the stake) of the last week, biggest first."""
    since = datetime.now(UTC) - timedelta(days=BOARD_DAYS)
    where = [BetRecord.merchant == merchant, BetRecord.win > BetRecord.stake, BetRecord.settled_at >= since]
    if game_type is not None:
        where.append(BetRecord.game_type == game_type)
    async with db.reader() as session:
        rows = (
            await session.execute(
                select(BetRecord, Game)
                .outerjoin(Game, _game_join())
                .where(*where)
                .order_by(BetRecord.win.desc(), BetRecord.settled_at.desc())
                .limit(limit)
            )
        ).all()
    return [_winner(record, game, language) for record, game in rows]


def _winner(record: BetRecord, game: Game | None, language: str) -> WinnerBoardRead:
    shown = game_read(game, language) if game is not None else None
    return WinnerBoardRead(
        customerName=masked(record.player_name), gameName=shown.gameName if shown else record.game_code,
        iconUrl=shown.iconUrl if shown else None, winAmount=record.win, currency=record.currency,
        time=stamp(record.settled_at), nodeId=shown.nodeId if shown else None, gameType=record.game_type,
        vassalage=record.vendor, gameCode=record.game_code, isGame=shown.isGame if shown else "GAME",
    )  # fmt: skip
