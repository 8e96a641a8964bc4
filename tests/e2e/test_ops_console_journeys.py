"""The ops console in Chromium (issue 46): an invited person enrols on the console's own page with their own password
and TOTP; a maker signs in (password, then code) and approves a member's withdrawal in the queue, a second person
pays it, and the member's withdrawal is paid; a finance person never sees the admin's pages nor may call their API;
the console at 390 px never scrolls sideways; the member site never lists it."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from accessibility import serious_violations
from ops_people import OpsTeam, Person, mailed_token
from playwright.sync_api import Browser, BrowserContext, Page, expect
from portal_client import Browser as HttpBrowser
from portal_client import registered_member

from portal_stack.harness import Stack

SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"
MEMBER_ADDRESS = "127.0.0.31"


def shoot(page: Page, name: str) -> None:
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"ops-{name}.png"), full_page=True)


def no_sideways_scroll(page: Page) -> None:
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    wide = page.evaluate(
        "[...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right >"
        " document.documentElement.clientWidth + 1).slice(0, 8).map(e => e.tagName + '.' + e.className)"
    )
    assert overflow <= 0, f"the console scrolls sideways by {overflow} px at {page.url}: {wide}"


def english(browser: Browser, width: int, height: int, *, bypass_csp: bool = False) -> BrowserContext:
    context = browser.new_context(viewport={"width": width, "height": height}, bypass_csp=bypass_csp)
    context.add_init_script("localStorage.setItem('hisLang', 'EN')")
    return context


@pytest.fixture
def console(browser: Browser) -> Iterator[Page]:
    context = english(browser, 1366, 768)
    yield context.new_page()
    context.close()


def sign_in(page: Page, stack: Stack, person: Person) -> None:
    page.goto(f"{stack.url}/ops/")
    form = page.get_by_role("form", name="Sign in")
    form.get_by_label("Username").fill(person.username)
    form.get_by_label("Password").fill(person.password)
    form.get_by_role("button", name="Next").click()
    page.get_by_label("Verification code").fill(person.code())
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("navigation", name="Console menu")).to_be_visible(timeout=15_000)


def funded_withdrawal(stack: Stack, team: OpsTeam) -> tuple[str, str]:
    """A member with 500.00 asking to withdraw 200.00: the member's token and the withdrawal's id."""
    token = registered_member(stack, "opsconsole1", MEMBER_ADDRESS)
    member = HttpBrowser(stack, MEMBER_ADDRESS)
    account = member.http.get("/wps/member/info", headers={"Authorization": token}).json()["value"]["id"]
    admin = team.root.sign_in()
    deadline = time.monotonic() + 30
    while True:  # the wallet opens from auth's event
        funded = team.root.http.post(
            f"/wps/ops/wallet/merchants/turkeyf2/accounts/{account}/adjustments",
            headers=admin, json={"amount": 50_000, "reason": "e2e console funding", "requestId": "opsconsole-1"},
        )  # fmt: skip
        if funded.status_code == 200 or time.monotonic() > deadline:
            break
        time.sleep(0.3)
    assert funded.status_code == 200, funded.text
    bank = member.send("POST", "/wps/v2/wallets/bank-accounts", {"bankName": "Akbank", "holderName": "Ops Console",
                       "accountNumber": "TR120004600000000012345888", "paymentPassword": "864200"}, token=token)  # fmt: skip
    asked = member.send("POST", "/wps/v2/wallets/withdrawals", {"amount": 20_000, "paymentPassword": "864200",
                        "bankAccountId": bank.json()["value"]["bankAccountId"], "requestId": "opsconsole-wd"}, token=token)  # fmt: skip
    assert asked.status_code == 200, asked.text
    return token, str(asked.json()["value"]["withdrawalId"])


def test_a_maker_approves_a_withdrawal_in_the_console_and_a_second_person_pays_it(
    stack: Stack, ops_team: OpsTeam, browser: Browser, console: Page
) -> None:
    token, withdrawal = funded_withdrawal(stack, ops_team)
    sign_in(console, stack, ops_team.maker)
    menu = console.get_by_role("navigation", name="Console menu")
    menu.get_by_role("link", name="Withdrawal queue").click()
    row = console.locator(f"[data-withdrawal='{withdrawal}']")
    expect(row).to_contain_text("200.00")
    expect(row.get_by_role("button", name="Pay")).to_have_count(0)  # paying is for a checker
    shoot(console, "withdrawal-queue")
    row.get_by_role("button", name="Approve").click()
    expect(console.get_by_role("status")).to_contain_text("Done.")
    expect(row).to_have_count(0)  # no longer pending

    checker_context = english(browser, 1366, 768)
    checker = checker_context.new_page()
    try:
        sign_in(checker, stack, ops_team.checker)
        checker.get_by_role("navigation", name="Console menu").get_by_role("link", name="Withdrawal queue").click()
        checker.get_by_label("Status").select_option("approved")
        checker.get_by_role("button", name="Filter").click()
        approved = checker.locator(f"[data-withdrawal='{withdrawal}']")
        expect(approved.get_by_role("button", name="Approve")).to_have_count(0)  # approving is the maker's
        approved.get_by_role("button", name="Pay").click()
        expect(checker.get_by_role("status")).to_contain_text("Done.")
    finally:
        checker_context.close()

    mine = HttpBrowser(stack, MEMBER_ADDRESS).http.get("/wps/v2/wallets/withdrawals", headers={"Authorization": token})
    assert [(w["withdrawalId"], w["status"]) for w in mine.json()["value"]] == [(withdrawal, "paid")]

    # risk and support: the maker finds the member by the start of the name and opens the profile with its sign-ins
    menu.get_by_role("link", name="Find a member").click()
    console.get_by_label("Search for").fill("OPSCONSOLE")
    console.get_by_role("button", name="Search", exact=True).click()
    found = console.locator("[data-member='opsconsole1']")
    found.get_by_role("button", name="Open").click()
    profile = console.get_by_test_id("member-profile")
    expect(profile).to_contain_text("opsconsole1")
    expect(console.get_by_role("region", name="Recent sign-ins")).to_contain_text(MEMBER_ADDRESS)
    expect(console.get_by_role("link", name="Unlock / disable")).to_have_count(0)  # the brand's admins' page
    shoot(console, "member-profile")


def test_an_invited_person_enrols_on_the_console_page_and_signs_in(
    stack: Stack, ops_team: OpsTeam, console: Page
) -> None:
    approved = ops_team.root2.approve(ops_team.root.invite("e2e.viewer", "viewer"))
    assert approved.status_code == 200, approved.text
    token = mailed_token(stack, "e2e.viewer@ops.example")
    console.goto(f"{stack.url}/ops/#enrolToken={token}")
    console.get_by_role("button", name="Open the invitation").click()
    expect(console).to_have_url(f"{stack.url}/ops/")  # the token was taken out of the address bar at once
    secret = console.get_by_test_id("totp-secret").inner_text()
    person = Person(stack, ops_team.root.http, "e2e.viewer", "viewer-own-password", secret)
    console.get_by_label("New password").fill(person.password)
    console.get_by_label("Password (again)").fill(person.password)
    console.get_by_label("Verification code").fill(person.code())
    console.get_by_role("button", name="Activate").click()
    expect(console.get_by_role("status")).to_contain_text("Your account is active")
    console.get_by_role("button", name="Go to sign in").click()
    sign_in(console, stack, person)
    expect(console.get_by_role("heading", name="Welcome, e2e.viewer.")).to_be_visible()


def test_a_finance_person_sees_no_admin_page_nor_may_call_its_api_and_the_console_fits_a_phone(
    stack: Stack, ops_team: OpsTeam, browser: Browser
) -> None:
    context = english(browser, 390, 844)
    page = context.new_page()
    try:
        sign_in(page, stack, ops_team.checker)
        menu = page.get_by_role("navigation", name="Console menu")
        expect(menu.get_by_role("link", name="Withdrawal queue")).to_be_visible()
        for admin_page in ("People", "Requests", "Site settings", "Feature switches", "Account actions"):
            expect(menu.get_by_role("link", name=admin_page)).to_have_count(0)
        no_sideways_scroll(page)
        menu.get_by_role("link", name="Withdrawal queue").click()
        expect(page.get_by_role("heading", name="Withdrawal queue")).to_be_visible()
        no_sideways_scroll(page)
        shoot(page, "withdrawals-390")
    finally:
        context.close()
    refused = ops_team.checker.http.get("/wps/ops/auth/people", headers=ops_team.checker.sign_in())
    assert (refused.status_code, refused.json()["errorCode"]) == (403, "ops.role_required")
    other_brand = ops_team.checker.http.get("/wps/ops/wallet/merchants/otherbrand/withdrawals",
                                            headers=ops_team.checker.sign_in())  # fmt: skip
    assert (other_brand.status_code, other_brand.json()["errorCode"]) == (403, "access.denied")
    members_manifest = HttpBrowser(stack).http.get("/remotes.json").json()
    assert "opsConsole" not in members_manifest and "memberCentre" in members_manifest


def test_a_content_editor_publishes_a_banner_that_the_home_page_shows(
    stack: Stack, ops_team: OpsTeam, browser: Browser, console: Page
) -> None:
    sign_in(console, stack, ops_team.editor)
    menu = console.get_by_role("navigation", name="Console menu")
    expect(menu.get_by_role("link", name="Withdrawal queue")).to_have_count(0)  # not finance
    menu.get_by_role("link", name="Banners").click()
    form = console.get_by_role("form", name="Add a banner")
    form.get_by_label("Place").select_option("w_home")
    form.get_by_label("Image URL").fill("/demo/banner-live.svg")
    form.get_by_label("Title (EN)").fill("Console e2e banner")
    form.get_by_label("Title (TR)").fill("Konsol e2e banner")
    form.get_by_label("Show on the site").check()
    form.get_by_role("button", name="Add").click()
    expect(console.get_by_role("status")).to_contain_text("Banner added.")
    shoot(console, "banners")

    home = english(browser, 1366, 768)
    editor, banners = ops_team.editor, "/wps/ops/site/merchants/turkeyf2/banners"
    try:
        visitor = home.new_page()
        visitor.goto(f"{stack.url}/")
        expect(visitor.locator("img[alt='Console e2e banner']")).to_have_count(1, timeout=15_000)
    finally:
        home.close()
        found = editor.http.get(banners, params={"text": "Console e2e banner"}, headers=editor.sign_in())
        for banner in found.json()["value"]["list"]:  # the home page as it was
            if banner["title"].get("EN") == "Console e2e banner":
                assert editor.http.delete(f"{banners}/{banner['id']}", headers=editor.sign_in()).status_code == 200


def test_every_console_page_has_no_serious_accessibility_violations(
    stack: Stack, ops_team: OpsTeam, browser: Browser
) -> None:
    context = english(browser, 1366, 768, bypass_csp=True)  # axe is injected as a script
    page = context.new_page()
    try:
        page.goto(f"{stack.url}/ops/")
        expect(page.get_by_role("form", name="Sign in")).to_be_visible()
        assert serious_violations(page) == [], "the login"
        sign_in(page, stack, ops_team.root)  # an admin of every brand: every page, the brand typed
        page.get_by_label("Brand code").fill("turkeyf2")
        menu = page.get_by_role("navigation", name="Console menu")
        names = [link.inner_text() for link in menu.get_by_role("link").all()]
        assert len(names) >= 10, names
        for name in names:
            menu.get_by_role("link", name=name, exact=True).click()
            expect(page.locator("main h1").first).to_be_visible()
            page.wait_for_load_state("networkidle")
            assert serious_violations(page) == [], name
    finally:
        context.close()
