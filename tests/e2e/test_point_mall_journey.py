"""The points mall in Chromium through Traefik: ops put an item of 2 points in the demo brand's mall; a member
registers, deposits 250.00 (2 points by the brand's 1 point a whole 100.00 deposited), sees the points on /pointMall,
redeems the item with the payment password (a sealed call), sees it in process and the balance at 0; ops approve it
and the member sees it approved, with both movements in the points details. Another member deposits 1,000.00 (10
points) and converts them to cash at the brand's 10 points = 1.00: paid once despite a mistyped password first, the
points at 0 and the wallet (and the header) up by 1.00. The page fits at 1366 and 390 px; a visitor is asked to log
in."""

from __future__ import annotations

import re
import time

import httpx
from conftest import SCREENSHOTS
from playwright.sync_api import Browser, Page, expect
from portal_client import registered_member
from test_games_journey import deposit, enter

from portal_stack.harness import Stack

MEMBER_ADDRESS = "127.0.0.57"
CASH_MEMBER_ADDRESS = "127.0.0.59"
MALL = "/wps/ops/points/merchants/turkeyf2/mall"
SCREENSHOTS_PREFIX = "point-mall"


def no_sideways_scroll(page: Page) -> None:
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"the page scrolls sideways by {overflow} px at {page.url}"


def shoot(page: Page, name: str) -> None:
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{SCREENSHOTS_PREFIX}-{name}.png"), full_page=True)


def test_a_member_redeems_deposit_points_in_the_mall_and_sees_ops_approve_it(
    stack: Stack, page: Page, browser: Browser
) -> None:
    ops = httpx.Client(
        base_url=stack.url, headers={"Authorization": stack.ops_token("e2e.mall", "turkeyf2"), "Language": "EN"}
    )
    made = ops.post(
        f"{MALL}/items",
        json={
            "names": {"TR": "Puan kupası", "EN": "Points mug", "CN": "积分马克杯"},
            "picture": "/demo/banner-welcome.svg",
            "points": 2,
            "stock": 5,
            "active": True,
            "sort": 1,
            "reason": "e2e: the member's mall journey",
        },
    )
    assert made.status_code == 200, made.text
    item_id = made.json()["value"]["itemId"]

    token = registered_member(stack, "mallbuyer1", MEMBER_ADDRESS)
    deposit(page, stack, token, 25_000)
    member = httpx.Client(base_url=stack.url, headers={"Authorization": token, "Language": "EN"})
    deadline = time.monotonic() + 30
    while member.get("/wps/relay/MCS2_getPointBalance").json()["value"]["balance"] != 2:
        assert time.monotonic() < deadline, "no deposit points within 30 s"
        time.sleep(0.3)

    enter(page, stack, token)
    page.set_viewport_size({"width": 1366, "height": 900})
    page.goto(stack.url + "/")
    page.get_by_role("navigation", name="Main menu").get_by_role("button", name="More").click()  # its drop menu
    page.get_by_role("navigation", name="Main menu").get_by_role("link", name="Points mall").click()
    expect(page).to_have_url(stack.url + "/pointMall")
    expect(page.get_by_test_id("points-balance")).to_have_text("2")
    expect(page.get_by_test_id("points-earned")).to_have_text("2")
    card = page.get_by_test_id(f"mall-item-{item_id}")
    expect(card).to_contain_text("Points mug")
    expect(card).to_contain_text("2 points")
    expect(card).to_contain_text("In stock: 5")
    image_ok = card.locator("img").evaluate("img => img.complete && img.naturalWidth > 0")
    assert image_ok, "the item's picture did not load"
    no_sideways_scroll(page)
    shoot(page, "items-1366")

    page.set_viewport_size({"width": 390, "height": 844})
    card.get_by_role("button", name="Redeem").click()
    dialog = page.get_by_role("dialog")
    expect(dialog.get_by_label("Quantity")).to_be_focused()  # focus moves into the dialog
    no_sideways_scroll(page)
    shoot(page, "dialog-390")
    page.keyboard.press("Escape")
    expect(dialog).to_have_count(0)
    page.set_viewport_size({"width": 1366, "height": 900})
    card.get_by_role("button", name="Redeem").click()
    expect(dialog.get_by_label("Mobile number")).not_to_have_value("")  # the member's, from registration
    dialog.get_by_label("Delivery address").fill("Bağdat Caddesi 12, Kadıköy, İstanbul")
    dialog.get_by_label("Payment password").fill("000000")
    dialog.get_by_role("button", name="Redeem").click()
    expect(dialog.get_by_role("alert")).not_to_be_empty()  # the server's words for a wrong payment password
    refusal = dialog.get_by_role("alert").inner_text()
    dialog.get_by_label("Payment password").fill("864200")
    dialog.get_by_role("button", name="Redeem").click()
    expect(dialog.get_by_test_id("redeem-done")).to_be_visible()
    shoot(page, "redeemed-1366")
    dialog.get_by_role("button", name="Close").last.click()
    expect(page.get_by_test_id("points-balance")).to_have_text("0")
    expect(card).to_contain_text("In stock: 4")

    page.get_by_role("tab", name="My redemptions").click()
    redemptions = member.get("/wps/relay/MCS2_getRedeemPointList").json()["value"]
    assert redemptions["total"] == 1, redemptions  # the wrong password took nothing, the retry redeemed once
    number = redemptions["list"][0]["transactionNo"]
    row = page.get_by_test_id(f"redemption-{number}")
    expect(row).to_contain_text("Points mug")
    expect(row).to_contain_text("In process")

    approved = ops.post(f"{MALL}/redemptions/{number}/approve", json={})
    assert approved.status_code == 200, approved.text
    page.reload()
    expect(page.get_by_test_id(f"redemption-{number}")).to_contain_text("Approved")

    page.get_by_role("tab", name="Points details").click()
    expect(page.get_by_test_id("earning-rules")).to_contain_text("100.00 TRY of deposits = 1 point")
    records = page.get_by_test_id("point-records")
    expect(records).to_contain_text("Points mug × 1")
    expect(records).to_contain_text("-2")
    expect(records).to_contain_text("+2")
    no_sideways_scroll(page)
    shoot(page, "details-1366")

    page.set_viewport_size({"width": 390, "height": 844})
    for tab in ("Items", "My redemptions", "Points details"):
        page.get_by_role("tab", name=tab).click()
        page.wait_for_timeout(200)
        no_sideways_scroll(page)
        shoot(page, f"{tab.lower().replace(' ', '-')}-390")
    assert refusal, "a wrong payment password was refused in words"

    visitor = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        guest = visitor.new_page()
        enter(guest, stack, None)
        guest.goto(stack.url + "/pointMall")
        expect(guest.get_by_test_id("point-mall-login")).to_contain_text("Log in to see your points and redeem items.")
        no_sideways_scroll(guest)
        shoot(guest, "visitor-390")
    finally:
        visitor.close()


