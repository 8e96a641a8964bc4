"""The lottery games' calls: the lobby's list, one game with its bet types, the popular games and the latest
results (spec §7: ``/lgw/games/popular``, ``/lotto/lgw/games/opened/numero``). Open to visitors."""

from __future__ import annotations

import json
from typing import Annotated

from fastapi import APIRouter, Path, Query

from lottery_service.catalogue import service
from lottery_service.catalogue.domain import catalogue
from lottery_service.catalogue.schemas import LotteryGameDetailRead, LotteryGameRead
from lottery_service.deps import Cache, Db, Language, TheBrand
from lottery_service.draws import service as draws
from lottery_service.draws.schemas import ResultRead
from portal_kit.envelope import Envelope, ok
from portal_kit.errors import DomainError
from portal_kit.valkey_link import cached_text

router = APIRouter(tags=["lottery"])
GameCode = Annotated[str, Path(min_length=1, max_length=32, pattern=r"^[A-Za-z0-9_]+$")]
POPULAR_CACHE_SECONDS = 30


def _group(value: str | None) -> str | None:
    if value is None or value.lower() == "all":
        return None
    group = value.lower()
    if group not in (*service.CATEGORIES, *service.LOBBY_GROUPS):
        raise DomainError("lottery.category_unknown")
    return group


@router.get("/lotto/lgw/games", operation_id="lotteryGames", response_model=Envelope[list[LotteryGameRead]])
async def lottery_games(
    db: Db, language: Language, category: Annotated[str | None, Query(max_length=8)] = None
) -> Envelope[list[LotteryGameRead]]:
    """The games of a lobby: a category (11x5, k3, lf, lhc, pcb, pk10, ssc, vn, sea), ``time`` (by pace) or
    ``hot``; each with its open issue and last result."""
    async with db.reader() as session:
        return ok(await service.game_reads(session, service.listed(catalogue(), _group(category)), language))


@router.get("/lotto/lgw/games/{gameCode}", operation_id="lotteryGame", response_model=Envelope[LotteryGameDetailRead])
async def lottery_game(
    db: Db, brand: TheBrand, language: Language, gameCode: GameCode
) -> Envelope[LotteryGameDetailRead]:
    """One game: its open issue, last result, and bet types with the odds of the brand's prize mode."""
    data = catalogue()
    game = service.game_of(data, gameCode)
    async with db.reader() as session:
        return ok(await service.detail(session, data, game, brand.lottery_prize_mode, language))


@router.get("/lgw/games/popular", operation_id="lotteryPopular", response_model=Envelope[list[LotteryGameRead]])
async def lottery_popular(db: Db, cache: Cache, language: Language) -> Envelope[list[LotteryGameRead]]:
    """The games with the most bets over the last day, then the hot ones (the order is cached 30 s)."""
    data = catalogue()
    key = "lottery:popular"
    async with db.reader() as session:

        async def load() -> str:
            return json.dumps([game.code for game in await service.popular(session, data)])

        codes = json.loads(await cached_text(cache, key, POPULAR_CACHE_SECONDS, load))
        games = [data.games[code] for code in codes if code in data.games]
        return ok(await service.game_reads(session, games, language))


@router.get("/lotto/lgw/games/opened/numero", operation_id="lotteryOpened", response_model=Envelope[list[ResultRead]])
async def lottery_opened(
    db: Db, gameCode: Annotated[str | None, Query(max_length=32)] = None
) -> Envelope[list[ResultRead]]:
    """The latest drawn issue of every game, or of ``gameCode``."""
    data = catalogue()
    games = [service.game_of(data, gameCode)] if gameCode else list(data.games.values())
    async with db.reader() as session:
        last = await draws.latest_drawn(session, [game.code for game in games])
    return ok([service.result_read(game, last[game.code]) for game in games if game.code in last])
