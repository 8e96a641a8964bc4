"""The player-versus-player rooms (``GLS2_roomList``) and the launcher (``/wps/game/launchGame``) on the real
servers: the rooms' stakes and entry balances, who may enter, the stakes a room's rounds take, and the launcher
sending lottery games to their pages."""

from __future__ import annotations

import uuid
from typing import Any

import httpx
from bgs_helpers import DRAGON_TIGER, ROLLS, SPINS, headers, reconciled, roll_body, shown, spin_body, steer
from games_helpers import Games

from games_service.bgs import games as bgs_games
from games_service.bgs import jackpot, slot
from portal_kit.fairness import FairStream
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
    await games.show_seeds(token)

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
    without = await roll(20_000, None)  # real money outside the rooms: refused (it was taken before, issue #43)
    assert (without.status_code, without.json()["errorCode"]) == (400, "room.required")
    rooms = await games.db.rows(
        "SELECT outcome -> 'params' ->> 'room' FROM game_round WHERE account_id = %s ORDER BY created_at", (account,)
    )
    assert [row[0] for row in rooms] == ["STANDARD"]  # the room is part of the round's bet


async def test_real_money_player_versus_player_rounds_need_a_room(games: Games) -> None:
    """Issue #43: leaving out ``roomId`` took 4,000.00 where the beginners' room allows 100.00."""
    account, token = await games.member(1_000_000)
    await shown(games, token)
    for path, body in (
        (ROLLS, roll_body(400_000, 4999, True, None)),
        (DRAGON_TIGER, {"stake": 400_000, "side": "DRAGON", "requestId": f"dt-{uuid.uuid4()}"}),
    ):
        refused = await games.http.post(path, json=body, headers=headers(token))
        assert (refused.status_code, refused.json()["errorCode"]) == (400, "room.required"), refused.text
        assert refused.json()["message"] == "Choose a room for this game."
        beginner = await games.http.post(path, json={**body, "roomId": "BEGINNER"}, headers=headers(token))
        assert (beginner.status_code, beginner.json()["errorCode"]) == (400, "stake.out_of_limits")
    assert await games.balance(account) == 1_000_000
    assert await games.db.rows("SELECT 1 FROM game_round WHERE account_id = %s", (account,)) == []
    assert await reconciled(games)


async def test_a_free_demo_plays_without_a_room_at_the_beginners_stakes(games: Games) -> None:
    account, trial = await games.trial(200_000)
    await shown(games, trial)
    above = await games.http.post(ROLLS, json=roll_body(20_000, 4999, True, None), headers=headers(trial))
    assert (above.status_code, above.json()["errorCode"]) == (400, "stake.out_of_limits")
    assert above.json()["value"] is None
    played = await games.http.post(ROLLS, json=roll_body(10_000, 4999, True, None), headers=headers(trial))
    assert played.status_code == 200, played.text
    assert played.json()["value"]["balance"] == await games.balance(account, "freeplay")
    assert await reconciled(games)


async def test_a_rounds_win_above_its_games_cap_is_paid_the_cap(games: Games) -> None:
    """A spin at the largest stake (100,000.00) that pays more than 25 times it is paid the slot's cap,
    2,500,000.00; its record and its event carry what was paid."""
    account, token = await games.member(2 * bgs_games.MAX_STAKE)
    stake, cap = bgs_games.MAX_STAKE, bgs_games.MAX_WIN[slot.GAME_CODE]
    line_bet = stake // len(slot.LINES)

    def big(stream: FairStream) -> bool:
        spin = slot.play(stream)
        return spin.multiplier * line_bet > cap and not jackpot.hits(jackpot.draw(stream), stake)

    await steer(games, token, account, big)
    answer = await games.http.post(SPINS, json=spin_body(stake), headers=headers(token))
    assert answer.status_code == 200, answer.text
    value = answer.json()["value"]
    assert sum(line["win"] for line in value["slot"]["wins"]) > cap  # what the lines pay, before the cap
    assert (value["win"], value["capped"]) == (cap, True)
    assert value["balance"] == 2 * stake - stake + cap == await games.balance(account)
    recorded = await games.db.call("SELECT stake, win FROM bet_record WHERE id = %s", (f"BGS:{value['roundId']}",))
    assert recorded == (stake, cap)
    event = await games.db.call("SELECT body FROM outbox WHERE body -> 'data' ->> 'roundId' = %s", (value["roundId"],))
    assert event is not None and event[0]["data"]["win"] == cap
    assert await reconciled(games)