def test_a_member_converts_deposit_points_to_cash_and_the_wallet_follows(stack: Stack, page: Page) -> None:
    token = registered_member(stack, "pointcash1", CASH_MEMBER_ADDRESS)
    deposit(page, stack, token, 100_000)  # 1,000.00: 10 points by the brand's 1 point a whole 100.00 deposited
    member = httpx.Client(base_url=stack.url, headers={"Authorization": token, "Language": "EN"})
    deadline = time.monotonic() + 30
    while member.get("/wps/relay/MCS2_getPointBalance").json()["value"]["balance"] != 10:
        assert time.monotonic() < deadline, "no deposit points within 30 s"
        time.sleep(0.3)

    enter(page, stack, token)
    page.set_viewport_size({"width": 1366, "height": 900})
    page.goto(stack.url + "/pointMall")
    expect(page.get_by_test_id("points-balance")).to_have_text("10")
    expect(page.get_by_test_id("balance")).to_contain_text("1,000.00", timeout=20_000)
    page.get_by_role("tab", name="Convert to cash").click()
    expect(page).to_have_url(stack.url + "/pointMall?tab=convert")
    panel = page.get_by_test_id("convert")
    expect(panel.get_by_test_id("convert-rate")).to_have_text("10 points = 1.00 TRY")
    cash = panel.get_by_test_id("convert-cash")
    points = panel.get_by_label("Points to convert")
    points.fill("15")
    expect(cash).to_have_text("You get: — TRY")
    points.fill("10")
    expect(cash).to_have_text("You get: 1.00 TRY")
    password = panel.get_by_label("Payment password")
    password.fill("000000")
    password.press("Enter")  # the keyboard sends the form
    expect(panel.get_by_role("alert")).not_to_be_empty()  # the server's words for a wrong payment password
    expect(page.get_by_test_id("points-balance")).to_have_text("10")  # refused before anything was taken
    password.fill("864200")
    panel.get_by_role("button", name="Convert").click()
    expect(panel.get_by_test_id("convert-done")).to_have_text(
        re.compile(r"^10 points converted: 1\.00 TRY is in your main wallet \(no\. \d+\)\.$")
    )
    expect(page.get_by_test_id("points-balance")).to_have_text("0")
    wallet = member.get("/wps/v2/wallets/balance").json()["value"]
    assert wallet["sum"] == 100_100, wallet  # paid once: 1.00 for the 10 points, the refused try took nothing
    expect(page.get_by_test_id("balance")).to_contain_text("1,001.00")  # the header follows the cash
    # Now below the least: the form is disabled and says why.
    expect(panel.get_by_test_id("convert-note")).to_have_text(
        "You need at least 10 points to convert; your balance is 0."
    )
    expect(panel.get_by_role("button", name="Convert")).to_be_disabled()
    no_sideways_scroll(page)
    shoot(page, "convert-1366")

    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(200)
    no_sideways_scroll(page)
    shoot(page, "convert-390")
    page.get_by_role("tab", name="Points details").click()
    records = page.get_by_test_id("point-records")
    expect(records).to_contain_text("Converted to cash")
    expect(records).to_contain_text("Cash: 1.00 TRY")
    expect(records).to_contain_text("-10")
    no_sideways_scroll(page)
    shoot(page, "convert-details-390")


