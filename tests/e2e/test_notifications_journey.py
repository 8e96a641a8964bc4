"""Notifications through the whole stack in Chromium: ops approve a bank transfer and the member's open page
shows "deposit arrived" with its amount and the new balance without a reload (wallet outbox → JetStream → the
notifications worker → the message on NATS → the API process holding the socket → the toast); the badge counts it,
the member centre's platform information lists it, and reading it there clears the badge."""

from __future__ import annotations

import time

import httpx
from playwright.sync_api import Page, expect
from portal_client import registered_member

from portal_stack.harness import Stack


def test_an_ops_approval_reaches_the_open_page_as_a_toast_and_a_new_balance(stack: Stack, page: Page) -> None:
    token = registered_member(stack, "liveuser1", "127.0.0.31")
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
    expect(page.get_by_test_id("unread")).to_contain_text("1")  # the brand's welcome broadcast

    member = {"Authorization": token, "Language": "EN"}
    with httpx.Client(base_url=stack.url, timeout=10) as http:
        asked = http.post("/wps/v2/wallets/deposits", headers=member,
                          json={"channel": "BANK_TRANSFER", "amount": 123_456, "requestId": "live-1", "reference": "EFT-9"})  # fmt: skip
        assert asked.status_code == 200, asked.text
        deposit = asked.json()["value"]["depositId"]
        ops = {"Authorization": stack.ops_token("e2e.live", "turkeyf2"), "Language": "EN"}
        approved = http.post(f"/wps/ops/wallet/merchants/turkeyf2/deposits/{deposit}/approve", headers=ops, json={})
        assert approved.json()["value"]["status"] == "credited", approved.text

    toast = page.get_by_test_id("toast")
    expect(toast).to_contain_text("Deposit arrived", timeout=10_000)
    expect(toast).to_contain_text("1,234.56 TRY")
    expect(page.get_by_test_id("balance")).to_contain_text("1,234.56")
    expect(page.get_by_test_id("unread")).to_contain_text("2")

    page.get_by_test_id("unread").click()
    page.wait_for_url("**/member/messageV2")
    messages = page.get_by_test_id("message")
    expect(messages).to_have_count(2)
    expect(messages.first).to_contain_text("Deposit arrived")
    expect(page.get_by_test_id("mc-unread")).to_have_text("2")
    page.get_by_role("button", name="Mark all read").click()
    expect(page.get_by_test_id("mc-unread")).to_have_count(0)
    expect(page.get_by_test_id("unread").locator(".badge")).to_have_count(0)
    messages.first.get_by_role("button", name="Deposit arrived").click()
    expect(messages.first).to_contain_text("1,234.56 TRY")


def test_customer_service_opens_the_brands_chat_channel(stack: Stack, page: Page) -> None:
    page.goto(stack.url)
    link = page.get_by_test_id("customer-service")
    expect(link).to_have_attribute("href", "https://t.me/portal_demo_support")
    assert link.get_attribute("target") == "_blank"
