"""The agent centre in Chromium through Traefik (issue 45 items 5 and 6): an agent logs in at the agent entry and
lands on /agentHome with the agent-centre remote loaded, registers a downline agent and offers it a real-time salary
contract; the downline logs in at the agent entry, the contract dialog shows the offer and it signs; the upline sees
the contract active. Every page is drawn at 1366 and 390 px wide without sideways scrolling (screenshots in
tests/e2e/screenshots/agent-*.png)."""

from __future__ import annotations

import time
from collections.abc import Iterator

import httpx
import pytest
from conftest import SCREENSHOTS
from playwright.sync_api import Browser, Locator, Page, expect
from portal_client import registered_member

from portal_stack.harness import Stack

UPLINE, DOWNLINE, MEMBER = "agtopone", "agdownone", "agmember"
PASSWORD = "Agent2pass"
WIDE = {"width": 1366, "height": 900}
NARROW = {"width": 390, "height": 844}


def shoot(page: Page, name: str) -> None:
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"agent-{name}.png"), full_page=True)


def no_sideways_scroll(page: Page) -> None:
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"the page scrolls sideways by {overflow} px at {page.url}"


@pytest.fixture(scope="module")
def upline(stack: Stack) -> str:
    """A top agent made by ops, holding a real-time salary contract ops granted it (2 % won, 4 % lost)."""
    ops = {"Authorization": stack.ops_token("e2e.agents", "turkeyf2")}
    with httpx.Client(base_url=stack.url, headers={**ops, "Language": "EN"}) as http:
        made = http.post("/wps/ops/auth/merchants/turkeyf2/agents",
                         json={"username": UPLINE, "password": PASSWORD, "accountType": 1, "affiliateCode": "AGTOP1"})  # fmt: skip
        assert made.status_code == 201, made.text
        account = made.json()["value"]["id"]
        terms = {"winRate": 200, "lossRate": 400, "betAmount": 0}
        for _ in range(100):  # agent-contracts places the agent in its tree from auth's event
            granted = http.put(f"/wps/ops/agent-contracts/merchants/turkeyf2/members/{account}/contracts/real-time-salary",
                               json={"terms": terms, "reason": "e2e agent journey"})  # fmt: skip
            if granted.status_code == 200:
                break
            time.sleep(0.2)
        assert granted.status_code == 200, granted.text
    return str(account)


@pytest.fixture
def wide(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport=WIDE)
    yield context.new_page()
    context.close()


@pytest.fixture
def narrow(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport=NARROW)
    yield context.new_page()
    context.close()


def play_dice(stack: Stack, token: str, rolls: int = 6) -> None:
    """Funds an account by an ops adjustment and rolls the in-house dice with it, so its team has figures."""
    ops = {"Authorization": stack.ops_token("e2e.agents", "turkeyf2")}
    with httpx.Client(base_url=stack.url, headers={"Language": "EN"}) as http:
        account = http.get("/wps/member/info", headers={"Authorization": token}).json()["value"]["id"]
        for _ in range(50):  # the wallet opens from auth's event
            funded = http.post(f"/wps/ops/wallet/merchants/turkeyf2/accounts/{account}/adjustments", headers=ops,
                               json={"amount": 100_000, "reason": "e2e agent team", "requestId": f"fund-{account}"})  # fmt: skip
            if funded.status_code == 200:
                break
            time.sleep(0.2)
        assert funded.status_code == 200, funded.text
        seeds = http.get("/wps/games/bgs/seeds", headers={"Authorization": token})  # seen before the first round
        assert seeds.status_code == 200, seeds.text
        for roll in range(rolls):
            body = {
                "stake": 1_000,
                "target": 5_000,
                "over": roll % 2 == 0,
                "requestId": f"{account}-roll-{roll}",
                "roomId": "BEGINNER",
            }
            played = http.post("/wps/games/bgs/dice/rolls", json=body, headers={"Authorization": token})
            assert played.status_code == 200, played.text


def agent_login(page: Page, stack: Stack, username: str) -> None:
    page.goto(f"{stack.url}/agentLogin")
    page.evaluate("localStorage.setItem('hisLang', 'EN'); sessionStorage.setItem('popupClosed:agent', '1')")
    page.reload()
    form = page.get_by_role("form", name="Agent login")
    form.get_by_label("Username").fill(username)
    form.get_by_label("Password").fill(PASSWORD)
    form.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/agentHome")
    expect(page.get_by_role("navigation", name="Agent centre menu")).to_be_visible(timeout=30_000)


