"""Ops roles and two people on large money actions, over HTTP against real servers: each role does only its
part, and above the brand's dual-control amount whoever made a request or approved a withdrawal may not also
carry it out."""

from __future__ import annotations

import asyncio

from test_withdrawals import OPS, ask, funded_member
from wallet_http import MERCHANT, WalletClient

from portal_kit.sessions import OpsRole

WALLET_OPS = f"/wps/ops/wallet/merchants/{MERCHANT}"
ABOVE = 1_000_001  # the default dual-control amount is 10,000.00


async def test_each_role_does_its_own_part_only(wallet: WalletClient) -> None:
    account, token, bank = await funded_member(wallet, "ayse")
    viewer = await wallet.ops("vera", MERCHANT, OpsRole.VIEWER)
    content = await wallet.ops("cem", MERCHANT, OpsRole.CONTENT)
    maker = await wallet.ops("mert", MERCHANT, OpsRole.FINANCE_MAKER)
    checker = await wallet.ops("ceren", MERCHANT, OpsRole.FINANCE_CHECKER)
    other_brand = await wallet.ops("osman", "otherbrand", OpsRole.ADMIN)
    adjust = f"{WALLET_OPS}/accounts/{account}/adjustments"
    body = {"amount": 1_000, "reason": "goodwill", "requestId": "r1"}

    def code(response: object) -> tuple[int, str]:
        return response.status_code, response.json()["errorCode"]  # type: ignore[attr-defined]

    assert (await wallet.call("GET", f"{WALLET_OPS}/withdrawals", viewer)).status_code == 200
    assert code(await wallet.call("POST", adjust, viewer, json=body)) == (403, "ops.role_required")
    assert code(await wallet.call("POST", adjust, content, json=body)) == (403, "ops.role_required")
    assert code(await wallet.call("POST", adjust, checker, json=body)) == (403, "ops.role_required")
    assert code(await wallet.call("GET", f"{WALLET_OPS}/withdrawals", other_brand)) == (403, "access.denied")
    assert code(await wallet.call("PUT", f"{WALLET_OPS}/settings", maker, json={"confirmMinutes": 5})) == (
        403,
        "ops.role_required",
    )
    assert await wallet.available(token) == 100_000

    withdrawal = (await ask(wallet, token, bank, 10_000)).json()["value"]["withdrawalId"]
    assert code(await wallet.call("POST", f"{OPS}/{withdrawal}/approve", checker)) == (403, "ops.role_required")
    assert (await wallet.call("POST", f"{OPS}/{withdrawal}/approve", maker)).json()["value"]["status"] == "approved"
    assert code(await wallet.call("POST", f"{OPS}/{withdrawal}/pay", maker)) == (403, "ops.role_required")
    assert (await wallet.call("POST", f"{OPS}/{withdrawal}/pay", checker)).json()["value"]["status"] == "paid"
    assert (await wallet.balance(token))["wallets"] == [{"wallet": "main", "available": 90_000, "held": 0}]


async def test_a_large_withdrawal_is_paid_by_someone_other_than_its_approver(wallet: WalletClient) -> None:
    _, token, bank = await funded_member(wallet, "ayse", 3_000_000)
    await wallet.call("PUT", f"{WALLET_OPS}/settings", await wallet.ops(), json={"withdrawalMax": 3_000_000})
    first, second = await wallet.ops("asli"), await wallet.ops("burak")  # both admins: every role, two people
    withdrawal = (await ask(wallet, token, bank, ABOVE)).json()["value"]["withdrawalId"]
    assert (await wallet.call("POST", f"{OPS}/{withdrawal}/approve", first)).status_code == 200
    same = await wallet.call("POST", f"{OPS}/{withdrawal}/pay", first)
    assert (same.status_code, same.json()["errorCode"]) == (403, "ops.same_person")
    assert (await wallet.balance(token))["wallets"][0]["held"] == ABOVE
    paid = await wallet.call("POST", f"{OPS}/{withdrawal}/pay", second)
    assert paid.json()["value"]["status"] == "paid"
    audit = (await wallet.call("GET", f"{WALLET_OPS}/audit", first)).json()["value"]["list"]
    steps = [(a["actor"], a["action"], a["detail"]["statusBefore"], a["detail"]["statusAfter"]) for a in audit[:2]]
    assert steps == [
        ("burak", "withdrawal.pay", "approved", "paid"),
        ("asli", "withdrawal.approve", "pending", "approved"),
    ]
    assert await wallet.reconciled()


