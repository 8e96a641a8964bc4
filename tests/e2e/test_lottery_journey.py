"""The lottery in Chromium through Traefik: a member opens /lottery on the one-minute game, bets on the open
issue before its close, watches it drawn by the lottery worker, sees the result with its seed, the bet won or
lost with the balance following, and the bet in the member's betting record. The draw is the game's real one (up to
a minute and ten seconds after the bet), so the journey runs in two parts (conftest's stages): the bet after the other
journeys on the session stack, its page left open while the tests on stacks of their own run, and what the page
shows of the draw, without a reload, at the end."""

from __future__ import annotations

import re
import time
from datetime import UTC, datetime
from typing import Any

import httpx
import pytest
from conftest import SCREENSHOTS
from playwright.sync_api import Browser, Page, expect
from portal_client import registered_member
from test_games_journey import deposit, enter

from portal_stack.harness import Stack

# What the bet leaves for the check (a module global: the two run apart, the check at the very end).
STATE: dict[str, Any] = {}


@pytest.mark.starts_wait
def test_a_member_bets_on_the_next_one_minute_issue(stack: Stack, browser: Browser) -> None:
    token = registered_member(stack, "lottofan1", "127.0.0.31")
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        place_the_bet(stack, page, token)
    except BaseException:
        context.close()
        raise
    STATE.update(context=context, page=page, token=token)


def place_the_bet(stack: Stack, page: Page, token: str) -> None:
    deposit(page, stack, token, 100_000)
    http = httpx.Client(base_url=stack.url, headers={"Authorization": token, "Language": "EN", "Merchant": "turkeyf2"})
    current = http.get("/lotto/lgw/games/SSC_1M").json()["value"]["current"]
    closes = datetime.fromisoformat(current["closesAt"].replace("Z", "+00:00"))
    if (closes - datetime.now(UTC)).total_seconds() < 20:  # too close to the close to click through: the next one
        time.sleep(max(0.0, (closes - datetime.now(UTC)).total_seconds()) + 12)
    enter(page, stack, token)
    page.goto(f"{stack.url}/lottery?gameCode=SSC_1M")
    expect(page.get_by_test_id("lottery-closes")).to_contain_text("Betting closes in", timeout=20_000)
    page.locator(".lot-picker select").select_option("SUM_BIG_SMALL")
    page.get_by_role("button", name="Big", exact=True).click()
    page.locator(".lot-picker input").fill("10")
    page.get_by_role("button", name="Add to slip").click()
    expect(page.get_by_test_id("lottery-slip-total")).to_contain_text("Total: ₺10.00 · Possible win: ₺19.80")
    page.get_by_role("button", name="Place bets").click()
    expect(page.get_by_text("Bets placed")).to_be_visible(timeout=15_000)
    expect(page.get_by_test_id("balance")).to_contain_text("₺990.00", timeout=20_000)
    expect(page.get_by_test_id("lottery-bet-status")).to_have_text("Accepted")


@pytest.mark.late
def test_the_members_page_follows_the_issue_drawn_and_settled(stack: Stack, request: pytest.FixtureRequest) -> None:
    """The worker draws the issue at its minute and settles it; the page, open since the bet, follows without a
    reload."""
    assert STATE, "the bet was not placed"
    page: Page = STATE["page"]
    try:
        the_page_follows(stack, page, STATE["token"])
    finally:
        SCREENSHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / f"{request.node.name}.png"), full_page=True)
        STATE["context"].close()


def the_page_follows(stack: Stack, page: Page, token: str) -> None:
    http = httpx.Client(base_url=stack.url, headers={"Authorization": token, "Language": "EN", "Merchant": "turkeyf2"})
    expect(page.get_by_test_id("lottery-bet-status")).to_have_text(re.compile("Won|Lost"), timeout=100_000)
    [bet] = http.get("/lotto/lgw/bets", params={"gameCode": "SSC_1M"}).json()["value"]["list"]
    assert bet["status"] in ("won", "lost") and bet["result"] is not None
    assert (sum(bet["result"]) >= 23) == (bet["status"] == "won")
    final = 99_000 + bet["win"]
    expect(page.get_by_test_id("balance")).to_contain_text(f"₺{final // 100:,}.{final % 100:02d}", timeout=20_000)
    expect(page.get_by_test_id("lottery-result").first).to_be_visible()

    deadline = time.monotonic() + 30  # the games worker writes the betting record from lottery.bet.settled.v1
    while not (records := http.get("/wps/games/records").json()["value"]["list"]):
        assert time.monotonic() < deadline, "the lottery bet never reached the betting record"
        time.sleep(0.5)
    assert records[0]["gameType"] == "LOTT" and records[0]["gameCode"] == "SSC_1M" and records[0]["stake"] == 1000
