"""Opening a game for a real account, shared by ``GCS_gameLaunchFB`` and the launcher ``/wps/game/launchGame``."""

from __future__ import annotations

from fastapi import Request

from games_service.aggregator import service as aggregator
from games_service.aggregator.domain import HUB88
from games_service.catalogue import service
from games_service.catalogue.models import Game
from games_service.catalogue.schemas import LaunchRead
from games_service.settings import GamesSettings
from portal_kit.db import Database
from portal_kit.sessions import Principal
from portal_kit.site import BrandCache


async def launch(
    request: Request, db: Database, brands: BrandCache, principal: Principal, language: str, game: Game
) -> LaunchRead:
    """The in-house games open in the portal's frame; a game of a vendor connected through Hub88 opens a game
    session there and answers the game's address (a vendor under maintenance, or not connected, is refused)."""
    vendor = await service.open_for_play(db, game)
    url, external = f"/play/{game.game_code}", False
    if vendor is not None and vendor.aggregator == HUB88 and principal.account_id is not None:
        settings: GamesSettings = request.app.state.settings
        currency = (await brands.brand(principal.merchant)).currency
        url = await aggregator.game_url(
            db, request.app.state.hub88_http, request.app.state.hub88_operator, settings.public_url,
            principal.merchant, principal.account_id, principal.username or "", currency, game, language,
            settings.hub88_session_minutes, portal_session=principal.token_hash, clock=request.app.state.hub88_clock,
        )  # fmt: skip
        external = True
    return LaunchRead(
        nodeId=game.node_id, gameCode=game.game_code, vassalage=game.vendor, url=url, minBet=game.min_bet,
        external=external,
    )  # fmt: skip
