"""An operator's day in the ops console, in Chromium (issue 46, "done when"), with the member watching the portal:
a finance maker approves the member's bank transfer in the deposit queue and the member's open page shows the toast
and the new balance without a reload; a brand admin finds the member, locks the account for a day with a reason
(its session ends, its login is refused), reads the lock in the audit log, and the brand's reconciliation says the
ledger adds up."""

from __future__ import annotations

import time

import httpx
from ops_people import OpsTeam
from playwright.sync_api import Browser, Page, expect
from portal_client import Browser as HttpBrowser
from portal_client import registered_member
from test_ops_console_journeys import english, no_sideways_scroll, sign_in

from portal_stack.harness import Stack

MEMBER = "opsdayplayer"
ADDRESS = "127.0.0.69"


def member_page(page: Page, stack: Stack, token: str) -> None:
    """The member's portal open and signed in, its live socket connected, the balance read."""
    with httpx.Client(base_url=stack.url, headers={"Authorization": token}, timeout=10) as http:
        for _ in range(100):  # the wallet opens from auth's event, a moment after the registration answered
            if http.get("/wps/v2/wallets/balance").status_code == 200:
                break
            time.sleep(0.1)
    page.goto(stack.url)
    page.evaluate(f"sessionStorage.setItem('token', '{token}'); localStorage.setItem('hisLang', 'EN');"
                  "sessionStorage.setItem('popupClosed:member', '1')")  # fmt: skip
    page.goto(stack.url)
    expect(page.get_by_test_id("live")).to_have_attribute("data-live", "open", timeout=30_000)
    expect(page.get_by_test_id("balance")).to_contain_text("0.00")


def test_an_operators_day_reaches_the_member(stack: Stack, ops_team: OpsTeam, browser: Browser, page: Page) -> None:
    token = registered_member(stack, MEMBER, ADDRESS)
    member_page(page, stack, token)
    with httpx.Client(base_url=stack.url, headers={"Authorization": token, "Language": "EN"}, timeout=10) as http:
        asked = http.post("/wps/v2/wallets/deposits", json={"channel": "BANK_TRANSFER", "amount": 25_000,
                          "requestId": "opsday-1", "reference": "EFT-DAY"})  # fmt: skip
        assert asked.status_code == 200, asked.text
        account = http.get("/wps/member/info").json()["value"]["id"]
    deposit = asked.json()["value"]["depositId"]

    maker_context = english(browser, 1366, 768)
    console = maker_context.new_page()
    try:
        sign_in(console, stack, ops_team.maker)
        console.get_by_role("navigation", name="Console menu").get_by_role("link", name="Deposit queue").click()
        row = console.locator(f"[data-deposit='{deposit}']")
        expect(row).to_contain_text("250.00")
        row.get_by_role("button", name="Approve").click()
        expect(console.get_by_role("status").first).to_contain_text("Done.")
    finally:
        maker_context.close()
    toast = page.get_by_test_id("toast")
    expect(toast).to_contain_text("Deposit arrived", timeout=15_000)
    expect(page.get_by_test_id("balance")).to_contain_text("250.00")

    admin_context = english(browser, 1366, 768)
    admin = admin_context.new_page()
    try:
        sign_in(admin, stack, ops_team.root)
        admin.get_by_label("Brand code").fill("turkeyf2")  # an admin of every brand types the brand
        menu = admin.get_by_role("navigation", name="Console menu")
        menu.get_by_role("link", name="Find a member").click()
        admin.get_by_label("Search for").fill(MEMBER.upper())
        admin.get_by_role("button", name="Search", exact=True).click()
        admin.locator(f"[data-member='{MEMBER}']").get_by_role("button", name="Open").click()
        expect(admin.get_by_test_id("member-profile")).to_contain_text(MEMBER)
        admin.get_by_role("link", name="Unlock / disable").click()
        lock = admin.get_by_role("group", name="Lock for a time")
        lock.get_by_label("For").select_option("24")
        lock.get_by_label("Reason (written to the audit log)").fill("chargeback under review")
        lock.get_by_role("button", name="Lock").click()
        expect(lock).to_contain_text(f"Account {account} locked for 24 h")

        refused = HttpBrowser(stack, ADDRESS).send("POST", "/wps/session/login", {"username": MEMBER,
                                                   "password": "uyeSifre1", **HttpBrowser(stack, ADDRESS).bot_check()})  # fmt: skip
        assert (refused.status_code, refused.json()["errorCode"]) == (403, "account.locked"), refused.text
        with httpx.Client(base_url=stack.url, timeout=10) as http:  # the member's session ended with the lock
            assert http.get("/wps/v2/wallets/balance", headers={"Authorization": token}).status_code == 401

        menu.get_by_role("link", name="Audit log").click()
        log = admin.get_by_role("tabpanel", name="Accounts and people")
        log.get_by_label("Action").fill("account.lock")
        log.get_by_role("button", name="Filter").click()
        entries = log.get_by_test_id("audit-log")
        expect(entries).to_contain_text(account)
        expect(entries).to_contain_text("chargeback under review")

        menu.get_by_role("link", name="Reconciliation").click()
        expect(admin.get_by_test_id("reconciliation-state")).to_contain_text("The ledger adds up")
        expect(admin.get_by_role("group", name="By kind of account")).to_contain_text("house:deposits")
        no_sideways_scroll(admin)
    finally:
        admin_context.close()
