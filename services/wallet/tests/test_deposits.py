"""Deposits over HTTP against real PostgreSQL, NATS and Valkey: the sandbox gateway's redirect page and
signed callbacks (duplicates and forgeries refused), manual bank transfers decided by ops, limits, events."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from jsonschema import Draft202012Validator, FormatChecker
from sqlalchemy import func, select
from wallet_http import MERCHANT, WalletClient

from portal_kit.settings import DEFAULT_SECRET
from wallet_service.deposits.domain import SIGNATURE_HEADER, seal_order, sign
from wallet_service.deposits.models import Deposit
from wallet_service.oversight.models import OpsAudit

PROTO = Path(__file__).resolve().parents[3] / "proto" / "schemas" / "wallet"


def assert_matches_contract(event: dict[str, Any]) -> None:
    schema = json.loads((PROTO / (event["subject"].split(".", 1)[1] + ".json")).read_text())
    Draft202012Validator(schema, format_checker=FormatChecker()).validate(event)


async def sandbox_order(wallet: WalletClient, token: str, amount: int, request_id: str = "dep-1") -> dict[str, Any]:
    response = await wallet.call(
        "POST",
        "/wps/v2/wallets/deposits",
        token,
        json={"channel": "SANDBOX", "amount": amount, "requestId": request_id},
    )
    assert response.status_code == 200, response.text
    value: dict[str, Any] = response.json()["value"]
    return value


async def callback(wallet: WalletClient, body: dict[str, Any], secret: str = DEFAULT_SECRET) -> Any:
    raw = json.dumps(body).encode()
    return await wallet.call(
        "POST",
        "/wps/payment/sandbox/callback",
        content=raw,
        headers={SIGNATURE_HEADER: sign(secret, raw), "Content-Type": "application/json"},
    )


async def test_sandbox_gateway_pays_and_the_balance_rises_once(wallet: WalletClient) -> None:
    account, token = await wallet.member("ayse")
    order = await sandbox_order(wallet, token, 150_000)
    assert order["status"] == "pending"
    page = await wallet.call("GET", order["checkoutUrl"])
    assert page.status_code == 200
    assert "1,500.00 TRY" in page.text
    sealed = parse_qs(urlsplit(order["checkoutUrl"]).query)["order"][0]
    paid = await wallet.call(
        "POST",
        "/wps/payment/sandbox/checkout",
        content=f"order={sealed}&action=pay",
        headers={"Content-Type": "application/x-www-form-urlencoded"},
    )
    assert (paid.status_code, paid.headers["location"]) == (303, f"/member/depositv2?deposit={order['depositId']}")
    assert await wallet.available(token) == 150_000
    seen = (await wallet.call("GET", f"/wps/v2/wallets/deposits/{order['depositId']}", token)).json()["value"]
    assert seen["status"] == "credited"

    duplicate = {"orderId": order["depositId"], "merchant": MERCHANT, "amount": 150_000, "currency": "TRY",
                 "status": "SUCCESS", "gatewayTxnId": "again"}  # fmt: skip
    answers = await asyncio.gather(*(callback(wallet, duplicate) for _ in range(10)))
    assert {(a.status_code, a.json()["value"]["status"]) for a in answers} == {(200, "credited")}
    assert await wallet.available(token) == 150_000
    credited = await wallet.events("wallet.deposit.credited.v1")
    assert [e["data"]["amount"] for e in credited] == [150_000]
    assert credited[0]["data"]["accountId"] == account
    assert_matches_contract(credited[0])
    assert await wallet.reconciled()


async def test_forged_and_mismatched_callbacks_are_refused(wallet: WalletClient) -> None:
    _, token = await wallet.member("ayse")
    order = await sandbox_order(wallet, token, 20_000)
    body = {
        "orderId": order["depositId"],
        "merchant": MERCHANT,
        "amount": 20_000,
        "currency": "TRY",
        "status": "SUCCESS",
    }
    forged = await callback(wallet, body, secret="guessed-secret")
    assert (forged.status_code, forged.json()["errorCode"]) == (401, "callback.signature_invalid")
    unsigned = await wallet.call("POST", "/wps/payment/sandbox/callback", json=body)
    assert unsigned.status_code == 401
    more = await callback(wallet, {**body, "amount": 2_000_000})
    assert (more.status_code, more.json()["errorCode"]) == (400, "callback.mismatch")
    floating = await callback(wallet, {**body, "amount": 20_000.0})
    assert (floating.status_code, floating.json()["errorCode"]) == (400, "callback.mismatch")
    tampered = order["checkoutUrl"].replace("order=", "order=x")
    assert (await wallet.call("GET", tampered)).status_code == 400
    assert await wallet.available(token) == 0
    assert await wallet.events("wallet.deposit.credited.v1") == []


async def test_a_declined_payment_fails_the_deposit_and_a_late_success_is_refused(wallet: WalletClient) -> None:
    _, token = await wallet.member("ayse")
    order = await sandbox_order(wallet, token, 30_000)
    sealed = parse_qs(urlsplit(order["checkoutUrl"]).query)["order"][0]
    declined = await wallet.call(
        "POST",
        "/wps/payment/sandbox/checkout",
        content=f"order={sealed}&action=decline",
        headers={"Content-Type": "application/x-www-form-urlencoded"},
    )
    assert declined.status_code == 303
    late = await callback(wallet, {"orderId": order["depositId"], "merchant": MERCHANT, "amount": 30_000,
                                   "currency": "TRY", "status": "SUCCESS"})  # fmt: skip
    assert (late.status_code, late.json()["errorCode"]) == (409, "deposit.already_decided")
    assert await wallet.available(token) == 0
    failed = await wallet.events("wallet.deposit.failed.v1")
    assert [(e["data"]["depositId"], e["data"]["amount"]) for e in failed] == [(order["depositId"], 30_000)]
    assert_matches_contract(failed[0])


async def test_a_sealed_order_cannot_be_changed_on_the_way_to_the_gateway(wallet: WalletClient) -> None:
    forged = seal_order("not-the-secret", {"orderId": "x", "merchant": MERCHANT, "amount": 1, "currency": "TRY"})
    page = await wallet.call("GET", f"/wps/payment/sandbox/checkout?order={forged}")
    assert page.status_code == 400


async def test_bank_transfer_waits_for_ops_who_approve_or_reject_with_a_reason(wallet: WalletClient) -> None:
    account, token = await wallet.member("ayse")
    ops = await wallet.ops("deniz")
    first = await wallet.call("POST", "/wps/v2/wallets/deposits", token,
                              json={"channel": "BANK_TRANSFER", "amount": 50_000, "requestId": "b1", "reference": "EFT-778"})  # fmt: skip
    second = await wallet.call("POST", "/wps/v2/wallets/deposits", token,
                               json={"channel": "BANK_TRANSFER", "amount": 70_000, "requestId": "b2", "reference": "EFT-779"})  # fmt: skip
    first_id, second_id = first.json()["value"]["depositId"], second.json()["value"]["depositId"]
    assert await wallet.available(token) == 0
    pending = (await wallet.call("GET", f"/wps/ops/wallet/merchants/{MERCHANT}/deposits?status=pending", ops)).json()
    assert [d["depositId"] for d in pending["value"]["list"]] == [first_id, second_id]  # the longest wait on top
    assert pending["value"]["total"] == 2
    unknown = await wallet.call("GET", f"/wps/ops/wallet/merchants/{MERCHANT}/deposits?status=lost", ops)
    assert (unknown.status_code, unknown.json()["errorCode"]) == (400, "validation.failed")

    base = f"/wps/ops/wallet/merchants/{MERCHANT}/deposits"
    approved = await wallet.call("POST", f"{base}/{first_id}/approve", ops)
    assert approved.json()["value"]["status"] == "credited"
    again = await wallet.call("POST", f"{base}/{first_id}/approve", ops)
    assert (again.status_code, again.json()["errorCode"]) == (409, "deposit.already_decided")
    no_reason = await wallet.call("POST", f"{base}/{second_id}/reject", ops, json={})
    assert (no_reason.status_code, no_reason.json()["errorCode"]) == (400, "reason.required")
    rejected = await wallet.call("POST", f"{base}/{second_id}/reject", ops, json={"reason": "no such transfer"})
    assert rejected.json()["value"]["status"] == "rejected"
    assert await wallet.available(token) == 50_000

    other_brand = await wallet.ops("mert", merchant="another")
    refused = await wallet.call("GET", f"{base}?status=pending", other_brand)
    assert refused.status_code in (401, 403)
    member_as_ops = await wallet.call("POST", f"{base}/{second_id}/approve", token)
    assert member_as_ops.status_code == 403
    async with wallet.db.reader() as session:
        audit = [
            (a.actor, a.action, a.target, a.reason)
            for a in await session.scalars(select(OpsAudit).order_by(OpsAudit.id))
        ]
    assert audit == [
        ("deniz", "deposit.approve", first_id, None),
        ("deniz", "deposit.reject", second_id, "no such transfer"),
    ]
    failed = await wallet.events("wallet.deposit.failed.v1")
    assert [(e["data"]["reason"], e["data"]["accountId"]) for e in failed] == [("no such transfer", account)]


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"amount": 999}, 400, "amount.out_of_limits"),
        ({"amount": 10_000_001}, 400, "amount.out_of_limits"),
        ({"amount": 1500.5}, 400, "validation.failed"),  # not an integer: refused by the model, never rounded
        ({"amount": 5000.0}, 400, "validation.failed"),
        ({"amount": True}, 400, "validation.failed"),
        ({"amount": -5000}, 400, "amount.invalid"),
        ({"amount": "5000"}, 400, "validation.failed"),
        ({"channel": "CRYPTO"}, 400, "channel.unknown"),
        ({"channel": "BANK_TRANSFER"}, 400, "reference.required"),
        ({"requestId": ""}, 400, "validation.failed"),
    ],
)
async def test_bad_deposit_requests_are_refused_and_write_nothing(
    wallet: WalletClient, body: dict[str, Any], status: int, code: str
) -> None:
    _, token = await wallet.member("ayse")
    response = await wallet.call(
        "POST", "/wps/v2/wallets/deposits", token, json={"channel": "SANDBOX", "amount": 5000, "requestId": "r", **body}
    )
    assert (response.status_code, response.json()["errorCode"]) == (status, code)
    assert response.json()["message"]
    async with wallet.db.reader() as session:
        assert await session.scalar(select(func.count()).select_from(Deposit)) == 0


async def test_deposit_requests_are_idempotent_private_and_for_real_accounts(wallet: WalletClient) -> None:
    _, token = await wallet.member("ayse")
    _, other = await wallet.member("mehmet")
    _, trial = await wallet.member("trial1", account_type=4)
    body = {"channel": "SANDBOX", "amount": 5000, "requestId": "same"}
    first = (await wallet.call("POST", "/wps/v2/wallets/deposits", token, json=body)).json()["value"]
    again = (await wallet.call("POST", "/wps/v2/wallets/deposits", token, json=body)).json()["value"]
    assert first["depositId"] == again["depositId"]
    changed = await wallet.call("POST", "/wps/v2/wallets/deposits", token, json={**body, "amount": 6000})
    assert (changed.status_code, changed.json()["errorCode"]) == (409, "idempotency.mismatch")
    theirs = await wallet.call("GET", f"/wps/v2/wallets/deposits/{first['depositId']}", other)
    assert (theirs.status_code, theirs.json()["errorCode"]) == (404, "deposit.not_found")
    refused = await wallet.call("POST", "/wps/v2/wallets/deposits", trial, json=body)
    assert (refused.status_code, refused.json()["errorCode"]) == (403, "in_need_true_account")
    turkish = await wallet.call(
        "POST", "/wps/v2/wallets/deposits", token, json={**body, "amount": 1}, headers={"Language": "TR"}
    )
    assert turkish.json()["message"] == "Tutar izin verilen aralığın dışında (10.00 - 100,000.00)."


async def test_a_member_may_open_at_most_30_deposits_an_hour(wallet: WalletClient) -> None:
    _, token = await wallet.member("ayse")
    codes = [
        (await wallet.call("POST", "/wps/v2/wallets/deposits", token,
                           json={"channel": "SANDBOX", "amount": 5000, "requestId": f"r{n}"})).status_code
        for n in range(31)
    ]  # fmt: skip
    assert codes == [200] * 30 + [429]
