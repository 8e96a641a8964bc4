"""Writing a settled bet, and the reads made of them: betting record, profit and loss, recent games, winners."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from sqlalchemy.ext.asyncio import AsyncSession

from games_service.catalogue.models import Game
from games_service.catalogue.schemas import GameRead
from games_service.catalogue.service import game_read
from games_service.records import repository
from games_service.records.domain import ALL, BOARD_DAYS, RECENT_GAMES, BetOrder, SettledBet, masked
from games_service.records.events import bet_settled, stamp
from games_service.records.models import BetRecord
from games_service.records.schemas import BetRecordRead, ProfitRead, ProfitRowRead, WinnerBoardRead
from portal_kit.db import Database
from portal_kit.envelope import PageRead
from portal_kit.paging import Page, page_of


async def add(session: AsyncSession, bet: SettledBet, *, announce: bool = True) -> None:
    """Record ``bet`` and (``announce``) stage ``games.bet.settled.v1``, in the caller's transaction (the one
    that settles it); once per round: a round recorded already changes nothing."""
    if await repository.add(session, bet) and announce:
        bet_settled(session, bet)


async def revise(session: AsyncSession, bet: SettledBet, *, keep: bool) -> None:
    """Correct a recorded bet after the fact (an aggregator rolled back a bet of a round it had closed): its
    stake, valid bet and win as they stand now, or no record when nothing stands (``keep`` False). The settled
    event is not told again."""
    if keep:
        await repository.correct(session, bet)
    else:
        await repository.remove(session, bet)


def _name(game: Game | None, code: str, language: str) -> str:
    if game is None:
        return code
    return str(game.names.get(language) or game.names.get("EN") or code)


async def records(
    db: Database,
    merchant: str,
    account_id: str,
    page: Page,
    game_type: str | None,
    start: datetime | None,
    end: datetime | None,
    language: str,
    order: BetOrder = BetOrder.NEWEST,
    vendor: str | None = None,
) -> PageRead[BetRecordRead]:
    """The member's settled bets (of a vendor), newest or oldest first."""
    async with db.reader() as session:
        rows, total = await repository.member_page(
            session, merchant, account_id, page, game_type, start, end, order, vendor
        )
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
    async with db.reader() as session:
        grouped = await repository.member_totals(session, merchant, account_id, start, end)
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
    async with db.reader() as session:
        games = await repository.last_played(session, merchant, account_id, RECENT_GAMES)
    return [game_read(game, language) for game in games]


async def winners(
    db: Database, merchant: str, game_type: str | None, language: str, limit: int
) -> list[WinnerBoardRead]:
    """The biggest wins (a win above the stake) of the last week, biggest first."""
    since = datetime.now(UTC) - timedelta(days=BOARD_DAYS)
    async with db.reader() as session:
        rows = await repository.biggest_wins(session, merchant, game_type, since, limit)
    return [_winner(record, game, language) for record, game in rows]


def _winner(record: BetRecord, game: Game | None, language: str) -> WinnerBoardRead:
    shown = game_read(game, language) if game is not None else None
    return WinnerBoardRead(
        customerName=masked(record.player_name), gameName=shown.gameName if shown else record.game_code,
        iconUrl=shown.iconUrl if shown else None, winAmount=record.win, currency=record.currency,
        time=stamp(record.settled_at), nodeId=shown.nodeId if shown else None, gameType=record.game_type,
        vassalage=record.vendor, gameCode=record.game_code, isGame=shown.isGame if shown else "GAME",
    )  # fmt: skip