PRICED_MEMBER_ADDRESS = "127.0.0.63"


def test_an_item_with_a_price_takes_points_and_money_and_a_rejection_gives_both_back(stack: Stack, page: Page) -> None:
    """An item of 1 point and 50.00: the card and the dialog say what the main balance pays; the redemption takes
    both (the header follows); ops reject it and the points and the money come back, the row says refunded."""
    ops = httpx.Client(
        base_url=stack.url, headers={"Authorization": stack.ops_token("e2e.mall", "turkeyf2"), "Language": "EN"}
    )
    made = ops.post(
        f"{MALL}/items",
        json={
            "names": {"TR": "Hediye kutusu", "EN": "Gift box", "CN": "礼盒"}, "picture": "/demo/banner-welcome.svg",
            "points": 1, "money": 5_000, "stock": 3, "active": True, "sort": 2,
            "reason": "e2e: an item with a price",
        },
    )  # fmt: skip
    assert made.status_code == 200, made.text
    item_id = made.json()["value"]["itemId"]
    token = registered_member(stack, "mallbuyer2", PRICED_MEMBER_ADDRESS)
    deposit(page, stack, token, 30_000)  # 300.00: 3 points
    member = httpx.Client(base_url=stack.url, headers={"Authorization": token, "Language": "EN"})
    deadline = time.monotonic() + 30
    while member.get("/wps/relay/MCS2_getPointBalance").json()["value"]["balance"] != 3:
        assert time.monotonic() < deadline, "no deposit points within 30 s"
        time.sleep(0.3)

    enter(page, stack, token)
    page.set_viewport_size({"width": 1366, "height": 900})
    page.goto(stack.url + "/pointMall")
    expect(page.get_by_test_id("balance")).to_contain_text("300.00", timeout=20_000)
    card = page.get_by_test_id(f"mall-item-{item_id}")
    expect(card).to_contain_text("1 point + ₺50.00")
    expect(card).to_contain_text("50.00")
    card.get_by_role("button", name="Redeem").click()
    dialog = page.get_by_role("dialog")
    expect(dialog).to_contain_text("Taken from your main balance: ₺50.00")
    dialog.get_by_label("Delivery address").fill("Bağdat Caddesi 12, Kadıköy, İstanbul")
    dialog.get_by_label("Payment password").fill("864200")
    dialog.get_by_role("button", name="Redeem").click()
    expect(dialog.get_by_test_id("redeem-done")).to_be_visible()
    no_sideways_scroll(page)
    shoot(page, "priced-redeemed-1366")
    dialog.get_by_role("button", name="Close").last.click()
    expect(page.get_by_test_id("points-balance")).to_have_text("2")
    expect(page.get_by_test_id("balance")).to_contain_text("250.00")  # the header follows the charge

    number = member.get("/wps/relay/MCS2_getRedeemPointList").json()["value"]["list"][0]["transactionNo"]
    rejected = ops.post(f"{MALL}/redemptions/{number}/reject", json={"reason": "e2e: out of gift boxes"})
    assert rejected.status_code == 200, rejected.text
    assert (rejected.json()["value"]["status"], rejected.json()["value"]["payment"]) == ("REJECTED", "REFUNDED")
    assert member.get("/wps/v2/wallets/balance").json()["value"]["sum"] == 30_000
    page.reload()
    page.get_by_role("tab", name="My redemptions").click()
    row = page.get_by_test_id(f"redemption-{number}")
    expect(row).to_contain_text("Rejected")
    expect(row).to_contain_text("Refunded")
    expect(page.get_by_test_id("points-balance")).to_have_text("3")
    expect(page.get_by_test_id("balance")).to_contain_text("300.00", timeout=20_000)
    for width, height in ((1366, 900), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(200)
        no_sideways_scroll(page)
        shoot(page, f"priced-refunded-{width}")
