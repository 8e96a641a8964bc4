"""A brand's lottery games under ``/wps/ops/lottery/merchants/{code}/games``: any ops role of the brand reads them
with their settings; the brand's admin changes one game's (on or off, stake limits, prize mode). Everyone else is
refused (401 without a session, 403 ``ops.role_required`` or ``access.denied`` for another brand)."""

from __future__ import annotations

from fastapi import APIRouter, Request

from lottery_service.brand_games import service
from lottery_service.brand_games.schemas import LotteryBrandGamesRead, LotteryGameSettingsRead, LotteryGameSettingsWrite
from lottery_service.catalogue import service as catalogue_service
from lottery_service.catalogue.domain import catalogue
from lottery_service.deps import Cache, Db, GameCode, Language
from portal_kit.client import address_of
from portal_kit.envelope import Envelope, ok
from portal_kit.sessions import OpsAdmin, OpsViewer
from portal_kit.site import BrandCache

ops = APIRouter(prefix="/wps/ops/lottery/merchants/{code}/games", tags=["lottery ops"])


async def _brand_mode(request: Request, code: str) -> str:
    brands: BrandCache = request.app.state.brands
    return (await brands.brand(code)).lottery_prize_mode


@ops.get("", operation_id="opsLotteryBrandGames", response_model=Envelope[LotteryBrandGamesRead])
async def brand_games(
    code: str, db: Db, actor: OpsViewer, language: Language, request: Request
) -> Envelope[LotteryBrandGamesRead]:
    """Every lottery game with the brand's settings (on or off, limits, prize mode), the house's range of the limits
    and the prize modes the brand may choose."""
    return ok(await service.brand_games(db, catalogue(), code, await _brand_mode(request, code), language))


@ops.put("/{gameCode}", operation_id="opsChangeLotteryGame", response_model=Envelope[LotteryGameSettingsRead])
async def change_game(
    code: str, gameCode: GameCode, body: LotteryGameSettingsWrite, db: Db, cache: Cache, actor: OpsAdmin,
    language: Language, request: Request,
) -> Envelope[LotteryGameSettingsRead]:  # fmt: skip
    """Set one game's settings for the brand (all of them): the members' next calls obey them; the bets placed
    before keep their odds."""
    data = catalogue()
    game = catalogue_service.game_of(data, gameCode)
    read = await service.change(
        db, cache, data, code, game, body, await _brand_mode(request, code), actor, address_of(request), language
    )
    return ok(read)
