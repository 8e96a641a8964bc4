"""Through the whole stack: a new account's wallet is opened from auth's event (outbox → relay → JetStream →
the wallet's consumer) and its balance is read through Traefik; a member deposits through the sandbox
gateway's page in Chromium, withdraws, ops approve and pay, the member confirms, and every movement is in
the record; reconciliation finds no difference."""

from __future__ import annotations

import time

import httpx
from playwright.sync_api import Page
from portal_client import Browser, read_captcha

from portal_stack.harness import Stack


def eventually_balance(http: httpx.Client, token: str) -> dict[str, object]:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        response = http.get("/wps/v2/wallets/balance", headers={"Authorization": token})
        if response.status_code == 200:
            value: dict[str, object] = response.json()["value"]
            return value
        time.sleep(0.2)
    raise AssertionError(f"no wallet after 30 s: {response.status_code} {response.text}")


def test_free_play_account_gets_its_wallet_and_starting_balance(stack: Stack) -> None:
    transport = httpx.HTTPTransport(local_address="127.0.0.5")
    with httpx.Client(base_url=stack.url, transport=transport, headers={"Language": "EN"}) as http:
        played = http.post("/wps/session/login/freeplay", json={"os": "Linux", "platform": "W"})
        assert played.status_code == 200, played.text
        balance = eventually_balance(http, played.json()["value"]["token"])
    assert balance == {
        "currency": "TRY",
        "scale": 2,
        "sum": 200_000,
        "wallets": [{"wallet": "freeplay", "available": 200_000, "held": 0}],
    }


def eventually(check: object, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while not check():  # type: ignore[operator]
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.2)


def test_member_deposits_through_the_sandbox_gateway_withdraws_and_reads_the_record(stack: Stack, page: Page) -> None:
    browser = Browser(stack, "127.0.0.6")
    captcha = browser.http.get("/wps/captcha").json()["value"]
    registration = {
        "username": "moneyuser1",
        "password": "paraSifre1",
        "confirmPassword": "paraSifre1",
        "paymentPassword": "975310",
        "mobileNum": "5320007788",
        "countryDialingCode": "90",
        "birthday": "1992-02-02",
        "acceptTerms": True,
        "captchaId": captcha["captchaId"],
        "captcha": read_captcha(stack, captcha["captchaId"]),
        **browser.bot_check(),
    }
    assert browser.send("PUT", "/wps/member/register", registration).status_code == 200
    login = browser.send("POST", "/wps/session/login", {"username": "moneyuser1", "password": "paraSifre1",
                                                        **browser.bot_check()})  # fmt: skip
    token = login.json()["value"]["token"]
    member = {"Authorization": token}
    assert eventually_balance(browser.http, token)["sum"] == 0

    order = browser.http.post("/wps/v2/wallets/deposits", headers=member,
                              json={"channel": "SANDBOX", "amount": 250_000, "requestId": "e2e-dep-1"})  # fmt: skip
    assert order.status_code == 200, order.text
    page.goto(stack.url + order.json()["value"]["checkoutUrl"])
    assert page.get_by_test_id("amount").inner_text() == "2,500.00 TRY"
    page.get_by_role("button", name="Pay").click()
    page.wait_for_url(f"**/member/depositv2?deposit={order.json()['value']['depositId']}")
    eventually(lambda: eventually_balance(browser.http, token)["sum"] == 250_000)

    bank = browser.send("POST", "/wps/v2/wallets/bank-accounts", {"bankName": "Garanti", "holderName": "Money User",
                        "accountNumber": "TR120006200000000012345678", "paymentPassword": "975310"}, token=token)  # fmt: skip
    asked = browser.send("POST", "/wps/v2/wallets/withdrawals", {"amount": 100_000, "paymentPassword": "975310",
                         "bankAccountId": bank.json()["value"]["bankAccountId"], "requestId": "e2e-wd-1"}, token=token)  # fmt: skip
    assert asked.status_code == 200, asked.text
    withdrawal = asked.json()["value"]["withdrawalId"]
    ops = {"Authorization": stack.ops_token("e2e.cashier", "turkeyf2")}
    base = f"/wps/ops/wallet/merchants/turkeyf2/withdrawals/{withdrawal}"
    assert browser.http.post(f"{base}/approve", headers=ops).json()["value"]["status"] == "approved"
    assert browser.http.post(f"{base}/pay", headers=ops).json()["value"]["status"] == "paid"
    confirmed = browser.http.post(f"/wps/v2/wallets/withdrawals/{withdrawal}/confirmation", headers=member,
                                  json={"result": "received"})  # fmt: skip
    assert confirmed.json()["value"]["status"] == "received"
    assert eventually_balance(browser.http, token)["sum"] == 150_000

    record = browser.http.get("/wps/relay/ODSFE2_MemTransDet", headers=member).json()["value"]
    assert [(r["type"], r["amount"]) for r in record["list"]] == [("withdrawal", -100_000), ("deposit", 250_000)]
    funds = browser.http.get("/wps/member/info/funds/consolidated", headers=member).json()["value"]
    assert (funds["totalDeposited"], funds["totalWithdrawn"]) == (250_000, 100_000)


def test_reconciliation_of_the_stacks_ledger_finds_no_difference(stack: Stack) -> None:
    stack.env["WALLET_DATABASE_URL"] = stack.database_url("wallet")
    try:
        result = stack.command("wallet_service.reconcile")
    finally:
        stack.env.pop("WALLET_DATABASE_URL")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "reconciliation: 0 difference(s)" in result.stdout