async def test_a_large_adjustment_waits_for_a_second_person(wallet: WalletClient) -> None:
    account, token = await wallet.member("ayse")
    maker = await wallet.ops("mert", MERCHANT, OpsRole.FINANCE_MAKER, OpsRole.FINANCE_CHECKER)
    checkers = [await wallet.ops(f"checker{n}", MERCHANT, OpsRole.FINANCE_CHECKER) for n in range(3)]
    body = {"amount": ABOVE, "reason": "jackpot paid by hand", "requestId": "big-1"}
    adjust = f"{WALLET_OPS}/accounts/{account}/adjustments"
    asked, replay = [await wallet.call("POST", adjust, maker, json=body) for _ in range(2)]
    pending = asked.json()["value"]
    assert pending == {**pending, "status": "pending", "balance": 0} and pending["adjustmentId"]
    assert replay.json()["value"]["adjustmentId"] == pending["adjustmentId"]
    mismatch = await wallet.call("POST", adjust, maker, json={**body, "amount": ABOVE + 1})
    assert mismatch.json()["errorCode"] == "idempotency.mismatch"
    assert await wallet.available(token) == 0
    listed = (await wallet.call("GET", f"{WALLET_OPS}/adjustments?status=pending", checkers[0])).json()["value"]
    assert [(r["adjustmentId"], r["requestedBy"], r["amount"]) for r in listed["list"]] == [
        (pending["adjustmentId"], "mert", ABOVE)
    ]

    decide = f"{WALLET_OPS}/adjustments/{pending['adjustmentId']}"
    own = await wallet.call("POST", f"{decide}/approve", maker)
    assert (own.status_code, own.json()["errorCode"]) == (403, "ops.same_person")
    no_reason = await wallet.call("POST", f"{decide}/reject", checkers[0], json={})
    assert no_reason.json()["errorCode"] == "reason.required"
    answers = await asyncio.gather(*(wallet.call("POST", f"{decide}/approve", c) for c in checkers))
    assert sorted(a.status_code for a in answers) == [200, 409, 409]  # approved once, by one of them
    assert await wallet.available(token) == ABOVE
    after = await wallet.call("POST", adjust, maker, json=body)  # the request again, once carried out
    assert after.json()["value"] == after.json()["value"] | {"status": "done", "balance": ABOVE}
    assert await wallet.available(token) == ABOVE
    audit = (await wallet.call("GET", f"{WALLET_OPS}/audit", maker)).json()["value"]["list"]
    assert [(a["action"], a["detail"].get("balanceAfter")) for a in audit] == [
        ("balance.adjust", ABOVE),
        ("balance.adjust.request", None),
    ]
    assert audit[0]["detail"]["requestedBy"] == "mert" and audit[0]["actor"].startswith("checker")
    assert await wallet.reconciled()


async def test_a_rejected_adjustment_moves_nothing(wallet: WalletClient) -> None:
    account, token = await wallet.member("ayse")
    maker, checker = await wallet.ops("mert"), await wallet.ops("ceren")
    body = {"amount": -ABOVE, "reason": "chargeback", "requestId": "big-2"}
    pending = (await wallet.call("POST", f"{WALLET_OPS}/accounts/{account}/adjustments", maker, json=body)).json()
    decide = f"{WALLET_OPS}/adjustments/{pending['value']['adjustmentId']}"
    rejected = await wallet.call("POST", f"{decide}/reject", checker, json={"reason": "no chargeback on file"})
    assert rejected.json()["value"] == rejected.json()["value"] | {"status": "rejected", "decidedBy": "ceren"}
    late = await wallet.call("POST", f"{decide}/approve", checker)
    assert (late.status_code, late.json()["errorCode"]) == (409, "adjustment.already_decided")
    unknown = await wallet.call("POST", f"{WALLET_OPS}/adjustments/nope/approve", checker)
    assert (unknown.status_code, unknown.json()["errorCode"]) == (404, "adjustment.not_found")
    assert await wallet.available(token) == 0


async def test_a_large_bank_transfer_is_credited_on_a_second_persons_approval(wallet: WalletClient) -> None:
    _, token = await wallet.member("ayse")
    first, second = await wallet.ops("asli"), await wallet.ops("burak")
    asked = await wallet.call("POST", "/wps/v2/wallets/deposits", token,
                              json={"channel": "BANK_TRANSFER", "amount": ABOVE, "requestId": "big-eft", "reference": "EFT-1"})  # fmt: skip
    deposit = asked.json()["value"]["depositId"]
    approve = f"{WALLET_OPS}/deposits/{deposit}/approve"
    once = (await wallet.call("POST", approve, first)).json()["value"]
    assert (once["status"], once["firstApprovedBy"]) == ("pending", "asli")
    assert await wallet.available(token) == 0
    again = await wallet.call("POST", approve, first)
    assert (again.status_code, again.json()["errorCode"]) == (403, "ops.same_person")
    credited = (await wallet.call("POST", approve, second)).json()["value"]
    assert credited["status"] == "credited"
    assert await wallet.available(token) == ABOVE
    audit = (await wallet.call("GET", f"{WALLET_OPS}/audit", first)).json()["value"]["list"]
    actions = [(a["actor"], a["action"]) for a in audit]
    assert actions == [("burak", "deposit.approve"), ("asli", "deposit.approve.first")]
    assert await wallet.reconciled()
