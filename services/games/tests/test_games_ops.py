"""The games' ops plane: a brand's admin switches vendors and games on and off and sets maintenance windows, and
members see it at once (the lists, the cached vendor list and hot games, launching and playing); who may do it;
refused input writes nothing; every change is audited."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
import pytest
from games_helpers import MERCHANT, Games

from games_service.bgs import slot
from portal_kit.sessions import OpsRole
from portal_kit.testing.sessions import ops_session

OPS = f"/wps/ops/games/merchants/{MERCHANT}"
BGS_RNG = f"{OPS}/vendors/BGS/RNG"


async def ops(games: Games, *roles: OpsRole, merchants: tuple[str, ...] = (MERCHANT,)) -> dict[str, str]:
    token = await ops_session(games.redis_url, f"ops-{roles[0].value}", roles=roles, merchants=merchants,
                              account_id=f"ops-{uuid.uuid4()}")  # fmt: skip
    return {"Authorization": token}


def at(delta: timedelta) -> str:
    return (datetime.now(UTC) + delta).isoformat()


async def audit_rows(games: Games) -> int:
    row = await games.db.call("SELECT count(*) FROM games_audit")
    assert row is not None
    return int(row[0])


async def vendor_row(games: Games, code: str = "BGS", game_type: str = "RNG") -> tuple[Any, ...]:
    row = await games.db.call(
        "SELECT enabled, maintenance_from, maintenance_until, maintenance_reason FROM vendor "
        "WHERE merchant = %s AND code = %s AND game_type = %s",
        (MERCHANT, code, game_type),
    )
    assert row is not None
    return tuple(row)


async def fruit5(games: Games, token: str) -> int:
    """The node id of the in-house slot, as a member's game list shows it."""
    listed = await games.http.get(
        "/wps/relay/GCSGAME_gameList", params={"vassalage": "BGS", "gameType": "RNG"}, headers={"Authorization": token}
    )
    return int(next(game["nodeId"] for game in listed.json()["value"]["list"] if game["gameCode"] == slot.GAME_CODE))


async def launch(games: Games, token: str, node_id: int, language: str = "EN") -> httpx.Response:
    return await games.http.get(
        "/wps/relay/GCS_gameLaunchFB",
        params={"nodeId": node_id},
        headers={"Authorization": token, "Language": language},
    )


def member_vendor(vendors: list[dict[str, Any]], code: str, game_type: str) -> dict[str, Any] | None:
    return next((v for v in vendors if v["vassalage"] == code and v["gameType"] == game_type), None)


async def test_the_roles_any_ops_role_reads_only_the_brands_admin_writes(games: Games) -> None:
    window = {"until": at(timedelta(hours=1)), "reason": "upgrade"}
    switch = {"enabled": False, "reason": "contract ended"}
    no_session = await games.http.get(f"{OPS}/vendors")
    assert no_session.status_code == 401
    assert (await games.http.put(f"{BGS_RNG}/maintenance", json=window)).status_code == 401
    for role in (OpsRole.CONTENT, OpsRole.FINANCE_MAKER, OpsRole.FINANCE_CHECKER, OpsRole.VIEWER):
        headers = await ops(games, role)
        read = await games.http.get(f"{OPS}/vendors", headers=headers)
        assert read.status_code == 200 and read.json()["value"], role
        assert (await games.http.get(f"{OPS}/games", headers=headers)).status_code == 200
        assert (await games.http.get(f"{OPS}/audit", headers=headers)).status_code == 200
        for refused in (
            await games.http.put(f"{BGS_RNG}/maintenance", json=window, headers=headers),
            await games.http.post(f"{BGS_RNG}/maintenance/end", json={"reason": "x"}, headers=headers),
            await games.http.put(f"{BGS_RNG}/switch", json=switch, headers=headers),
            await games.http.put(f"{OPS}/games/1000/switch", json=switch, headers=headers),
        ):
            assert (refused.status_code, refused.json()["errorCode"]) == (403, "ops.role_required"), role
    other_admin = await ops(games, OpsRole.ADMIN, merchants=("otherbrand",))
    assert (await games.http.get(f"{OPS}/vendors", headers=other_admin)).status_code == 403
    other = await games.http.put(f"{BGS_RNG}/maintenance", json=window, headers=other_admin)
    assert (other.status_code, other.json()["success"]) == (403, False)
    # a member is no ops person
    _, member = await games.member(0)
    assert (await games.http.get(f"{OPS}/vendors", headers={"Authorization": member})).status_code == 403
    assert await audit_rows(games) == 0
    assert await vendor_row(games) == (True, None, None, None)


