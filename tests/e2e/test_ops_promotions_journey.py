"""The ops console's promotions pages in Chromium: a content editor adds an activity promotion in the console (its
terms labelled by its kind: no percentage nor minimum deposit, a maximum bonus an application); a member applies to it
through the portal's API with a remark and a screenshot; a finance maker finds the application in the console's
queue, opens its image larger, and approves it with a bonus of 20.00 in a dialog; the bonuses page shows the bonus
with its wagering, and the member's bonus details show it. A content editor never sees the bonuses nor the
applications (members' money and images), and the pages fit a phone."""

from __future__ import annotations

import time
import uuid
from datetime import datetime, timedelta
from typing import Any

import httpx
from ops_people import OpsTeam
from playwright.sync_api import Browser, expect
from portal_client import registered_member
from test_ops_console_journeys import english, no_sideways_scroll, shoot, sign_in

from portal_stack.harness import Stack

MEMBER_ADDRESS = "127.0.0.73"
PROMOTION = "E2E screenshot reward"
REMARK = "My big win, screenshot attached"
# a 1x1 png: the service takes png or jpg by their first bytes
PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="


def offered(member: httpx.Client, name: str) -> dict[str, Any]:
    """The promotion named ``name`` as the member is offered it (open now)."""
    promotions = member.get("/wps/relay/MCSFE_getPromotions").json()["value"]
    found = [promotion for promotion in promotions if promotion["name"] == name]
    assert len(found) == 1, promotions
    return dict(found[0])