def menu(page: Page) -> Locator:
    return page.get_by_role("navigation", name="Agent centre menu")


def test_an_agent_registers_a_downline_agent_offers_it_a_real_time_salary_and_the_downline_signs(
    stack: Stack, browser: Browser, upline: str, wide: Page
) -> None:
    # The agent entry, wide.
    wide.goto(f"{stack.url}/agentLogin")
    wide.evaluate("localStorage.setItem('hisLang', 'EN'); sessionStorage.setItem('popupClosed:visitor', '1')")
    wide.reload()
    expect(wide.get_by_role("form", name="Agent login")).to_be_visible()
    shoot(wide, "login-1366")
    no_sideways_scroll(wide)

    agent_login(wide, stack, UPLINE)
    expect(menu(wide).get_by_role("link")).to_have_text([
        "Announcements", "Team overview", "Register account", "Team management", "Team betting", "User loss",
        "My income", "Account details", "Real-time salary",
    ])  # fmt: skip
    expect(wide.get_by_test_id("team-overview")).to_be_visible()
    expect(wide.get_by_test_id("hourly-chart")).to_be_visible()
    shoot(wide, "home-1366")
    no_sideways_scroll(wide)

    # Register a downline agent by the brand's rules.
    menu(wide).get_by_role("link", name="Register account").click()
    form = wide.get_by_role("form", name="Register account")
    form.get_by_label("Agent").check()
    form.get_by_label("Username").fill(DOWNLINE)
    form.get_by_label("Password", exact=True).fill(PASSWORD)
    form.get_by_label("Payment password").fill("864200")
    form.get_by_label("Mobile number").fill("5321234567")
    form.get_by_label("Birthday").fill("1990-01-01")
    form.get_by_label("Confirm password").fill(PASSWORD)
    shoot(wide, "register-1366")
    form.get_by_role("button", name="Register").click()
    expect(wide.get_by_test_id("registered")).to_have_text(f"Account registered: {DOWNLINE}")

    # Team management lists it (once agent-contracts has placed it) and offers it a contract.
    menu(wide).get_by_role("link", name="Team management").click()
    row = wide.get_by_role("row", name=DOWNLINE)
    for _ in range(50):
        if row.count():
            break
        wide.get_by_role("button", name="Search").click()
        wide.wait_for_timeout(300)
    expect(row).to_contain_text("Agent")
    shoot(wide, "team-1366")
    no_sideways_scroll(wide)
    row.get_by_role("button", name="Offer a contract").click()
    dialog = wide.get_by_role("dialog", name="Offer a contract")
    expect(dialog.get_by_label("Kind")).to_have_value("REALTIME_SALARY")
    dialog.get_by_label("Rate on won bets (%)").fill("101")
    dialog.get_by_label("Rate on lost bets (%)").fill("3")
    dialog.get_by_role("button", name="Offer a new contract").click()
    expect(dialog.get_by_role("alert")).to_have_text("Rates are between 0 and 100 (at most two decimals).")
    dialog.get_by_label("Rate on won bets (%)").fill("1.5")
    dialog.get_by_role("button", name="Offer a new contract").click()
    expect(dialog.get_by_role("status")).to_have_text("Offer sent.")
    shoot(wide, "offer-1366")
    dialog.get_by_role("button", name="Close").click()

    menu(wide).get_by_role("link", name="Real-time salary").click()
    expect(wide.get_by_test_id("downline-contracts")).to_contain_text(DOWNLINE)
    expect(wide.get_by_test_id("downline-contracts")).to_contain_text("Waiting for the downline's answer.")

    # The downline logs in at the agent entry: the dialog shows the offer by itself, and it signs.
    context = browser.new_context(viewport=WIDE)
    downline = context.new_page()
    agent_login(downline, stack, DOWNLINE)
    request = downline.get_by_role("dialog", name="Pending request")
    expect(request).to_contain_text("New contract offer")
    expect(request).to_contain_text("Rate on won bets (%): 1.5 %")
    expect(request).to_contain_text("Rate on lost bets (%): 3 %")
    expect(request.get_by_test_id("cancels-warning")).to_have_text("Agreeing cancels no downline contract.")
    shoot(downline, "contract-dialog-1366")
    request.get_by_role("button", name="Sign").click()
    expect(request.get_by_role("status")).to_have_text("Your answer is recorded.")
    request.get_by_test_id("contract-request").get_by_role("button", name="Close").click()
    menu(downline).get_by_role("link", name="Real-time salary").click()
    expect(downline.get_by_test_id("own-contract-status")).to_have_text("Active")
    play_dice(stack, str(downline.evaluate("sessionStorage.getItem('token')")))
    context.close()

    # The upline sees the downline's contract active.
    wide.reload()
    expect(wide.get_by_test_id("downline-contracts")).to_contain_text("Active", timeout=20_000)
    expect(wide.get_by_test_id("downline-contracts")).not_to_contain_text("Waiting for the downline's answer.")
    expect(wide.get_by_test_id("contract-history")).to_contain_text("Signed")
    shoot(wide, "contracts-1366")
    no_sideways_scroll(wide)

    # The downline's bets reach the upline's team figures: the hourly volume chart and team betting.
    menu(wide).get_by_role("link", name="Team overview").click()
    bars = wide.get_by_test_id("hourly-chart").locator("rect")
    for _ in range(60):
        if bars.count():
            break
        wide.get_by_role("button", name="Search").click()
        wide.wait_for_timeout(500)
    expect(bars).to_have_count(24)
    shoot(wide, "overview-chart-1366")
    menu(wide).get_by_role("link", name="Team betting").click()
    expect(wide.get_by_test_id("report-betting")).to_contain_text(DOWNLINE)
    shoot(wide, "team-betting-1366")
    no_sideways_scroll(wide)


