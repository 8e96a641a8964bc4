"""A brand admin puts a game vendor into maintenance from the ops plane and the member sees it (issue 46, "brand
admin: vendors and games on and off with maintenance windows"), all through the gateway: the admin (a founder) sets
BGS's slots under maintenance for two hours; a member's vendor list shows the maintenance with its end and the game
answers ``vendor_under_maintenance`` with the same end; the admin ends it and the game launches again; a finance
person and a content editor may read the vendors but are refused every change; the games audit keeps both steps.
In the browser, the admin does the same on the console's "Game vendors" page and a visitor's slots page marks the
vendor "Under maintenance" until the admin ends it there.)"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import httpx
from ops_people import OpsTeam
from playwright.sync_api import Browser, expect
from portal_client import Browser as HttpBrowser
from portal_client import registered_member
from test_ops_console_journeys import english, no_sideways_scroll, shoot, sign_in

from portal_stack.harness import Stack

MEMBER_ADDRESS = "127.0.0.47"
OPS = "/wps/ops/games/merchants/turkeyf2"
SLOTS = f"{OPS}/vendors/BGS/RNG"


def slot_node(member: httpx.Client) -> int:
    listed = member.get("/wps/relay/GCSGAME_gameList", params={"vassalage": "BGS", "gameType": "RNG"})
    assert listed.status_code == 200, listed.text
    return int(next(game["nodeId"] for game in listed.json()["value"]["list"] if game["gameCode"] == "BGS_FRUIT5"))


def bgs_slots(member: httpx.Client) -> dict[str, object]:
    vendors = member.get("/wps/relay/GCSGAME_newGameVendor").json()["value"]
    return dict(next(v for v in vendors if v["vassalage"] == "BGS" and v["gameType"] == "RNG"))


def test_an_admin_puts_a_vendor_into_maintenance_and_the_member_sees_it_until_it_ends(
    stack: Stack, ops_team: OpsTeam
) -> None:
    token = registered_member(stack, "vendorwatch1", MEMBER_ADDRESS)
    member = HttpBrowser(stack, MEMBER_ADDRESS).http
    member.headers["Authorization"] = token
    node = slot_node(member)
    assert member.get("/wps/relay/GCS_gameLaunchFB", params={"nodeId": node}).status_code == 200
    admin = ops_team.root

    # Finance and content people read the vendors but change nothing.
    until = (datetime.now(UTC) + timedelta(hours=2)).replace(microsecond=0)
    window = {"until": until.isoformat(), "reason": "e2e: provider upgrade"}
    for person in (ops_team.maker, ops_team.checker, ops_team.editor):
        read = person.http.get(f"{OPS}/vendors", headers=person.sign_in())
        assert read.status_code == 200, read.text
        refused = person.http.put(f"{SLOTS}/maintenance", json=window, headers=person.sign_in())
        assert (refused.status_code, refused.json()["errorCode"]) == (403, "ops.role_required"), person.username
        switched = person.http.put(f"{SLOTS}/switch", json={"enabled": False, "reason": "x"}, headers=person.sign_in())
        assert switched.status_code == 403
    assert bgs_slots(member)["maintenance"] is False

    # The admin sets the window; the member sees it at once, with its end.
    set_ = admin.http.put(f"{SLOTS}/maintenance", json=window, headers=admin.sign_in())
    assert set_.status_code == 200, set_.text
    assert set_.json()["value"]["state"] == "maintenance"
    shown = bgs_slots(member)
    assert shown["maintenance"] is True
    assert datetime.fromisoformat(str(shown["maintenanceEnd"])) == until
    refused = member.get("/wps/relay/GCS_gameLaunchFB", params={"nodeId": node})
    assert (refused.status_code, refused.json()["errorCode"]) == (409, "vendor_under_maintenance")
    assert datetime.fromisoformat(refused.json()["value"]["maintenanceEnd"]) == until
    assert refused.json()["message"]

    # A finance person may not end it either; the admin ends it and the game launches again.
    not_yours = ops_team.maker.http.post(
        f"{SLOTS}/maintenance/end", json={"reason": "x"}, headers=ops_team.maker.sign_in()
    )
    assert not_yours.status_code == 403
    ended = admin.http.post(f"{SLOTS}/maintenance/end", json={"reason": "e2e: done"}, headers=admin.sign_in())
    assert ended.status_code == 200 and ended.json()["value"]["state"] == "open", ended.text
    assert bgs_slots(member)["maintenance"] is False
    launched = member.get("/wps/relay/GCS_gameLaunchFB", params={"nodeId": node})
    assert launched.status_code == 200, launched.text

    audit = admin.http.get(f"{OPS}/audit", headers=admin.sign_in()).json()["value"]["list"]
    mine = [row for row in audit if row["target"] == "BGS:RNG"][:2]
    assert [row["action"] for row in mine] == ["vendor.maintenance.end", "vendor.maintenance.set"]
    assert {row["actor"] for row in mine} == {admin.username}
    assert mine[1]["after"]["state"] == "maintenance" and mine[0]["after"]["state"] == "open"


def test_a_game_switched_off_leaves_the_members_list_and_is_back_when_switched_on(
    stack: Stack, ops_team: OpsTeam
) -> None:
    token = registered_member(stack, "vendorwatch2", "127.0.0.48")
    member = HttpBrowser(stack, "127.0.0.48").http
    member.headers["Authorization"] = token
    node = slot_node(member)
    admin = ops_team.root
    path = f"{OPS}/games/{node}/switch"
    refused = ops_team.checker.http.put(
        path, json={"enabled": False, "reason": "x"}, headers=ops_team.checker.sign_in()
    )
    assert (refused.status_code, refused.json()["errorCode"]) == (403, "ops.role_required")
    off = admin.http.put(path, json={"enabled": False, "reason": "e2e: broken reel"}, headers=admin.sign_in())
    assert off.status_code == 200, off.text
    try:
        listed = member.get("/wps/relay/GCSGAME_gameList", params={"vassalage": "BGS"}).json()["value"]["list"]
        assert node not in {game["nodeId"] for game in listed}
        launch = member.get("/wps/relay/GCS_gameLaunchFB", params={"nodeId": node})
        assert (launch.status_code, launch.json()["errorCode"]) == (409, "game.switched_off")
    finally:
        on = admin.http.put(path, json={"enabled": True, "reason": "e2e: fixed"}, headers=admin.sign_in())
        assert on.status_code == 200, on.text
    assert member.get("/wps/relay/GCS_gameLaunchFB", params={"nodeId": node}).status_code == 200


def test_an_admin_sets_and_ends_a_window_on_the_console_page_and_the_slots_page_follows(
    stack: Stack, ops_team: OpsTeam, browser: Browser
) -> None:
    context = english(browser, 1366, 900)
    console, portal = context.new_page(), context.new_page()
    try:
        # An admin of every brand types the brand: the second founder, whose codes the console journeys before
        # this one left unused (each 30-second step's code signs in once; the first founder's are spent).
        sign_in(console, stack, ops_team.root2)
        console.get_by_label("Brand code").fill("turkeyf2")
        console.get_by_role("navigation", name="Console menu").get_by_role("link", name="Game vendors").click()
        row = console.locator("[data-vendor='BGS:RNG']")
        expect(row).to_contain_text("Open")
        row.get_by_role("button", name="Manage").click()
        dialog = console.get_by_role("dialog")
        dialog.get_by_label("Reason (written to the audit log)").fill("e2e: console window")
        until = (datetime.now() + timedelta(hours=3)).strftime("%Y-%m-%dT%H:%M")  # the browser's local time
        dialog.get_by_label("Ends (local time)").fill(until)
        dialog.get_by_role("button", name="Save maintenance").click()
        expect(dialog.get_by_role("status")).to_be_visible()
        dialog.get_by_role("button", name="Close").first.click()
        expect(row).to_contain_text("Under maintenance")
        no_sideways_scroll(console)
        shoot(console, "vendors")

        portal.goto(f"{stack.url}/rng")
        bgs = portal.get_by_role("group", name="All vendors").get_by_role("button", name="BGS", exact=False)
        expect(bgs.filter(has_text="Under maintenance")).to_have_count(1)

        row.get_by_role("button", name="Manage").click()
        dialog.get_by_label("Reason (written to the audit log)").fill("e2e: console window over")
        dialog.get_by_role("button", name="End maintenance now").click()
        expect(dialog.get_by_role("status")).to_be_visible()
        dialog.get_by_role("button", name="Close").first.click()
        expect(row).to_contain_text("Open")
        portal.reload()
        expect(
            portal.get_by_role("group", name="All vendors").get_by_role("button").filter(has_text="Under maintenance")
        ).to_have_count(0)
    finally:
        context.close()
        admin = ops_team.root  # whatever failed, the slots are open again for the journeys that follow
        left = admin.http.post(f"{SLOTS}/maintenance/end", json={"reason": "e2e: cleanup"}, headers=admin.sign_in())
        assert left.status_code in (200, 409), left.text
