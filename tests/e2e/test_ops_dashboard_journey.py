"""The console's daily figures follow the portal: a member registers, deposits through the sandbox checkout and
rolls the dice; a finance person's dashboard counts the registration, the deposit and the stakes of the day (from
the totals auth, the wallet and games keep off their events), as tiles, charts and tables, at 1366 and 390 px."""

from __future__ import annotations

import time
from datetime import UTC, datetime
from typing import Any

import httpx
from ops_people import OpsTeam
from playwright.sync_api import Browser, Page, expect
from portal_client import registered_member
from test_games_journey import deposit
from test_ops_console_journeys import english, no_sideways_scroll, shoot, sign_in

from portal_stack.harness import Stack

MEMBER_ADDRESS = "127.0.0.32"
DASHBOARD = "/wps/ops/{service}/merchants/turkeyf2/dashboard/{name}"


def today_figures(http: httpx.Client, ops: dict[str, str]) -> dict[str, int]:
    """Today's registrations (members and agents), deposits and stakes in TRY, as the services answer them."""
    day = datetime.now(UTC).date().isoformat()
    query = {"startDate": day, "endDate": day}

    def read(service: str, name: str) -> list[dict[str, Any]]:
        answer = http.get(DASHBOARD.format(service=service, name=name), params=query, headers=ops)
        assert answer.status_code == 200, answer.text
        rows: list[dict[str, Any]] = answer.json()["value"]
        return rows

    accounts = read("auth", "registrations")
    money = [row for row in read("wallet", "money") if row["currency"] == "TRY"]
    play = [row for row in read("games", "play") if row["currency"] == "TRY"]
    return {
        "registrations": sum(row["members"] + row["agents"] for row in accounts),
        "deposited": sum(row["depositAmount"] for row in money),
        "staked": sum(row["stake"] for row in play),
    }


def until(check: Any, what: str, timeout: float = 30.0) -> Any:
    deadline = time.monotonic() + timeout
    while not (found := check()):
        assert time.monotonic() < deadline, f"{what} within {timeout} s"
        time.sleep(0.3)
    return found


def test_a_finance_person_reads_the_days_registration_deposit_and_stakes_in_charts(
    stack: Stack, ops_team: OpsTeam, browser: Browser, page: Page
) -> None:
    http = httpx.Client(base_url=stack.url, headers={"Language": "EN"})
    ops = ops_team.maker.sign_in()
    before = today_figures(http, ops)

    token = registered_member(stack, "dashfigures1", MEMBER_ADDRESS)
    deposit(page, stack, token, 25_000)
    player = {"Authorization": token}
    assert http.get("/wps/games/bgs/seeds", headers=player).status_code == 200  # seen before the first round
    for roll in range(3):
        body = {"stake": 1_000, "target": 5_000, "over": True, "requestId": f"dash-roll-{roll}", "roomId": "BEGINNER"}
        rolled = http.post("/wps/games/bgs/dice/rolls", json=body, headers=player)
        assert rolled.status_code == 200, rolled.text

    expected = {"registrations": before["registrations"] + 1, "deposited": before["deposited"] + 25_000,
                "staked": before["staked"] + 3_000}  # fmt: skip
    now = until(lambda: (f := today_figures(http, ops)) == expected and f, "the day's figures counted the member")

    for width, height in ((1366, 900), (390, 844)):
        context = english(browser, width, height)
        console = context.new_page()
        try:
            sign_in(console, stack, ops_team.maker)
            menu = console.get_by_role("navigation", name="Console menu")
            menu.get_by_role("link", name="Daily figures").click()
            totals = console.get_by_test_id("dash-totals")
            expect(totals).to_be_visible(timeout=15_000)
            registrations = console.get_by_test_id("total-registrations").inner_text()
            assert int(registrations) >= now["registrations"]  # over the last 30 days: today's and before
            stakes = console.get_by_role("figure", name="Stakes and GGR by day")
            expect(stakes.locator("svg.recharts-surface").first).to_be_visible()  # the chart is drawn
            today = datetime.now(UTC).date().isoformat()
            stakes.get_by_text("Show the figures as a table").click()
            row = stakes.get_by_role("row").filter(has_text=today)
            expect(row).to_contain_text(f"{now['staked'] / 100:,.2f} TRY")
            money = console.get_by_role("figure", name="Deposits and withdrawals by day")
            money.get_by_text("Show the figures as a table").click()
            expect(money.get_by_role("row").filter(has_text=today)).to_contain_text(
                f"{now['deposited'] / 100:,.2f} TRY"
            )
            vendors = console.get_by_role("figure", name="By vendor")
            vendors.get_by_text("Show the figures as a table").click()
            expect(vendors.get_by_role("row").filter(has_text="BGS")).to_be_visible()
            no_sideways_scroll(console)
            shoot(console, f"dashboard-{width}")
        finally:
            context.close()

    editor = ops_team.editor.sign_in()  # a content editor reads no money figures
    refused = http.get(DASHBOARD.format(service="wallet", name="money"), headers=editor)
    assert (refused.status_code, refused.json()["errorCode"]) == (403, "ops.role_required")
