"""The VN lottery's calls (spec §7): its game menu, the member's recent VN games, its latest results, and the
launch (``lottoArea`` VN, ``launchMode`` LOTT, ``lottoView`` betting or lobby), which answers the portal's own
VN page."""

from __future__ import annotations

from typing import Annotated, Literal
from urllib.parse import urlencode

from fastapi import APIRouter, Query

from lottery_service.brand_games import service as brand_games
from lottery_service.deps import Cache, Db, Language, MerchantCode, Player
from lottery_service.draws.schemas import ResultRead
from lottery_service.lobby.schemas import LotteryGameRead
from lottery_service.vn import service
from lottery_service.vn.schemas import VnLaunchRead
from portal_kit.envelope import Envelope, ok
from portal_kit.errors import DomainError

router = APIRouter(tags=["lottery"])


@router.get("/lgw/vn/games/game_menu", operation_id="vnGameMenu", response_model=Envelope[list[LotteryGameRead]])
async def vn_game_menu(
    db: Db, cache: Cache, language: Language, merchant: MerchantCode
) -> Envelope[list[LotteryGameRead]]:
    """Open to visitors: the VN games the brand's members play, with their open issue and last result."""
    return ok(await service.menu(db, cache, language, merchant))


@router.get(
    "/lgw/vn/games/game_menu/recent", operation_id="vnRecentGames", response_model=Envelope[list[LotteryGameRead]]
)
async def vn_recent(db: Db, cache: Cache, player: Player, language: Language) -> Envelope[list[LotteryGameRead]]:
    """The VN games the member bet on in the last 30 days, latest first."""
    return ok(await service.recent(db, cache, player.merchant, player.account_id, language))


@router.get("/lgw/vn/numeros/opened/game", operation_id="vnOpened", response_model=Envelope[list[ResultRead]])
async def vn_opened(db: Db, gameCode: Annotated[str, Query(min_length=1, max_length=32)]) -> Envelope[list[ResultRead]]:
    """The VN game's last ten results, newest first, with their prizes."""
    return ok(await service.opened(db, service.vn_game(gameCode)))


@router.get("/lgw/vn/games/launch", operation_id="vnLaunch", response_model=Envelope[VnLaunchRead])
async def vn_launch(
    db: Db,
    cache: Cache,
    player: Player,
    lottoGameCode: Annotated[str, Query(min_length=1, max_length=32)],
    lottoArea: Literal["VN"] = "VN",
    launchMode: Literal["LOTT"] = "LOTT",
    lottoPrizeMode: Annotated[str | None, Query(max_length=8)] = None,
    lottoView: Literal["betting", "lobby"] = "betting",
    device: Annotated[str | None, Query(max_length=16)] = None,
    backUrl: Annotated[str | None, Query(max_length=300)] = None,
) -> Envelope[VnLaunchRead]:
    """Where a member opens the VN lottery: the portal's ``/vnLottery`` page on the game (betting) or its
    lobby. ``backUrl`` must be a page of the portal (no other site: no open redirect). The odds are always the
    brand's prize mode, whatever ``lottoPrizeMode`` asks."""
    game = service.vn_game(lottoGameCode)
    await brand_games.playable(
        db, cache, player.merchant, game
    )  # lottery.game_unavailable when the brand switched it off
    if backUrl is not None and (not backUrl.startswith("/") or backUrl.startswith("//") or "\\" in backUrl):
        raise DomainError("lottery.back_url_invalid")
    query = {"gameCode": game.code, "view": lottoView, **({"backUrl": backUrl} if backUrl else {})}
    return ok(VnLaunchRead(url=f"/vnLottery?{urlencode(query)}"))
