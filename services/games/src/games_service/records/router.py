"""The records' calls: the member's betting record and profit and loss (real accounts), recent games (any
session), the public winners board (``ODSFE2_getWinnerBoard``, cached as the spec's WINNERS), and on the ops plane any
member's betting record (risk and support: viewer, finance and admin of the brand)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Query, Response
from pydantic import TypeAdapter

from games_service.catalogue.schemas import GameRead
from games_service.deps import Cache, Db, Language, MerchantCode, Player, SignedIn
from games_service.records import service
from games_service.records.domain import ALL, WINNERS_LIMIT, BetOrder, game_type_filter
from games_service.records.schemas import BetRecordRead, ProfitRead, WinnerBoardRead
from portal_kit.dates import day_range
from portal_kit.envelope import Envelope, PageRead, ok, ok_raw
from portal_kit.paging import Page, page_params
from portal_kit.sessions import OpsFinanceReader
from portal_kit.valkey_link import cached_text

router = APIRouter(tags=["records"])
RecordsPage = Annotated[Page, Depends(page_params(default_size=20, max_size=100))]
WINNERS_CACHE_SECONDS = 10  # a new big win shows within this long
_WINNERS = TypeAdapter(list[WinnerBoardRead])
StartDate = Annotated[str | None, Query(alias="startDate", max_length=10)]
EndDate = Annotated[str | None, Query(alias="endDate", max_length=10)]


@router.get("/wps/games/records", operation_id="betRecords", response_model=Envelope[PageRead[BetRecordRead]])
async def bet_records(
    db: Db,
    player: Player,
    language: Language,
    page: RecordsPage,
    start_date: StartDate = None,
    end_date: EndDate = None,
    game_type: Annotated[str | None, Query(alias="gameType", max_length=16)] = None,
) -> Envelope[PageRead[BetRecordRead]]:
    """A real account's settled bets, newest first; ``gameType`` one of the catalogue's (or ALL), the days
    as yyyy-MM-dd, both included."""
    start, end = day_range(start_date, end_date)
    kind = game_type_filter(game_type)
    return ok(await service.records(db, player.merchant, player.account_id, page, kind, start, end, language))


@router.get(
    "/wps/ops/games/merchants/{code}/members/{account_id}/bets",
    operation_id="opsMemberBets",
    response_model=Envelope[PageRead[BetRecordRead]],
    tags=["games ops"],
)
async def member_bets(
    code: str,
    account_id: str,
    db: Db,
    actor: OpsFinanceReader,
    language: Language,
    page: RecordsPage,
    start_date: StartDate = None,
    end_date: EndDate = None,
    game_type: Annotated[str | None, Query(alias="gameType", max_length=16)] = None,
    vendor: Annotated[str | None, Query(min_length=1, max_length=40, description="The vendor's code")] = None,
    sort: Annotated[BetOrder, Query()] = BetOrder.NEWEST,
) -> Envelope[PageRead[BetRecordRead]]:
    """A member's settled bets (vendor, game, stake, valid bet, win, time), of a game type (one of the catalogue's or
    ALL; ``game_type.unknown``) and a vendor, newest or oldest first, the days as yyyy-MM-dd (UTC, both included):
    viewer, finance and admin of the brand, not a content editor."""
    start, end = day_range(start_date, end_date)
    kind = game_type_filter(game_type)
    found = await service.records(db, code, account_id, page, kind, start, end, language, sort, vendor)
    return ok(found)


@router.get("/wps/games/records/profit", operation_id="betProfit", response_model=Envelope[ProfitRead])
async def bet_profit(
    db: Db, player: Player, start_date: StartDate = None, end_date: EndDate = None
) -> Envelope[ProfitRead]:
    """A real account's personal profit and loss per game type over the days (win minus stake)."""
    start, end = day_range(start_date, end_date)
    return ok(await service.profit(db, player.merchant, player.account_id, start, end))


@router.get("/wps/relay/GCS_recentGame", operation_id="recentGames", response_model=Envelope[list[GameRead]])
async def recent_games(db: Db, principal: SignedIn, language: Language) -> Envelope[list[GameRead]]:
    """The games this account played last (a trial account has played none)."""
    if principal.account_id is None:
        return ok([])
    return ok(await service.recent_games(db, principal.merchant, principal.account_id, language))


@router.get(
    "/wps/relay/ODSFE2_getWinnerBoard", operation_id="winnerBoard", response_model=Envelope[list[WinnerBoardRead]]
)
async def winner_board(
    db: Db,
    cache: Cache,
    merchant: MerchantCode,
    language: Language,
    game_category: Annotated[str, Query(alias="gameCategory", min_length=1, max_length=16)] = ALL,
    limit: Annotated[int, Query(alias="limitNum", ge=1, le=WINNERS_LIMIT)] = WINNERS_LIMIT,
) -> Response:
    """Open to visitors: the biggest wins of the brand's last week, names masked, each with the game to start."""
    category = game_type_filter(game_category)
    key = f"games:winners:{merchant}:{category or ALL}:{language}:{limit}"

    async def load() -> str:
        return _WINNERS.dump_json(await service.winners(db, merchant, category, language, limit)).decode()

    cached = await cached_text(cache, key, WINNERS_CACHE_SECONDS, load)
    return Response(ok_raw(cached), media_type="application/json")
