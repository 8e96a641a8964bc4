"""The player-versus-player calls (spec §7, PvP): a game's rooms, and the launcher that opens a game in one of
them (also the lottery games, on their lottery page)."""

from __future__ import annotations

from fastapi import APIRouter, Query, Request

from games_service.catalogue import service as catalogue
from games_service.catalogue.domain import NODE_ID_MAX
from games_service.catalogue.schemas import LaunchRead
from games_service.deps import Brands, Db, Language, Member, Nats, SignedIn
from games_service.launch import service as launching
from games_service.rooms import service
from games_service.rooms.domain import Room, check_entry
from games_service.rooms.schemas import RoomListRead, RoomRead
from portal_kit import money
from portal_kit.envelope import Envelope, ok
from portal_kit.errors import DomainError, Forbidden

router = APIRouter(tags=["games"])
ROOM_ID = Query(None, min_length=1, max_length=16, description="A player-versus-player game's room (GLS2_roomList).")


def _view(room: Room) -> RoomRead:
    return RoomRead(roomId=room.room_id, minBet=room.min_bet, maxBet=room.max_bet, minBalance=room.min_balance)


@router.get("/wps/relay/GLS2_roomList", operation_id="roomList", response_model=Envelope[RoomListRead])
async def room_list(db: Db, principal: SignedIn, nodeId: int = Query(ge=1, le=NODE_ID_MAX)) -> Envelope[RoomListRead]:
    """Any session: a game's rooms, each with the stakes it takes and the balance it needs to enter; a game that
    is not an in-house player-versus-player game has none."""
    game = await catalogue.game_by_node(db, principal.merchant, nodeId)
    rooms = [_view(room) for room in service.game_rooms(game)]
    return ok(RoomListRead(nodeId=game.node_id, gameCode=game.game_code, rooms=rooms))


@router.get("/wps/game/launchGame", operation_id="launchGameInRoom", response_model=Envelope[LaunchRead])
async def launch_game(
    request: Request, db: Db, nc: Nats, brands: Brands, principal: Member, language: Language,
    nodeId: int = Query(ge=1, le=NODE_ID_MAX), roomId: str | None = ROOM_ID,
) -> Envelope[LaunchRead]:  # fmt: skip
    """A real account only. A player-versus-player game opens in the room ``roomId`` (required), when the
    player's balance reaches the room's entry (``room.balance_too_low`` with ``minBalance`` otherwise); a
    lottery game answers its lottery page; any other game opens as ``GCS_gameLaunchFB`` opens it."""
    game = await catalogue.game_by_node(db, principal.merchant, nodeId)
    page = service.lottery_page(game)
    if page is not None:
        await catalogue.open_for_play(db, game)
        return ok(LaunchRead(nodeId=nodeId, gameCode=game.game_code, vassalage=game.vendor, url=page,
                             minBet=game.min_bet, external=False))  # fmt: skip
    rooms = service.game_rooms(game)
    if not rooms:
        if roomId is not None:
            raise DomainError("room.not_found", status=404)
        return ok(await launching.launch(request, db, brands, principal, language, game))
    if roomId is None:
        raise DomainError("room.required")
    room = service.game_room(game, roomId)
    if principal.account_id is None:
        raise Forbidden("in_need_true_account")
    launched = await launching.launch(request, db, brands, principal, language, game)
    balance, _ = await money.balance(nc, principal.merchant, principal.account_id)
    check_entry(room, balance)
    url = f"{launched.url}?room={room.room_id}"
    return ok(
        launched.model_copy(update={"url": url, "roomId": room.room_id, "minBet": room.min_bet, "maxBet": room.max_bet})
    )