async def test_a_window_in_force_shows_maintenance_with_its_end_until_the_admin_ends_it(games: Games) -> None:
    account, token = await games.member(100_000)
    node = await fruit5(games, token)
    # the member's cached vendor list, read before the change
    before = (await games.http.get("/wps/relay/GCSGAME_newGameVendor")).json()["value"]
    assert member_vendor(before, "BGS", "RNG") == {**member_vendor(before, "BGS", "RNG"), "maintenance": False}  # type: ignore[dict-item]
    admin = await ops(games, OpsRole.ADMIN)
    until = datetime.now(UTC).replace(microsecond=0) + timedelta(hours=2)
    set_ = await games.http.put(
        f"{BGS_RNG}/maintenance", json={"until": until.isoformat(), "reason": "provider upgrade"}, headers=admin
    )
    assert set_.status_code == 200, set_.text
    vendor = set_.json()["value"]
    assert vendor["state"] == "maintenance" and vendor["maintenanceReason"] == "provider upgrade"
    assert datetime.fromisoformat(vendor["maintenanceUntil"]) == until
    assert datetime.fromisoformat(vendor["maintenanceFrom"]) <= datetime.now(UTC)
    assert vendor["games"] >= 1 and vendor["gamesEnabled"] == vendor["games"]

    shown = (await games.http.get("/wps/relay/GCSGAME_newGameVendor")).json()["value"]  # the cache was dropped
    bgs = member_vendor(shown, "BGS", "RNG")
    assert bgs is not None and bgs["maintenance"] is True
    assert datetime.fromisoformat(bgs["maintenanceEnd"]) == until
    pvp = member_vendor(shown, "BGS", "PVP")  # the vendor's other game type is untouched
    assert pvp is not None and pvp["maintenance"] is False
    menus = (await games.http.get("/lgw/games/game_menus")).json()["value"]
    rng = next(menu for menu in menus if menu["gameType"] == "RNG")
    assert member_vendor(rng["vendors"], "BGS", "RNG")["maintenance"] is True  # type: ignore[index]

    refused = await launch(games, token, node, "TR")
    assert (refused.status_code, refused.json()["errorCode"]) == (409, "vendor_under_maintenance")
    assert datetime.fromisoformat(refused.json()["value"]["maintenanceEnd"]) == until
    assert "bakım" in refused.json()["message"]
    spin = await games.spin(token, 1000)
    assert (spin.status_code, spin.json()["errorCode"]) == (409, "vendor_under_maintenance")
    assert await games.balance(account) == 100_000

    listed = (await games.http.get(f"{OPS}/vendors", headers=await ops(games, OpsRole.VIEWER))).json()["value"]
    assert next(v for v in listed if v["code"] == "BGS" and v["gameType"] == "RNG")["state"] == "maintenance"

    ended = await games.http.post(f"{BGS_RNG}/maintenance/end", json={"reason": "done early"}, headers=admin)
    assert ended.status_code == 200 and ended.json()["value"]["state"] == "open"
    assert ended.json()["value"]["maintenanceUntil"] is None
    assert (await launch(games, token, node)).status_code == 200
    assert (await games.spin(token, 1000)).status_code == 200
    again = await games.http.post(f"{BGS_RNG}/maintenance/end", json={"reason": "done early"}, headers=admin)
    assert (again.status_code, again.json()["errorCode"]) == (409, "vendor.no_maintenance")

    audit = (await games.http.get(f"{OPS}/audit", headers=admin)).json()["value"]
    assert audit["total"] == 2
    end_row, set_row = audit["list"]
    assert (set_row["action"], set_row["target"], set_row["reason"]) == (
        "vendor.maintenance.set", "BGS:RNG", "provider upgrade",
    )  # fmt: skip
    assert set_row["before"]["state"] == "open" and set_row["before"]["maintenanceUntil"] is None
    assert set_row["after"]["state"] == "maintenance"
    assert datetime.fromisoformat(set_row["after"]["maintenanceUntil"]) == until
    assert set_row["actor"] == "ops-admin" and set_row["merchant"] == MERCHANT
    assert end_row["action"] == "vendor.maintenance.end" and end_row["after"]["maintenanceUntil"] is None
    assert end_row["reason"] == "done early"
    assert end_row["before"]["state"] == "maintenance"


