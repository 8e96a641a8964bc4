"""The catalogue, favourites and launch calls."""

from __future__ import annotations

import httpx
from games_helpers import Games
from sqlalchemy import update

from games_service.bgs import slot
from games_service.catalogue.models import Game, Vendor
from portal_kit.sessions import Role


async def test_menus_list_the_categories_that_have_vendors_in_the_header_order(games: Games) -> None:
    menus = (await games.http.get("/lgw/games/game_menus")).json()["value"]
    kinds = [menu["gameType"] for menu in menus]
    assert kinds == ["LOTT", "LIVE", "FISH", "RNG", "PVP", "ESPORTS", "SPORTS", "COCKFIGHT"]
    rng = next(menu for menu in menus if menu["gameType"] == "RNG")
    assert {vendor["vassalage"] for vendor in rng["vendors"]} == {"PG", "BGS"}


async def test_the_game_list_needs_a_session_pages_and_filters(games: Games) -> None:
    assert (await games.http.get("/wps/relay/GCSGAME_gameList")).status_code == 401
    _, token = await games.member(0)
    headers = {"Authorization": token, "Language": "TR"}
    page = (
        await games.http.get("/wps/relay/GCSGAME_gameList", params={"gameType": "RNG", "pageSize": 3}, headers=headers)
    ).json()["value"]
    assert page["pageNum"] == 1 and len(page["list"]) == 3 and page["total"] == 10 and page["totalPages"] == 4
    assert page["list"][0]["gameName"] == "Meyve Beşlisi" and page["list"][0]["playable"] is True
    pg = (await games.http.get("/wps/relay/GCSGAME_gameList", params={"vassalage": "pg"}, headers=headers)).json()[
        "value"
    ]
    assert {game["vassalage"] for game in pg["list"]} == {"PG"}
    jackpots = (
        await games.http.get("/wps/relay/GCSGAME_gameList", params={"subCategory": "JP"}, headers=headers)
    ).json()
    assert [game["gameCode"] for game in jackpots["value"]["list"]] == ["PG_JACKPOT_GEMS"]
    for filters in ({"minLines": 25}, {"gameType": "RNG", "minBet": 200}):  # spec §9: the slots' filters
        filtered = await games.http.get("/wps/relay/GCSGAME_gameList", params=filters, headers=headers)
        assert [game["gameCode"] for game in filtered.json()["value"]["list"]] == ["PG_JACKPOT_GEMS"], filters
    no_lines = await games.http.get("/wps/relay/GCSGAME_gameList", params={"minLines": 0}, headers=headers)
    assert (no_lines.status_code, no_lines.json()["errorCode"]) == (400, "validation.failed")
    bad = await games.http.get("/wps/relay/GCSGAME_gameList", params={"gameType": "POKER"}, headers=headers)
    assert (bad.status_code, bad.json()["errorCode"]) == (400, "game_type.unknown")


async def test_hot_games_and_vendors_are_open_to_visitors(games: Games) -> None:
    hot = (await games.http.get("/wps/relay/GCSGAME_hotGamesV2")).json()["value"]
    assert [game["gameCode"] for game in hot][:2] == [slot.GAME_CODE, "BGS_DICE"]
    vendors = (await games.http.get("/wps/relay/GCSGAME_newGameVendor")).json()["value"]
    assert {"BGS", "PG", "BTI", "DS88"} <= {vendor["vassalage"] for vendor in vendors}
    types = (await games.http.get("/wps/relay/GCSGAME_getVassGameType", params={"vassalage": "BGS"})).json()["value"]
    assert {vendor["gameType"] for vendor in types} == {"RNG", "PVP"}
    icon = await games.http.get(hot[0]["iconUrl"])
    assert icon.status_code == 200 and icon.headers["content-type"].startswith("image/svg+xml")


async def test_favourites_are_a_members_own_set(games: Games) -> None:
    _, token = await games.member(0)
    _, other = await games.member(0)
    headers = {"Authorization": token}
    game = (await games.http.get("/wps/relay/GCSGAME_hotGamesV2")).json()["value"][0]
    body = {"nodeId": game["nodeId"], "vendor": "BGS", "gameType": "RNG"}
    for _ in range(2):  # adding twice changes nothing
        added = await games.http.post("/wps/relay/MCSFE_addFavoriteGameV2", json=body, headers=headers)
        assert added.status_code == 200
    ids = (await games.http.get("/wps/relay/MCSFE_getFavoriteGames", headers=headers)).json()["value"]["ids"]
    assert ids == [game["nodeId"]]
    listed = (await games.http.get("/wps/relay/MCSFE_getFavoriteGamesList", headers=headers)).json()["value"]
    assert [g["nodeId"] for g in listed["list"]] == [game["nodeId"]] and listed["total"] == 1
    theirs = (await games.http.get("/wps/relay/MCSFE_getFavoriteGames", headers={"Authorization": other})).json()
    assert theirs["value"]["ids"] == []
    wrong = await games.http.post("/wps/relay/MCSFE_addFavoriteGameV2", json={**body, "vendor": "PG"}, headers=headers)
    assert (wrong.status_code, wrong.json()["errorCode"]) == (400, "favourite.mismatch")
    unknown = await games.http.post(
        "/wps/relay/MCSFE_addFavoriteGameV2", json={**body, "nodeId": 999_999}, headers=headers
    )
    assert (unknown.status_code, unknown.json()["errorCode"]) == (404, "game.not_found")
    removed = await games.http.delete(
        "/wps/relay/MCSFE_removeFavoriteGameV2", params={"nodeId": game["nodeId"]}, headers=headers
    )
    assert removed.status_code == 200
    assert (await games.http.get("/wps/relay/MCSFE_getFavoriteGames", headers=headers)).json()["value"]["ids"] == []


