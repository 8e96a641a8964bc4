"""A member's profile in the ops console (issue 46, risk and support), in Chromium: a finance maker opens the profile
of a member who deposited, bet and asked to withdraw, and sees the balance with what is held, the bet in the
betting record and the browser it signed in from, and adds a note; a brand admin resets the member's second factor
with a reason, after a confirmation, and the member may bind a new one. Nothing scrolls sideways."""

from __future__ import annotations

import time
import uuid

import httpx
from ops_people import OpsTeam
from playwright.sync_api import Browser, expect
from portal_client import Browser as HttpBrowser
from portal_client import registered_member
from test_ops_console_journeys import english, no_sideways_scroll, sign_in

from auth_service import totp
from portal_stack.harness import Stack

MEMBER = "profileplayer1"
ADDRESS = "127.0.0.41"


def played_member(stack: Stack, team: OpsTeam) -> tuple[str, httpx.Client]:
    """A member with 500.00 from ops, one spin of 10.00 on the in-house slot and 100.00 asked to withdraw, and an
    authenticator bound: the account id and the member's own client."""
    token = registered_member(stack, MEMBER, ADDRESS)
    member = HttpBrowser(stack, ADDRESS)
    http = member.http
    http.headers["Authorization"] = token
    account = http.get("/wps/member/info").json()["value"]["id"]
    admin = team.root.sign_in()
    deadline = time.monotonic() + 30
    while True:  # the wallet opens from auth's event
        funded = team.root.http.post(
            f"/wps/ops/wallet/merchants/turkeyf2/accounts/{account}/adjustments",
            headers=admin, json={"amount": 50_000, "reason": "e2e profile funding", "requestId": f"profile-{uuid.uuid4()}"},
        )  # fmt: skip
        if funded.status_code == 200 or time.monotonic() > deadline:
            break
        time.sleep(0.3)
    assert funded.status_code == 200, funded.text
    assert http.get("/wps/games/bgs/seeds").status_code == 200  # a round waits for its seeds to be shown
    spin = http.post("/wps/games/bgs/slot/spins", json={"stake": 1000, "requestId": f"spin-{uuid.uuid4()}"})
    assert spin.status_code == 200, spin.text
    bank = member.send("POST", "/wps/v2/wallets/bank-accounts", {"bankName": "Akbank", "holderName": "Profile Player",
                       "accountNumber": "TR120004600000000012345777", "paymentPassword": "864200"}, token=token)  # fmt: skip
    asked = member.send("POST", "/wps/v2/wallets/withdrawals", {"amount": 10_000, "paymentPassword": "864200",
                        "bankAccountId": bank.json()["value"]["bankAccountId"], "requestId": "profile-wd"}, token=token)  # fmt: skip
    assert asked.status_code == 200, asked.text
    secret = http.post("/wps/member/totp").json()["value"]["secret"]
    bound = http.post(
        "/wps/member/totp/confirm", json={"code": totp.code_at(secret, time.time() - 30), "password": "uyeSifre1"}
    )
    assert bound.json()["value"] == {"totpBound": True}, bound.text
    deadline = time.monotonic() + 20
    while http.get("/wps/games/records").json()["value"]["total"] < 1:  # the record is written from the round
        assert time.monotonic() < deadline, "the spin never reached the betting record"
        time.sleep(0.2)
    return account, http


def open_profile(page, stack: Stack) -> None:  # type: ignore[no-untyped-def]
    page.get_by_role("navigation", name="Console menu").get_by_role("link", name="Find a member").click()
    page.get_by_label("Search for").fill(MEMBER)
    page.get_by_role("button", name="Search", exact=True).click()
    page.locator(f"[data-member='{MEMBER}']").get_by_role("button", name="Open").click()
    expect(page.get_by_test_id("member-profile")).to_contain_text(MEMBER, timeout=15_000)


def test_a_maker_reads_a_members_money_and_bets_and_notes_them_and_an_admin_resets_the_second_factor(
    stack: Stack, ops_team: OpsTeam, browser: Browser
) -> None:
    account, member = played_member(stack, ops_team)

    context = english(browser, 1366, 768)
    maker = context.new_page()
    try:
        sign_in(maker, stack, ops_team.maker)
        open_profile(maker, stack)
        balances = maker.get_by_test_id("member-balances")
        expect(balances).to_contain_text("100.00")  # held for the withdrawal
        expect(maker.get_by_test_id("member-wallets").locator("tbody tr")).to_have_count(1)
        bets = maker.get_by_test_id("member-bets")
        expect(bets.locator("tbody tr")).to_have_count(1, timeout=15_000)
        expect(bets).to_contain_text("BGS")
        expect(bets).to_contain_text("10.00")
        expect(maker.get_by_test_id("member-devices")).to_contain_text(ADDRESS)
        expect(maker.get_by_role("group", name="Reset second factor")).to_have_count(0)  # the brand's admins' alone
        notes = maker.get_by_role("form", name="Add note")
        notes.get_by_label("Note").fill("Called about the withdrawal; told them it is on its way.")
        notes.get_by_role("button", name="Add note").click()
        expect(notes.get_by_role("status")).to_contain_text("Note added.")
        expect(maker.get_by_test_id("member-notes")).to_contain_text("Called about the withdrawal")
        expect(maker.get_by_test_id("member-notes")).to_contain_text("e2e.maker")
        no_sideways_scroll(maker)
        maker.set_viewport_size({"width": 390, "height": 844})
        no_sideways_scroll(maker)
    finally:
        context.close()

    admin_context = english(browser, 1366, 768)
    admin = admin_context.new_page()
    try:
        sign_in(admin, stack, ops_team.root)
        admin.get_by_label("Brand code").fill("turkeyf2")  # an admin of every brand types the brand
        open_profile(admin, stack)
        expect(admin.get_by_test_id("member-notes")).to_contain_text("Called about the withdrawal")
        reset = admin.get_by_role("form", name="Reset second factor")
        reset.get_by_label("Reason").fill("lost phone; identity checked on a call")
        reset.get_by_role("button", name="Reset second factor").click()
        admin.get_by_role("button", name="Yes, remove it").click()
        expect(admin.get_by_text("This member has no authenticator bound.")).to_be_visible(timeout=15_000)
    finally:
        admin_context.close()

    assert member.get("/wps/member/info").json()["value"]["totpBound"] is False  # the member's session lives on
    assert member.post("/wps/member/totp").status_code == 200  # and may bind a new one
    root = ops_team.root.sign_in()
    audit = ops_team.root.http.get("/wps/ops/auth/merchants/turkeyf2/audit", headers=root).json()["value"]["list"]
    assert [(a["actor"], a["after"]["reason"]) for a in audit if a["action"] == "account.totp.reset"] == [
        (ops_team.root.username, "lost phone; identity checked on a call")
    ]
    assert any(a["action"] == "member.note.add" and a["target"] == account for a in audit)