def test_an_editor_adds_an_activity_promotion_a_member_applies_and_a_maker_approves_a_bonus(
    stack: Stack, ops_team: OpsTeam, browser: Browser
) -> None:
    editor_context = english(browser, 1366, 768)
    console = editor_context.new_page()
    try:
        sign_in(console, stack, ops_team.editor)
        menu = console.get_by_role("navigation", name="Console menu")
        expect(menu.get_by_role("link", name="Bonuses")).to_have_count(0)  # members' money: finance readers
        expect(menu.get_by_role("link", name="Activity applications")).to_have_count(0)  # members' images
        menu.get_by_role("link", name="Promotions").click()
        form = console.get_by_role("form", name="Add a promotion")
        form.get_by_label("Kind").select_option("ACTIVITY")
        expect(form.get_by_label("Minimum deposit (e.g. 50.00)")).to_have_count(0)  # an activity has none
        form.get_by_label("Name (TR)").fill("E2E ekran görüntüsü ödülü")
        form.get_by_label("Name (EN)").fill(PROMOTION)
        form.get_by_label("Terms text (TR)").fill("Kazancının ekran görüntüsünü gönder.")
        form.get_by_label("Terms text (EN)").fill("Send a screenshot of your win.")
        form.get_by_label("Picture address").fill("/demo/promo-first-deposit.svg")
        form.get_by_label("Maximum bonus an application (e.g. 500.00)").fill("500.00")
        form.get_by_label("Wagering (times the bonus, 1–100)").fill("2")
        form.get_by_label("Slots").check()
        form.get_by_label("Lottery", exact=True).check()
        form.get_by_label("Starts (local time)").fill((datetime.now() - timedelta(days=1)).strftime("%Y-%m-%dT%H:%M"))
        form.get_by_label("Reason (written to the audit log)").fill("e2e activity promotion")
        form.get_by_role("button", name="Add").click()
        expect(console.get_by_role("status")).to_contain_text("Promotion added.")
        row = console.get_by_test_id("promotions").locator("tr", has_text=PROMOTION)
        expect(row).to_contain_text("Activity")
        expect(row).to_contain_text("Decided for each application, at most 500.00")
        expect(row).to_contain_text("2 times the bonus")
        shoot(console, "promotions")
        console.set_viewport_size({"width": 390, "height": 844})
        no_sideways_scroll(console)
    finally:
        editor_context.close()

    token = registered_member(stack, "activityfan1", MEMBER_ADDRESS)
    member = httpx.Client(base_url=stack.url, headers={"Authorization": token, "Language": "EN"})
    promotion = offered(member, PROMOTION)
    assert promotion["kind"] == "ACTIVITY"
    applied = member.post("/wps/relay/MCSFE_signUpRequestReward", json={
        "promotionId": promotion["promotionId"], "remark": REMARK, "images": [PNG], "requestId": f"e2e-{uuid.uuid4()}",
    })  # fmt: skip
    assert applied.status_code == 200, applied.text
    application = applied.json()["value"]
    assert (application["status"], application["images"]) == ("PENDING", 1)
    number = application["applicationId"]

    maker_context = english(browser, 1366, 768)
    maker = maker_context.new_page()
    try:
        sign_in(maker, stack, ops_team.maker)
        menu = maker.get_by_role("navigation", name="Console menu")
        menu.get_by_role("link", name="Activity applications").click()
        queued = maker.locator(f"[data-application='{number}']")
        expect(queued).to_contain_text(PROMOTION)
        expect(queued).to_contain_text(REMARK)
        queued.get_by_role("button", name="Show images (1)").click()
        thumbnail = queued.get_by_role("button", name=f"Application {number}, image 1: enlarge")
        expect(thumbnail.locator("img")).to_have_attribute("src", f"data:image/png;base64,{PNG}")
        thumbnail.click()
        image = maker.get_by_role("dialog", name=f"Application {number}, image 1")
        expect(image.get_by_role("img", name=f"Image 1 sent with application {number}")).to_be_visible()
        shoot(maker, "application-image")
        maker.keyboard.press("Escape")
        expect(image).to_have_count(0)
        expect(thumbnail).to_be_focused()  # back where the operator was
        shoot(maker, "applications")
        maker.set_viewport_size({"width": 390, "height": 844})
        no_sideways_scroll(maker)  # the queue scrolls in its own box, never the page
        maker.set_viewport_size({"width": 1366, "height": 768})

        queued.get_by_role("button", name="Approve").click()
        dialog = maker.get_by_role("dialog", name=f"Approve application #{number}")
        expect(dialog).to_contain_text("At most 500.00 (the promotion's maximum).")
        amount = dialog.get_by_label("Bonus amount (e.g. 20.00)")
        expect(amount).to_be_focused()
        amount.fill("20.00")
        dialog.get_by_label("Note (optional, written to the audit log)").fill("e2e screenshot checked")
        shoot(maker, "approve-application")
        dialog.get_by_role("button", name="Approve").click()
        expect(maker.get_by_role("status")).to_contain_text("Approved: a bonus of 20.00 granted.")
        expect(dialog).to_have_count(0)
        expect(queued).to_have_count(0)  # no longer waiting
        maker.get_by_label("Status").select_option("APPROVED")
        maker.get_by_role("button", name="Filter").click()
        decided = maker.locator(f"[data-application='{number}']")
        expect(decided).to_contain_text("Approved")
        expect(decided).to_contain_text("bonus 20.00")
        expect(decided.get_by_role("button", name="Approve")).to_have_count(0)

        menu.get_by_role("link", name="Bonuses").click()
        bonus = maker.get_by_test_id("bonuses").locator("tr", has_text=PROMOTION)
        expect(bonus).to_contain_text("20.00")
        expect(bonus).to_contain_text("of 40.00")  # twice the bonus to wager
        expect(bonus.get_by_role("progressbar")).to_have_count(1)
        shoot(maker, "bonuses")
    finally:
        maker_context.close()

    deadline = time.monotonic() + 30
    while True:
        bonuses = member.get("/wps/relay/MCSFE_getBonusDetails").json()["value"]["list"]
        mine = [row for row in bonuses if row["promotionId"] == promotion["promotionId"]]
        if mine and mine[0]["status"] != "GRANTING":
            break
        assert time.monotonic() < deadline, f"the bonus is not held within 30 s: {bonuses}"
        time.sleep(0.3)
    assert [(row["promotionName"], row["amount"], row["turnoverRequired"], row["status"]) for row in mine] == [
        (PROMOTION, 2_000, 4_000, "ACTIVE")
    ]
