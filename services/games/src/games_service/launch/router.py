"""Opening a game: a real account's game (in-house in the portal's frame, a Hub88 vendor's at its address) and a
trial account's free demo."""

from __future__ import annotations

from fastapi import APIRouter, Query, Request

from games_service.catalogue import service
from games_service.catalogue.domain import NODE_ID_MAX
from games_service.catalogue.schemas import LaunchRead
from games_service.deps import Brands, Db, Language, Member, SignedIn
from games_service.launch import service as launching
from portal_kit.envelope import Envelope, ok
from portal_kit.errors import Forbidden
from portal_kit.sessions import Role

router = APIRouter(tags=["games"])


@router.get("/wps/relay/GCS_gameLaunchFB", operation_id="launchGame", response_model=Envelope[LaunchRead])
async def launch(
    request: Request, db: Db, brands: Brands, principal: Member, language: Language,
    nodeId: int = Query(ge=1, le=NODE_ID_MAX),
) -> Envelope[LaunchRead]:  # fmt: skip
    """A real account only: the in-house games open in the portal's frame; a game of a vendor connected
    through Hub88 opens a game session there and answers the game's address."""
    game = await service.game_by_node(db, principal.merchant, nodeId)
    return ok(await launching.launch(request, db, brands, principal, language, game))


@router.get("/wps/relay/GCS_gameTrialLaunch", operation_id="trialLaunchGame", response_model=Envelope[LaunchRead])
async def trial_launch(db: Db, principal: SignedIn, nodeId: int = Query(ge=1, le=NODE_ID_MAX)) -> Envelope[LaunchRead]:
    """A free demo, for a trial account: an in-house game with its demo on opens in the portal's frame and is
    played with the account's play money (its free-play wallet). A real account plays for real
    (``game.demo_for_free_play``); a game without a demo answers ``in_need_true_account``."""
    if principal.role is not Role.TRIAL:
        raise Forbidden("game.demo_for_free_play")
    game = await service.game_by_node(db, principal.merchant, nodeId)
    await service.open_for_play(db, game)
    if not service.has_free_demo(game):
        raise Forbidden("in_need_true_account")
    url = f"/play/{game.game_code}"
    return ok(LaunchRead(nodeId=game.node_id, gameCode=game.game_code, vassalage=game.vendor, url=url,
                         minBet=game.min_bet, external=False))  # fmt: skip
