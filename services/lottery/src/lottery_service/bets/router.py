"""The bets' calls (real accounts only; a trial account is answered ``in_need_true_account``, a visitor 401):
place a slip, list my bets, cancel a bet before its issue closes."""

from __future__ import annotations

import uuid
from typing import Annotated

from fastapi import APIRouter, Depends, Path, Query

from lottery_service.bets import domain, service
from lottery_service.bets.schemas import BetRead, CancelRead, SlipRead, SlipWrite
from lottery_service.brand_games import domain as brand_rules
from lottery_service.brand_games import service as brand_games
from lottery_service.catalogue import service as catalogue_service
from lottery_service.catalogue.domain import catalogue
from lottery_service.deps import Cache, Db, Language, Nats, Player, TheBrand
from portal_kit.envelope import Envelope, PageRead, ok
from portal_kit.errors import DomainError
from portal_kit.paging import Page, page_params

router = APIRouter(tags=["lottery"])
BetsPage = Annotated[Page, Depends(page_params(default_size=20, max_size=100))]


@router.post("/lotto/lgw/bets", operation_id="lotteryPlace", response_model=Envelope[SlipRead])
async def place_bets(
    db: Db, cache: Cache, nc: Nats, player: Player, brand: TheBrand, language: Language, body: SlipWrite
) -> Envelope[SlipRead]:
    """Place a slip of bets on one open issue, paid with one debit; once per ``requestId`` (a replay answers
    the slip placed)."""
    data = catalogue()
    game = catalogue_service.game_of(data, body.gameCode)
    settings = await brand_games.playable(db, cache, player.merchant, game)  # the brand's, as they are now
    prize_mode = brand_rules.prize_mode(settings, brand.lottery_prize_mode)
    wagers = []
    for asked in body.bets:
        bet_type = game.category.bet_types.get(asked.betType.upper())
        if bet_type is None:
            raise DomainError("lottery.bet_type_unknown")
        choice = domain.check(bet_type, domain.Choice(asked.position, tuple(asked.numbers), asked.option))
        low, high = brand_rules.stake_limits(bet_type, settings)
        if not low <= asked.stake <= high:
            raise DomainError("stake.out_of_limits", min=low, max=high)
        odds = data.odds(bet_type, domain.odds_key(bet_type, choice), prize_mode)
        wagers.append(service.Wager(bet_type, choice, asked.stake, odds))
    request = service.SlipRequest(
        merchant=player.merchant, account_id=player.account_id, player_name=player.username,
        currency=brand.currency, game=game, issue=body.issue, request_id=body.requestId, wagers=wagers,
        max_per_issue=settings.max_per_issue,
    )  # fmt: skip
    placed = await service.place(db, nc, request)
    return ok(await service.slip_read(db, placed, language))


@router.get("/lotto/lgw/bets", operation_id="lotteryBets", response_model=Envelope[PageRead[BetRead]])
async def my_bets(
    db: Db,
    player: Player,
    language: Language,
    page: BetsPage,
    gameCode: Annotated[str | None, Query(max_length=32)] = None,
    status: Annotated[str | None, Query(pattern="^(open|settled)$")] = None,
) -> Envelope[PageRead[BetRead]]:
    """The member's bets, newest first: ``open`` (waiting for the draw) or ``settled`` (won, lost,
    cancelled), of one game or all."""
    game = catalogue_service.game_of(catalogue(), gameCode) if gameCode else None
    return ok(await service.member_bets(db, player.merchant, player.account_id, game, status, page, language))


@router.delete("/lotto/lgw/bets/{betId}", operation_id="lotteryCancel", response_model=Envelope[CancelRead])
async def cancel_bet(
    db: Db, nc: Nats, player: Player, language: Language, betId: Annotated[uuid.UUID, Path()]
) -> Envelope[CancelRead]:
    """Take back one's own accepted bet before its issue closes; the stake comes back to the wallet."""
    bet, balance = await service.cancel(db, nc, player.merchant, player.account_id, betId)
    [read] = await service.bet_reads(db, [bet], language)
    return ok(CancelRead(bet=read, balance=balance))