async def test_a_scheduled_window_shows_nothing_until_it_starts(games: Games) -> None:
    _, token = await games.member(100_000)
    node = await fruit5(games, token)
    admin = await ops(games, OpsRole.ADMIN)
    body = {"from": at(timedelta(hours=1)), "until": at(timedelta(hours=3)), "reason": "planned"}
    scheduled = await games.http.put(f"{BGS_RNG}/maintenance", json=body, headers=admin)
    assert scheduled.status_code == 200 and scheduled.json()["value"]["state"] == "scheduled"
    shown = (await games.http.get("/wps/relay/GCSGAME_newGameVendor")).json()["value"]
    bgs = member_vendor(shown, "BGS", "RNG")
    assert bgs is not None and (bgs["maintenance"], bgs["maintenanceEnd"]) == (False, None)
    assert (await launch(games, token, node)).status_code == 200
    # the window starts: the member sees it at once (no cache in the launch)
    await games.db.call(
        "UPDATE vendor SET maintenance_from = now() - interval '1 minute' WHERE merchant = %s AND code = 'BGS' "
        "AND game_type = 'RNG' RETURNING code",
        (MERCHANT,),
    )
    refused = await launch(games, token, node)
    assert (refused.status_code, refused.json()["errorCode"]) == (409, "vendor_under_maintenance")


async def test_a_vendor_switched_off_leaves_the_lists_and_does_not_launch(games: Games) -> None:
    _, token = await games.member(100_000)
    node = await fruit5(games, token)
    hot = (await games.http.get("/wps/relay/GCSGAME_hotGamesV2")).json()["value"]  # cached before the change
    assert slot.GAME_CODE in {game["gameCode"] for game in hot}
    admin = await ops(games, OpsRole.ADMIN)
    off = await games.http.put(f"{BGS_RNG}/switch", json={"enabled": False, "reason": "contract"}, headers=admin)
    assert off.status_code == 200 and off.json()["value"]["state"] == "off"
    member = {"Authorization": token}
    vendors = (await games.http.get("/wps/relay/GCSGAME_newGameVendor")).json()["value"]
    assert member_vendor(vendors, "BGS", "RNG") is None and member_vendor(vendors, "BGS", "PVP") is not None
    hot = (await games.http.get("/wps/relay/GCSGAME_hotGamesV2")).json()["value"]
    assert slot.GAME_CODE not in {game["gameCode"] for game in hot} and "BGS_DICE" in {g["gameCode"] for g in hot}
    listed = await games.http.get("/wps/relay/GCSGAME_gameList", params={"vassalage": "BGS"}, headers=member)
    assert {game["gameType"] for game in listed.json()["value"]["list"]} == {"PVP"}
    refused = await launch(games, token, node, "CN")
    assert (refused.status_code, refused.json()["errorCode"]) == (409, "vendor.switched_off")
    assert refused.json()["message"] == "该游戏供应商已关闭。"
    spin = await games.spin(token, 1000)
    assert (spin.status_code, spin.json()["errorCode"]) == (409, "vendor.switched_off")
    ops_list = (await games.http.get(f"{OPS}/vendors", headers=admin)).json()["value"]
    assert next(v for v in ops_list if v["code"] == "BGS" and v["gameType"] == "RNG")["enabled"] is False
    same = await games.http.put(f"{BGS_RNG}/switch", json={"enabled": False, "reason": "again"}, headers=admin)
    assert (same.status_code, same.json()["errorCode"]) == (409, "vendor.already_switched")

    on = await games.http.put(f"{BGS_RNG}/switch", json={"enabled": True, "reason": "back"}, headers=admin)
    assert on.status_code == 200 and on.json()["value"]["state"] == "open"
    assert (await launch(games, token, node)).status_code == 200
    audit = (await games.http.get(f"{OPS}/audit", headers=admin)).json()["value"]["list"]
    assert [row["action"] for row in audit] == ["vendor.switch.on", "vendor.switch.off"]
    assert (audit[1]["before"]["enabled"], audit[1]["after"]["enabled"]) == (True, False)


