"""A brand admin lowers a lottery game's maximum stake on the console's "Lottery games" page and the member's lottery
page takes no bet above it, naming the limits in force, and moves no money (issue 46, "lottery games, limits and
prize modes"); the admin restores it, as the game's public detail then says. (The service's own refusal of a stake
out of the limits, under the same race-free slip statement, is in services/lottery/tests.)"""

from __future__ import annotations

import time
from datetime import UTC, datetime

import httpx
from ops_people import OpsTeam
from playwright.sync_api import Browser, Page, expect
from portal_client import registered_member
from test_games_journey import deposit, enter
from test_ops_console_journeys import english, sign_in

from portal_stack.harness import Stack

MEMBER_ADDRESS = "127.0.0.53"


def set_max_stake(console: Page, value: str) -> None:
    row = console.locator('tr[data-game="SSC_1M"]')
    row.get_by_role("button", name="Edit: SSC_1M").click()
    dialog = console.get_by_test_id("edit-lottery-game")
    dialog.get_by_label("Maximum stake").fill(value)
    dialog.get_by_label("Reason (written to the audit log; optional)").fill("e2e: limit check")
    dialog.get_by_role("button", name="Save").click()
    expect(dialog.get_by_text("Saved.")).to_be_visible(timeout=15_000)
    console.get_by_role("button", name="Close").click()
    expect(row.locator("td").nth(3)).to_have_text(value, timeout=15_000)


def add_big(page: Page, stake_text: str) -> None:
    page.locator(".lot-picker select").select_option("SUM_BIG_SMALL")
    page.get_by_role("button", name="Big", exact=True).click()
    page.locator(".lot-picker input").fill(stake_text)
    page.get_by_role("button", name="Add to slip").click()


def test_an_admin_lowers_a_lottery_maximum_and_the_members_bet_above_it_is_refused(
    stack: Stack, ops_team: OpsTeam, browser: Browser, page: Page
) -> None:
    token = registered_member(stack, "lottolimit1", MEMBER_ADDRESS)
    deposit(page, stack, token, 100_000)
    context = english(browser, 1366, 768)
    console = context.new_page()
    try:
        sign_in(console, stack, ops_team.root)  # an admin of every brand types the brand
        console.get_by_label("Brand code").fill("turkeyf2")
        console.get_by_role("navigation", name="Console menu").get_by_role("link", name="Lottery games").click()
        expect(console.get_by_test_id("lottery-games")).to_be_visible(timeout=15_000)
        set_max_stake(console, "5000")  # ₺50.00

        http = httpx.Client(base_url=stack.url, headers={"Language": "EN", "Merchant": "turkeyf2"})
        detail = http.get("/lotto/lgw/games/SSC_1M").json()["value"]
        assert next(bt for bt in detail["betTypes"] if bt["code"] == "SUM_BIG_SMALL")["maxStake"] == 5000
        closes = datetime.fromisoformat(detail["current"]["closesAt"].replace("Z", "+00:00"))
        if (closes - datetime.now(UTC)).total_seconds() < 25:  # too near the close to click through: the next issue
            time.sleep(max(0.0, (closes - datetime.now(UTC)).total_seconds()) + 12)
        enter(page, stack, token)
        page.goto(f"{stack.url}/lottery?gameCode=SSC_1M")
        expect(page.get_by_test_id("lottery-closes")).to_contain_text("Betting closes in", timeout=20_000)
        add_big(page, "60")  # ₺60.00, above the brand's ₺50.00: the slip takes only what the brand allows
        expect(page.get_by_role("alert")).to_contain_text("50.00", timeout=15_000)
        expect(page.get_by_role("button", name="Place bets")).to_be_disabled()
        expect(page.get_by_test_id("balance")).to_contain_text("₺1,000.00")

        set_max_stake(console, "1000000")
        restored = http.get("/lotto/lgw/games/SSC_1M").json()["value"]
        assert next(bt for bt in restored["betTypes"] if bt["code"] == "SUM_BIG_SMALL")["maxStake"] == 1_000_000
    finally:
        context.close()