async def test_launch_gives_the_in_house_frame_and_refuses_what_cannot_launch(games: Games) -> None:
    _, token = await games.member(0)
    _, trial = await games.member(0, role=Role.TRIAL, account_type=4)
    listed = (
        await games.http.get("/wps/relay/GCSGAME_gameList", params={"pageSize": 50}, headers={"Authorization": token})
    ).json()
    by_code = {game["gameCode"]: game for game in listed["value"]["list"]}
    own = await games.http.get(
        "/wps/relay/GCS_gameLaunchFB",
        params={"nodeId": by_code[slot.GAME_CODE]["nodeId"]},
        headers={"Authorization": token},
    )
    assert own.json()["value"]["url"] == f"/play/{slot.GAME_CODE}" and "token" not in own.text.lower()
    assert own.json()["value"]["minBet"] == by_code[slot.GAME_CODE]["minBet"] and not own.json()["value"]["external"]
    external = await games.http.get(
        "/wps/relay/GCS_gameLaunchFB",
        params={"nodeId": by_code["BTI_SPORTSBOOK"]["nodeId"]},
        headers={"Authorization": token},
    )  # the sportsbook, through the aggregator
    assert external.json()["value"]["external"] and external.json()["value"]["url"].startswith("/wps/games/hub88-sim/")
    async with games.db.transaction() as session:  # an operator disconnects the vendor
        await session.execute(update(Vendor).where(Vendor.code == "BTI").values(aggregator=None))
        await session.execute(update(Game).where(Game.vendor == "BTI").values(playable=False))
    disconnected = await games.http.get(
        "/wps/relay/GCS_gameLaunchFB",
        params={"nodeId": by_code["BTI_SPORTSBOOK"]["nodeId"]},
        headers={"Authorization": token},
    )
    assert (disconnected.status_code, disconnected.json()["errorCode"]) == (409, "game.unavailable")
    refused = await games.http.get(
        "/wps/relay/GCS_gameLaunchFB",
        params={"nodeId": by_code[slot.GAME_CODE]["nodeId"]},
        headers={"Authorization": trial},
    )
    assert (refused.status_code, refused.json()["errorCode"]) == (403, "in_need_true_account")
    assert (await games.http.get("/wps/relay/GCS_gameLaunchFB", params={"nodeId": 1})).status_code == 401


async def test_a_free_demo_opens_an_in_house_game_for_a_trial_account_only(games: Games) -> None:
    _, member = await games.member(0)
    _, trial = await games.trial()
    listed = (
        await games.http.get("/wps/relay/GCSGAME_gameList", params={"pageSize": 50}, headers={"Authorization": trial})
    ).json()
    by_code = {game["gameCode"]: game for game in listed["value"]["list"]}

    async def demo(token: str | None, code: str) -> httpx.Response:
        headers = {"Authorization": token} if token else {}
        params = {"nodeId": by_code[code]["nodeId"]}
        return await games.http.get("/wps/relay/GCS_gameTrialLaunch", params=params, headers=headers)

    assert by_code[slot.GAME_CODE]["supportPlay"] == 0
    opened = (await demo(trial, slot.GAME_CODE)).json()["value"]
    assert (opened["url"], opened["external"]) == (f"/play/{slot.GAME_CODE}", False)
    real = await demo(member, slot.GAME_CODE)
    assert (real.status_code, real.json()["errorCode"]) == (403, "game.demo_for_free_play")
    vendors = await demo(trial, "PG_FORTUNE_OX")  # a vendor's game: no play-money wallet there
    assert (vendors.status_code, vendors.json()["errorCode"]) in (
        (403, "in_need_true_account"),
        (409, "game.unavailable"),
    )
    assert (await demo(None, slot.GAME_CODE)).status_code == 401
    unknown = await games.http.get(
        "/wps/relay/GCS_gameTrialLaunch", params={"nodeId": 999_999}, headers={"Authorization": trial}
    )
    assert unknown.status_code == 404