async def test_a_game_switched_off_is_hidden_and_does_not_launch(games: Games) -> None:
    _, token = await games.member(100_000)
    member = {"Authorization": token}
    node = await fruit5(games, token)
    add = {"nodeId": node, "vendor": "BGS", "gameType": "RNG"}
    assert (await games.http.post("/wps/relay/MCSFE_addFavoriteGameV2", json=add, headers=member)).status_code == 200
    viewer = await ops(games, OpsRole.VIEWER)
    found = await games.http.get(
        f"{OPS}/games", params={"vendor": "bgs", "name": "meyve", "pageSize": 5}, headers=viewer | {"Language": "TR"}
    )
    page = found.json()["value"]
    assert [game["gameCode"] for game in page["list"]] == [slot.GAME_CODE] and page["total"] == 1
    assert page["list"][0]["name"] == "Meyve Beşlisi" and page["list"][0]["enabled"] is True

    admin = await ops(games, OpsRole.ADMIN)
    off = await games.http.put(f"{OPS}/games/{node}/switch", json={"enabled": False, "reason": "bug"}, headers=admin)
    assert off.status_code == 200 and off.json()["value"]["enabled"] is False
    listed = await games.http.get("/wps/relay/GCSGAME_gameList", params={"vassalage": "BGS"}, headers=member)
    assert slot.GAME_CODE not in {game["gameCode"] for game in listed.json()["value"]["list"]}
    favourites = await games.http.get("/wps/relay/MCSFE_getFavoriteGamesList", headers=member)
    assert favourites.json()["value"]["list"] == []
    hot = (await games.http.get("/wps/relay/GCSGAME_hotGamesV2")).json()["value"]
    assert slot.GAME_CODE not in {game["gameCode"] for game in hot}
    refused = await launch(games, token, node, "EN")
    assert (refused.status_code, refused.json()["errorCode"]) == (409, "game.switched_off")
    assert refused.json()["message"] == "This game has been switched off."
    spin = await games.spin(token, 1000)
    assert (spin.status_code, spin.json()["errorCode"]) == (409, "game.switched_off")

    switched_off = await games.http.get(f"{OPS}/games", params={"enabled": "false"}, headers=viewer)
    assert [game["nodeId"] for game in switched_off.json()["value"]["list"]] == [node]
    by_code = (await games.http.get(f"{OPS}/games", params={"sort": "code", "pageSize": 200}, headers=viewer)).json()
    codes = [game["gameCode"] for game in by_code["value"]["list"]]
    assert codes == sorted(codes) and by_code["value"]["total"] == len(codes)
    audit = (await games.http.get(f"{OPS}/audit", headers=viewer)).json()["value"]["list"]
    assert (audit[0]["action"], audit[0]["target"], audit[0]["reason"]) == ("game.switch.off", f"game:{node}", "bug")
    assert audit[0]["after"] == {"vendor": "BGS", "gameType": "RNG", "gameCode": slot.GAME_CODE, "enabled": False}

    on = await games.http.put(f"{OPS}/games/{node}/switch", json={"enabled": True, "reason": "fixed"}, headers=admin)
    assert on.status_code == 200
    assert (await launch(games, token, node)).status_code == 200
    favourites = await games.http.get("/wps/relay/MCSFE_getFavoriteGamesList", headers=member)
    assert [game["nodeId"] for game in favourites.json()["value"]["list"]] == [node]


