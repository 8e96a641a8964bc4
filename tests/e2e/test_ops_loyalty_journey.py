"""The ops console's loyalty pages in Chromium (issues 46 and 47): a content editor adds an item to the points mall in
the console; a member who earned 2 points by a deposit redeems it with the payment password (a sealed call, as the
shell sends it); a finance maker approves the redemption in the console's queue and the member's redemption list
shows it approved. A content editor never sees the redemptions page (members' addresses and mobiles), and the mall
page fits a phone."""

from __future__ import annotations

import time
import uuid

import httpx
from ops_people import OpsTeam
from playwright.sync_api import Browser, Page, expect
from portal_client import Browser as HttpBrowser
from portal_client import registered_member
from test_games_journey import deposit
from test_ops_console_journeys import english, no_sideways_scroll, shoot, sign_in

from portal_stack.harness import Stack

MEMBER_ADDRESS = "127.0.0.37"
ITEM = "E2E loyalty mug"
REDEEM = "/wps/relay/passwordCheck/MCS2_redeemPointReward"


def member_with_points(page: Page, stack: Stack, points: int) -> tuple[str, httpx.Client]:
    """A member who deposited 250.00 and holds the demo brand's 2 points for it: their token and HTTP client."""
    token = registered_member(stack, "loyaltyfan1", MEMBER_ADDRESS)
    deposit(page, stack, token, 25_000)
    member = httpx.Client(base_url=stack.url, headers={"Authorization": token, "Language": "EN"})
    deadline = time.monotonic() + 30
    while (balance := member.get("/wps/relay/MCS2_getPointBalance").json()["value"])["balance"] < points:
        assert time.monotonic() < deadline, f"no deposit points within 30 s: {balance}"
        time.sleep(0.3)
    return token, member


def test_an_editor_stocks_the_mall_a_member_redeems_and_a_maker_approves_it(
    stack: Stack, ops_team: OpsTeam, browser: Browser, page: Page
) -> None:
    token, member = member_with_points(page, stack, 2)

    editor_context = english(browser, 1366, 768)
    console = editor_context.new_page()
    try:
        sign_in(console, stack, ops_team.editor)
        menu = console.get_by_role("navigation", name="Console menu")
        expect(menu.get_by_role("link", name="Mall redemptions")).to_have_count(0)  # members' addresses: not theirs
        menu.get_by_role("link", name="Points rules").click()
        expect(console.get_by_test_id("point-rules").locator("[data-point-type='DEPOSIT']")).to_contain_text("100.00")
        expect(console.get_by_role("button", name="Edit: Deposit")).to_have_count(0)  # the rules are the admin's
        menu.get_by_role("link", name="Points mall").click()
        form = console.get_by_role("form", name="Add an item")
        form.get_by_label("Name (TR)").fill("E2E sadakat kupası")
        form.get_by_label("Name (EN)").fill(ITEM)
        form.get_by_label("Picture address").fill("/demo/banner-live.svg")
        form.get_by_label("Points", exact=True).fill("2")
        form.get_by_label("Initial stock").fill("3")
        form.get_by_label("Reason (written to the audit log)").fill("e2e loyalty item")
        form.get_by_role("button", name="Add").click()
        expect(console.get_by_role("status")).to_contain_text("Item added.")
        row = console.get_by_test_id("mall-items").locator("tr", has_text=ITEM)
        expect(row).to_contain_text("3")
        expect(row.locator("img[src='/demo/banner-live.svg']")).to_have_count(1)
        shoot(console, "points-mall")
        console.set_viewport_size({"width": 390, "height": 844})
        no_sideways_scroll(console)
    finally:
        editor_context.close()

    offered = member.get("/wps/relay/MCS2_getPointReward").json()["value"]
    item = next(entry for entry in offered if entry["name"] == ITEM)
    redeemed = HttpBrowser(stack, MEMBER_ADDRESS).send("POST", REDEEM, {
        "itemId": item["itemId"], "quantity": 1, "paymentPassword": "864200", "deliveryAddress": "Moda Cd. 1, Kadıköy, İstanbul",
        "mobileNum": "5321234567", "requestId": f"e2e-{uuid.uuid4()}",
    }, token=token)  # fmt: skip
    assert redeemed.status_code == 200, redeemed.text
    number = redeemed.json()["value"]["transactionNo"]
    assert member.get("/wps/relay/MCS2_getPointBalance").json()["value"]["balance"] == 0

    maker_context = english(browser, 1366, 768)
    maker = maker_context.new_page()
    try:
        sign_in(maker, stack, ops_team.maker)
        maker.get_by_role("navigation", name="Console menu").get_by_role("link", name="Mall redemptions").click()
        queued = maker.locator(f"[data-redemption='{number}']")
        expect(queued).to_contain_text(ITEM)
        expect(queued).to_contain_text("Moda Cd. 1")
        shoot(maker, "mall-redemptions")
        maker.set_viewport_size({"width": 390, "height": 844})
        no_sideways_scroll(maker)  # the queue scrolls in its own box, never the page
        maker.set_viewport_size({"width": 1366, "height": 768})
        queued.get_by_role("button", name="Approve").click()
        expect(maker.get_by_role("status")).to_contain_text("Done.")
        expect(queued).to_have_count(0)  # no longer in process
        maker.get_by_label("Status").select_option("APPROVED")
        maker.get_by_role("button", name="Filter").click()
        expect(maker.locator(f"[data-redemption='{number}']")).to_contain_text("Approved")
        expect(maker.locator(f"[data-redemption='{number}']").get_by_role("button")).to_have_count(0)
    finally:
        maker_context.close()

    mine = member.get("/wps/relay/MCS2_getRedeemPointList").json()["value"]["list"]
    assert [(row["transactionNo"], row["itemName"], row["status"]) for row in mine] == [(number, ITEM, "APPROVED")]
