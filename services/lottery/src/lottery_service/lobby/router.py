"""The lottery games' calls: the lobby's list, one game with its bet types, the popular games and the latest
results (spec §7: ``/lgw/games/popular``, ``/lotto/lgw/games/opened/numero``). Open to visitors."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query

from lottery_service.brand_games import service as brand_games
from lottery_service.catalogue import service as catalogue_service
from lottery_service.catalogue.domain import catalogue
from lottery_service.deps import Cache, Db, GameCode, Language, MerchantCode, TheBrand
from lottery_service.draws.schemas import ResultRead
from lottery_service.lobby import service
from lottery_service.lobby.schemas import LotteryGameDetailRead, LotteryGameRead
from portal_kit.envelope import Envelope, ok
from portal_kit.errors import DomainError

router = APIRouter(tags=["lottery"])


def _group(value: str | None) -> str | None:
    if value is None or value.lower() == "all":
        return None
    group = value.lower()
    if group not in (*catalogue_service.CATEGORIES, *catalogue_service.LOBBY_GROUPS):
        raise DomainError("lottery.category_unknown")
    return group


@router.get("/lotto/lgw/games", operation_id="lotteryGames", response_model=Envelope[list[LotteryGameRead]])
async def lottery_games(
    db: Db,
    cache: Cache,
    language: Language,
    merchant: MerchantCode,
    category: Annotated[str | None, Query(max_length=8)] = None,
) -> Envelope[list[LotteryGameRead]]:
    """The games of a lobby: a category (11x5, k3, lf, lhc, pcb, pk10, ssc, vn, sea), ``time`` (by pace) or
    ``hot``; each with its open issue and last result (the games the brand switched off are left out)."""
    games = catalogue_service.listed(catalogue(), _group(category))
    return ok(await service.game_reads(db, cache, games, language, merchant))


@router.get("/lotto/lgw/games/{gameCode}", operation_id="lotteryGame", response_model=Envelope[LotteryGameDetailRead])
async def lottery_game(
    db: Db, cache: Cache, brand: TheBrand, language: Language, gameCode: GameCode
) -> Envelope[LotteryGameDetailRead]:
    """One game: its open issue, last result, and bet types with the brand's limits and the odds of its prize mode
    (``lottery.game_unavailable`` when the brand switched it off)."""
    data = catalogue()
    game = catalogue_service.game_of(data, gameCode)
    return ok(await service.detail(db, cache, data, game, brand.lottery_prize_mode, language, brand.code))


@router.get("/lgw/games/popular", operation_id="lotteryPopular", response_model=Envelope[list[LotteryGameRead]])
async def lottery_popular(
    db: Db, cache: Cache, language: Language, merchant: MerchantCode
) -> Envelope[list[LotteryGameRead]]:
    """The games with the most bets over the last day, then the hot ones (the order is cached 30 s), but those the
    brand switched off."""
    return ok(await service.popular(db, cache, catalogue(), language, merchant))


@router.get("/lotto/lgw/games/opened/numero", operation_id="lotteryOpened", response_model=Envelope[list[ResultRead]])
async def lottery_opened(
    db: Db, cache: Cache, merchant: MerchantCode, gameCode: Annotated[str | None, Query(max_length=32)] = None
) -> Envelope[list[ResultRead]]:
    """The latest drawn issue of every game the brand's members play, or of ``gameCode``."""
    data = catalogue()
    if gameCode:
        return ok(await service.opened(db, [catalogue_service.game_of(data, gameCode)]))
    changed = await brand_games.brand_settings(db, cache, merchant)
    return ok(await service.opened(db, list(data.games.values()), changed))
