"""Bets as the pages read them: with the game's and the bet type's names, the odds, the possible win and the
issue's balls once drawn."""

from __future__ import annotations

from sqlalchemy import func, select, tuple_
from sqlalchemy.sql.elements import ColumnElement

from lottery_service.bets import domain
from lottery_service.bets.models import Bet
from lottery_service.bets.schemas import BetRead, SlipRead
from lottery_service.bets.service import ACCEPTED, CANCELLING, PENDING, Placed, choice_of
from lottery_service.catalogue.domain import Game, catalogue
from lottery_service.catalogue.service import odds_text
from lottery_service.draws.models import Issue
from portal_kit.db import Database
from portal_kit.envelope import PageRead
from portal_kit.paging import Page, page_of


async def bet_reads(db: Database, bets: list[Bet], language: str, *, drawn: bool = True) -> list[BetRead]:
    """``drawn``: their issues may have been drawn (their balls are read); a slip just written has none."""
    data = catalogue()
    keys = {(bet.game_code, bet.issue) for bet in bets}
    results: dict[tuple[str, str], list[int]] = {}
    if keys and drawn:
        async with db.reader() as session:
            rows = await session.execute(
                select(Issue.game_code, Issue.issue, Issue.result).where(
                    tuple_(Issue.game_code, Issue.issue).in_(list(keys)), Issue.result.is_not(None)
                )
            )
            results = {(code, number): list(result or []) for code, number, result in rows.all()}
    reads = []
    for bet in bets:
        game = data.games.get(bet.game_code)
        bet_type = game.category.bet_types.get(bet.bet_type) if game else None
        choice = choice_of(bet)
        reads.append(
            BetRead(
                betId=str(bet.id), gameCode=bet.game_code, gameName=game.name(language) if game else bet.game_code,
                issue=bet.issue, betType=bet.bet_type,
                betTypeName=(bet_type.names.get(language) or bet_type.names["EN"]) if bet_type else bet.bet_type,
                position=choice.position, numbers=list(choice.numbers), option=choice.option, stake=bet.stake,
                odds=odds_text(bet.odds_milli), possibleWin=domain.payout(bet.stake, bet.odds_milli, 1),
                status=bet.status, win=bet.win, result=results.get((bet.game_code, bet.issue)),
                createdAt=bet.created_at, settledAt=bet.settled_at,
            )
        )  # fmt: skip
    return reads


async def slip_read(db: Database, placed: Placed, language: str) -> SlipRead:
    slip = placed.slip
    return SlipRead(
        slipId=str(slip.id), gameCode=slip.game_code, issue=slip.issue, currency=slip.currency, total=slip.total,
        balance=slip.balance, bets=await bet_reads(db, placed.bets, language, drawn=not placed.fresh),
    )  # fmt: skip


async def member_bets(
    db: Database, merchant: str, account_id: str, game: Game | None, status: str | None, page: Page, language: str
) -> PageRead[BetRead]:
    where: list[ColumnElement[bool]] = [Bet.merchant == merchant, Bet.account_id == account_id, Bet.status != "void"]
    if game is not None:
        where.append(Bet.game_code == game.code)
    if status == "open":
        where.append(Bet.status.in_((PENDING, ACCEPTED, CANCELLING)))
    elif status == "settled":
        where.append(Bet.status.not_in((PENDING, ACCEPTED, CANCELLING)))
    async with db.reader() as session:
        total = await session.scalar(select(func.count()).select_from(Bet).where(*where))
        bets = list(
            await session.scalars(
                select(Bet).where(*where).order_by(Bet.created_at.desc(), Bet.line).offset(page.offset).limit(page.size)
            )
        )
    return page_of(page, await bet_reads(db, bets, language), int(total or 0))