@pytest.mark.parametrize(
    ("path", "body", "status", "code"),
    [
        ("BGS/RNG", {"from": "+2h", "until": "+1h", "reason": "x"}, 400, "maintenance.until_before_from"),
        ("BGS/RNG", {"until": "-1h", "reason": "x"}, 400, "maintenance.until_past"),
        ("BGS/RNG", {"from": "-3h", "until": "-1h", "reason": "x"}, 400, "maintenance.until_past"),
        ("BGS/RNG", {"until": "+2400h", "reason": "x"}, 400, "maintenance.too_long"),
        ("BGS/RNG", {"until": "2030-01-01T10:00:00", "reason": "x"}, 400, "validation.failed"),  # no time zone
        ("BGS/RNG", {"until": "+1h", "reason": "  "}, 400, "validation.failed"),
        ("BGS/RNG", {"until": "+1h"}, 400, "validation.failed"),
        ("BGS/RNG", {"until": "+1h", "reason": "x", "extra": 1}, 400, "validation.failed"),
        ("NOPE/RNG", {"until": "+1h", "reason": "x"}, 404, "vendor.not_found"),
        ("BGS/LIVE", {"until": "+1h", "reason": "x"}, 404, "vendor.not_found"),
        ("BGS/POKER", {"until": "+1h", "reason": "x"}, 400, "game_type.unknown"),
    ],
)
async def test_bad_input_is_refused_and_writes_nothing(
    games: Games, path: str, body: dict[str, Any], status: int, code: str
) -> None:
    def moment(value: Any) -> Any:
        if isinstance(value, str) and value[:1] in "+-" and value.endswith("h"):
            return at(timedelta(hours=int(value[:-1])))
        return value

    admin = await ops(games, OpsRole.ADMIN)
    answer = await games.http.put(
        f"{OPS}/vendors/{path}/maintenance", json={k: moment(v) for k, v in body.items()}, headers=admin
    )
    assert (answer.status_code, answer.json()["errorCode"], answer.json()["success"]) == (status, code, False)
    assert answer.json()["message"]
    assert await audit_rows(games) == 0
    assert await vendor_row(games) == (True, None, None, None)


async def test_unknown_games_and_bad_filters_are_refused(games: Games) -> None:
    admin = await ops(games, OpsRole.ADMIN)
    unknown = await games.http.put(f"{OPS}/games/999999/switch", json={"enabled": False, "reason": "x"}, headers=admin)
    assert (unknown.status_code, unknown.json()["errorCode"]) == (404, "game.not_found")
    no_reason = await games.http.put(f"{OPS}/games/1000/switch", json={"enabled": False}, headers=admin)
    assert no_reason.status_code == 400
    bad_type = await games.http.get(f"{OPS}/games", params={"gameType": "POKER"}, headers=admin)
    assert (bad_type.status_code, bad_type.json()["errorCode"]) == (400, "game_type.unknown")
    bad_sort = await games.http.get(f"{OPS}/games", params={"sort": "price"}, headers=admin)
    assert bad_sort.status_code == 400
    # a game of another brand is not this brand's
    other = await games.http.put(
        "/wps/ops/games/merchants/otherbrand/games/1000/switch", json={"enabled": False, "reason": "x"}, headers=admin
    )
    assert (other.status_code, other.json()["errorCode"]) == (403, "access.denied")
    assert await audit_rows(games) == 0
    disabled = await games.db.call("SELECT count(*) FROM game WHERE NOT enabled")
    assert disabled is not None and disabled[0] == 0
