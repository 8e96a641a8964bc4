"""The ops plane through the whole stack: /wps/ops answered only from the ops address ranges; the ops people of
``ops_people`` (founders from the bootstrap, people invited by one admin and approved by another, each enrolled with
their own password and TOTP); a withdrawal approved by one person and paid by another."""

from __future__ import annotations

import time

import httpx
from ops_people import OpsTeam
from portal_client import Browser, registered_member

from portal_stack.harness import Stack

OUTSIDE = "127.200.0.1"  # outside the test stack's ops ranges (portal_stack.harness.OPS_RANGES)
INSIDE = "127.0.0.20"


def test_ops_calls_are_refused_outside_the_ops_address_ranges_whatever_the_headers_say(stack: Stack) -> None:
    token = stack.ops_token()
    spoofed = {"Authorization": token, "Language": "EN", "X-Real-Ip": "127.0.0.1", "X-Forwarded-For": "127.0.0.1"}
    paths = ("/wps/ops/auth/me", "/wps/ops/wallet/merchants/turkeyf2/withdrawals", "/wps/ops/site/merchants/turkeyf2")
    with httpx.Client(base_url=stack.url, transport=httpx.HTTPTransport(local_address=OUTSIDE)) as outside:
        for path in paths:
            refused = outside.get(path, headers=spoofed)
            assert (refused.status_code, refused.json()["errorCode"]) == (403, "access.denied"), path
            assert refused.json()["message"] == "You are not allowed to do this."
        assert outside.post("/wps/ops/auth/login", json={}).status_code == 403
        assert outside.get("/wps/system/status").status_code == 200  # members' calls are answered anywhere
    inside = Browser(stack, INSIDE).http
    for path in paths:
        assert inside.get(path, headers={"Authorization": token}).status_code == 200, path


def test_an_ops_person_signs_in_with_totp_and_approves_a_withdrawal_that_another_pays(
    stack: Stack, ops_team: OpsTeam
) -> None:
    ops = Browser(stack, INSIDE).http
    root, maker, checker = ops_team.root, ops_team.maker, ops_team.checker
    again = stack.command("portal_stack.ops_admin", "e2e.root3")  # the bootstrap makes the founders once
    assert again.returncode == 1 and "exist already" in again.stderr
    # One person cannot do both steps, not even through a second account of their own: the invitation waits for
    # another admin, and the maker cannot approve it.
    own = root.approve(root.invite("e2e.alone", "finance-checker"))
    assert (own.status_code, own.json()["errorCode"]) == (403, "ops.self_approval")
    wrong = ops.post("/wps/ops/auth/login", json={"username": "e2e.maker", "password": "e2e-own-password",
                                                  "totp": "000000"})  # fmt: skip
    assert (wrong.status_code, wrong.json()["errorCode"]) == (401, "ops.login.failed")
    as_maker, as_checker = maker.sign_in(), checker.sign_in()

    member_address = "127.0.0.21"
    token = registered_member(stack, "opsflow1", member_address)
    admin = root.sign_in()
    deadline = time.monotonic() + 30
    while True:  # the wallet opens from auth's event
        funded = ops.post(f"/wps/ops/wallet/merchants/turkeyf2/accounts/{member_id(ops, token)}/adjustments",
                          headers=admin, json={"amount": 50_000, "reason": "e2e funding", "requestId": "opsflow-1"})  # fmt: skip
        if funded.status_code == 200 or time.monotonic() > deadline:
            break
        time.sleep(0.3)
    assert funded.json()["value"]["balance"] == 50_000, funded.text
    member = Browser(stack, member_address)
    bank = member.send("POST", "/wps/v2/wallets/bank-accounts", {"bankName": "Akbank", "holderName": "Ops Flow",
                       "accountNumber": "TR120004600000000012345999", "paymentPassword": "864200"}, token=token)  # fmt: skip
    asked = member.send("POST", "/wps/v2/wallets/withdrawals", {"amount": 20_000, "paymentPassword": "864200",
                        "bankAccountId": bank.json()["value"]["bankAccountId"], "requestId": "opsflow-wd"}, token=token)  # fmt: skip
    assert asked.status_code == 200, asked.text
    base = f"/wps/ops/wallet/merchants/turkeyf2/withdrawals/{asked.json()['value']['withdrawalId']}"

    assert ops.post(f"{base}/approve", headers=as_checker).json()["errorCode"] == "ops.role_required"
    assert ops.post(f"{base}/approve", headers=as_maker).json()["value"]["status"] == "approved"
    assert ops.post(f"{base}/pay", headers=as_maker).json()["errorCode"] == "ops.role_required"
    assert ops.post(f"{base}/pay", headers=as_checker).json()["value"]["status"] == "paid"
    audit = ops.get("/wps/ops/wallet/merchants/turkeyf2/audit", headers=as_checker).json()["value"]["list"]
    assert [(a["actor"], a["action"]) for a in audit[:2]] == [("e2e.checker", "withdrawal.pay"),
                                                              ("e2e.maker", "withdrawal.approve")]  # fmt: skip


def member_id(http: httpx.Client, token: str) -> str:
    return str(http.get("/wps/member/info", headers={"Authorization": token}).json()["value"]["id"])