PAGES = ["teamOverview", "registerCenter", "teamManagement", "teamBetting", "userLoss", "myIncome", "accountDetails",
         "announcement", "realTimeSalary"]  # fmt: skip


def test_every_page_at_390_px_collapses_the_menu_and_never_scrolls_sideways(
    stack: Stack, upline: str, narrow: Page
) -> None:
    narrow.goto(f"{stack.url}/agentLogin")
    narrow.evaluate("localStorage.setItem('hisLang', 'EN'); sessionStorage.setItem('popupClosed:visitor', '1')")
    narrow.reload()
    expect(narrow.get_by_role("form", name="Agent login")).to_be_visible()
    no_sideways_scroll(narrow)
    shoot(narrow, "login-390")
    agent_login(narrow, stack, UPLINE)
    toggle = menu(narrow).get_by_role("button", name="Team overview")
    expect(toggle).to_be_visible()
    expect(menu(narrow).get_by_role("link", name="Team management")).to_be_hidden()
    shoot(narrow, "home-390")
    for name in PAGES:
        narrow.goto(f"{stack.url}/agentHome/{name}")
        expect(menu(narrow)).to_be_visible(timeout=30_000)
        narrow.wait_for_load_state("networkidle")
        no_sideways_scroll(narrow)
        shoot(narrow, f"{name}-390")
    narrow.get_by_test_id("contract-realTimeSalary").get_by_role("button", name="Offer a contract").click()
    dialog = narrow.get_by_role("dialog", name="Offer a contract")
    expect(dialog.get_by_label("Rate on won bets (%)")).to_be_visible()
    no_sideways_scroll(narrow)
    shoot(narrow, "offer-390")
    dialog.get_by_role("button", name="Close").click()
    menu(narrow).get_by_role("button").click()
    expect(menu(narrow).get_by_role("link", name="Team management")).to_be_visible()
    shoot(narrow, "menu-open-390")
    menu(narrow).get_by_role("link", name="Team management").click()
    expect(menu(narrow).get_by_role("link", name="Team management")).to_be_hidden()
    no_sideways_scroll(narrow)


def test_the_agent_entry_refuses_a_member_and_the_agent_centre_sends_visitors_to_it(stack: Stack, wide: Page) -> None:
    wide.goto(f"{stack.url}/agentHome")
    wide.wait_for_url("**/agentLogin")
    registered_member(stack, MEMBER, "127.0.0.21")
    wide.evaluate("localStorage.setItem('hisLang', 'EN'); sessionStorage.setItem('popupClosed:visitor', '1')")
    wide.reload()
    form = wide.get_by_role("form", name="Agent login")
    form.get_by_label("Username").fill(MEMBER)
    form.get_by_label("Password").fill("uyeSifre1")
    form.get_by_role("button", name="Log in").click()
    expect(form.get_by_role("alert")).to_have_text("Only agents can log in here.")
    expect(wide).to_have_url(f"{stack.url}/agentLogin")
