"""The player-versus-player rooms (``GLS2_roomList``) and the launcher (``/wps/game/launchGame``) on the real
servers: the rooms' stakes and entry balances, who may enter, the stakes a room's rounds take, and the launcher
sending lottery games to their pages."""

from __future__ import annotations

import uuid
from typing import Any

import httpx
from games_helpers import Games

from games_service.bgs import games as bgs_games
from portal_kit.sessions import Role


async def _nodes(games: Games, token: str) -> dict[str, int]:
    listed = await games.http.get(
        "/wps/relay/GCSGAME_gameList", params={"pageSize": 50}, headers={"Authorization": token}
    )
    return {game["gameCode"]: game["nodeId"] for game in listed.json()["value"]["list"]}


async def _launch(games: Games, token: str, node: int, room: str | None = None) -> httpx.Response:
    params: dict[str, Any] = {"nodeId": node} | ({"roomId": room} if room else {})
    return await games.http.get("/wps/game/launchGame", params=params, headers={"Authorization": token})


async def test_a_pvp_game_lists_its_three_rooms_and_other_games_none(games: Games) -> None:
    _, trial = await games.trial()
    nodes = await _nodes(games, trial)
    listed = await games.http.get(
        "/wps/relay/GLS2_roomList", params={"nodeId": nodes[bgs_games.DICE_CODE]}, headers={"Authorization": trial}
    )
    value = listed.json()["value"]
    assert value["gameCode"] == bgs_games.DICE_CODE
    assert [(room["roomId"], room["minBet"], room["maxBet"], room["minBalance"]) for room in value["rooms"]] == [
        ("BEGINNER", 100, 10_000, 1_000),
        ("STANDARD", 1_000, 100_000, 10_000),
        ("VIP", 10_000, 1_000_000, 100_000),
    ]
    slot = await games.http.get(
        "/wps/relay/GLS2_roomList", params={"nodeId": nodes["BGS_FRUIT5"]}, headers={"Authorization": trial}
    )
    assert slot.json()["value"]["rooms"] == []
    assert (await games.http.get("/wps/relay/GLS2_roomList", params={"nodeId": nodes["BGS_FRUIT5"]})).status_code == 401
    unknown = await games.http.get(
        "/wps/relay/GLS2_roomList", params={"nodeId": 999_999}, headers={"Authorization": trial}
    )
    assert (unknown.status_code, unknown.json()["errorCode"]) == (404, "game.not_found")


async def test_the_launcher_opens_a_room_the_balance_reaches_and_refuses_the_others(games: Games) -> None:
    account, token = await games.member(5_000)
    nodes = await _nodes(games, token)
    dice = nodes[bgs_games.DICE_CODE]
    opened = (await _launch(games, token, dice, "BEGINNER")).json()["value"]
    assert (opened["url"], opened["roomId"], opened["minBet"], opened["maxBet"], opened["external"]) == (
        f"/play/{bgs_games.DICE_CODE}?room=BEGINNER", "BEGINNER", 100, 10_000, False,
    )  # fmt: skip
    too_poor = await _launch(games, token, dice, "STANDARD")
    assert (too_poor.status_code, too_poor.json()["errorCode"]) == (409, "room.balance_too_low")
    assert too_poor.json()["value"] == {"minBalance": 10_000}
    for room, status, code in ((None, 400, "room.required"), ("NOPE", 404, "room.not_found")):
        refused = await _launch(games, token, dice, room)
        assert (refused.status_code, refused.json()["errorCode"]) == (status, code)
    slot_room = await _launch(games, token, nodes["BGS_FRUIT5"], "BEGINNER")
    assert (slot_room.status_code, slot_room.json()["errorCode"]) == (404, "room.not_found")
    slot = (await _launch(games, token, nodes["BGS_FRUIT5"])).json()["value"]
    assert (slot["url"], slot["roomId"]) == ("/play/BGS_FRUIT5", None)  # any other game: as GCS_gameLaunchFB
    assert (await _launch(games, token, nodes["SSC_1M"])).json()["value"]["url"] == "/lottery?gameCode=SSC_1M"
    assert (await _launch(games, token, nodes["VN_SOUTH"])).json()["value"]["url"] == "/vnLottery?gameCode=VN_SOUTH"
    assert await games.balance(account) == 5_000  # launching moves no money

    _, trial = await games.trial()
    refused = await _launch(games, trial, dice, "BEGINNER")
    assert (refused.status_code, refused.json()["errorCode"]) == (403, "in_need_true_account")
    _, agent = await games.member(0, role=Role.AGENT)
    assert (await _launch(games, agent, dice, "BEGINNER")).json()["errorCode"] == "room.balance_too_low"
    assert (await games.http.get("/wps/game/launchGame", params={"nodeId": dice})).status_code == 401


async def test_a_rounds_stake_keeps_within_its_rooms_limits(games: Games) -> None:
    account, token = await games.member(50_000)

    async def roll(stake: int, room: str | None) -> httpx.Response:
        body = {"stake": stake, "target": 4999, "over": True, "requestId": f"room-{uuid.uuid4()}", "roomId": room}
        return await games.http.post("/wps/games/bgs/dice/rolls", json=body, headers={"Authorization": token})

    over = await roll(20_000, "BEGINNER")  # the game takes it, the beginners' room does not
    assert (over.status_code, over.json()["errorCode"]) == (400, "stake.out_of_limits")
    under = await roll(500, "STANDARD")
    assert (under.status_code, under.json()["errorCode"]) == (400, "stake.out_of_limits")
    assert (await roll(500, "NOPE")).json()["errorCode"] == "room.not_found"
    assert await games.balance(account) == 50_000  # nothing taken for a refused stake
    played = await roll(2_000, "STANDARD")
    assert played.status_code == 200, played.text
    assert (await roll(20_000, None)).status_code == 200  # outside the rooms, the game's own limits
    rooms = await games.db.rows(
        "SELECT outcome -> 'params' ->> 'room' FROM game_round WHERE account_id = %s ORDER BY created_at", (account,)
    )
    assert [row[0] for row in rooms] == ["STANDARD", None]  # the room is part of the round's bet
