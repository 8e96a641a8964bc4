"""Withdrawals over HTTP against real servers: bank accounts, the payment password checked by the real auth
responder, held funds, ops decisions, the member's confirmation with proof images, and the deadline."""

from __future__ import annotations

import asyncio
import base64
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import update
from wallet_http import MERCHANT, PAYMENT_PASSWORD, WalletClient

from auth_service.accounts.models import Account
from wallet_service.withdrawals.models import Withdrawal
from wallet_service.withdrawals.service import sweep_unconfirmed

PNG = base64.b64encode(b"\x89PNG\r\n\x1a\n" + b"\x00" * 64).decode()
JPG = "data:image/jpeg;base64," + base64.b64encode(b"\xff\xd8\xff\xe0" + b"\x00" * 64).decode()
GIF = base64.b64encode(b"GIF89a" + b"\x00" * 64).decode()
OPS = f"/wps/ops/wallet/merchants/{MERCHANT}/withdrawals"


async def funded_member(wallet: WalletClient, name: str, amount: int = 100_000) -> tuple[str, str, str]:
    account, token = await wallet.member(name)
    await wallet.ops_credit(account, amount, await wallet.ops())
    bank = await bind(wallet, token, {"bankName": "Ziraat", "holderName": name.title(),
                                      "accountNumber": "TR3300061005197864578413" + name[:2]})  # fmt: skip
    assert bank.status_code == 200, bank.text
    return account, token, bank.json()["value"]["bankAccountId"]


async def bind(wallet: WalletClient, token: str, body: dict[str, str], password: str = PAYMENT_PASSWORD) -> Any:
    """(E) Bind a bank account, with the payment password."""
    return await wallet.call_sealed(
        "POST", "/wps/v2/wallets/bank-accounts", token, {**body, "paymentPassword": password}
    )


async def ask(
    wallet: WalletClient, token: str, bank: str, amount: int, request_id: str = "w1", password: str = PAYMENT_PASSWORD
) -> Any:
    payload = {"amount": amount, "bankAccountId": bank, "paymentPassword": password, "requestId": request_id}
    return await wallet.call_sealed("POST", "/wps/v2/wallets/withdrawals", token, payload)


async def test_request_approve_pay_and_a_partial_receipt_refunded(wallet: WalletClient) -> None:
    account, token, bank = await funded_member(wallet, "ayse")
    ops = await wallet.ops()
    asked = await ask(wallet, token, bank, 30_000)
    assert asked.status_code == 200, asked.text
    withdrawal = asked.json()["value"]["withdrawalId"]
    assert asked.json()["value"]["status"] == "pending"
    assert (await wallet.balance(token))["wallets"] == [{"wallet": "main", "available": 70_000, "held": 30_000}]
    spend = await wallet.call(
        "POST",
        f"/wps/ops/wallet/merchants/{MERCHANT}/accounts/{account}/adjustments",
        ops,
        json={"amount": -70_001, "reason": "more than is spendable", "requestId": "x"},
    )
    assert (spend.status_code, spend.json()["errorCode"]) == (409, "wallet.insufficient_funds")

    assert (await wallet.call("POST", f"{OPS}/{withdrawal}/pay", ops)).status_code == 409  # not approved yet
    approved = await wallet.call("POST", f"{OPS}/{withdrawal}/approve", ops)
    assert approved.json()["value"]["status"] == "approved"
    paid = (await wallet.call("POST", f"{OPS}/{withdrawal}/pay", ops)).json()["value"]
    assert paid["status"] == "paid" and paid["confirmDeadline"]
    assert (await wallet.balance(token))["wallets"] == [{"wallet": "main", "available": 70_000, "held": 0}]

    partly = await wallet.call(
        "POST",
        f"/wps/v2/wallets/withdrawals/{withdrawal}/confirmation",
        token,
        json={"result": "partly", "remainder": 5_000},
    )
    assert partly.json()["value"] == partly.json()["value"] | {"status": "partly_received", "remainder": 5_000}
    no_reason = await wallet.call("POST", f"{OPS}/{withdrawal}/refund", ops, json={})
    assert no_reason.json()["errorCode"] == "reason.required"
    refunded = await wallet.call("POST", f"{OPS}/{withdrawal}/refund", ops, json={"reason": "bank returned 50.00"})
    assert refunded.json()["value"]["status"] == "refunded"
    assert await wallet.available(token) == 75_000
    again = await wallet.call("POST", f"{OPS}/{withdrawal}/refund", ops, json={"reason": "twice"})
    assert again.status_code == 409
    assert await wallet.available(token) == 75_000
    approvals = await wallet.events("wallet.withdrawal.approved.v1")
    assert [(e["data"]["withdrawalId"], e["data"]["amount"]) for e in approvals] == [(withdrawal, 30_000)]
    payments = await wallet.events("wallet.withdrawal.paid.v1")
    assert [(e["data"]["withdrawalId"], e["data"]["amount"]) for e in payments] == [(withdrawal, 30_000)]
    assert await wallet.reconciled()


async def test_rejection_releases_the_held_funds(wallet: WalletClient) -> None:
    _, token, bank = await funded_member(wallet, "ayse")
    ops = await wallet.ops()
    withdrawal = (await ask(wallet, token, bank, 40_000)).json()["value"]["withdrawalId"]
    await wallet.call("POST", f"{OPS}/{withdrawal}/approve", ops)
    rejected = await wallet.call("POST", f"{OPS}/{withdrawal}/reject", ops, json={"reason": "name differs"})
    assert rejected.json()["value"]["status"] == "rejected"
    assert (await wallet.balance(token))["wallets"] == [{"wallet": "main", "available": 100_000, "held": 0}]
    assert (await wallet.call("POST", f"{OPS}/{withdrawal}/pay", ops)).json()["errorCode"] == "withdrawal.state_invalid"
    events = await wallet.events("wallet.withdrawal.rejected.v1")
    assert [(e["data"]["reason"], e["data"]["amount"]) for e in events] == [("name differs", 40_000)]


async def test_payment_password_is_checked_by_auth_and_locks_after_five_failures(wallet: WalletClient) -> None:
    _, token, bank = await funded_member(wallet, "ayse")
    codes = [(await ask(wallet, token, bank, 10_000, f"w{n}", "000000")).json()["errorCode"] for n in range(6)]
    assert codes == ["payment_password.invalid"] * 4 + ["payment_password.locked"] * 2
    locked = await ask(wallet, token, bank, 10_000, "w9")  # even the right one, for the rest of the window
    assert (locked.status_code, locked.json()["errorCode"]) == (429, "payment_password.locked")
    assert (await wallet.balance(token))["wallets"][0]["held"] == 0

    account, fresh = await wallet.member("nopass", payment_password=None)
    await wallet.ops_credit(account, 50_000, await wallet.ops())
    unset = await ask(wallet, fresh, bank, 10_000)
    assert unset.json()["errorCode"] == "payment_password.not_set"
    plain = await wallet.call("POST", "/wps/v2/wallets/withdrawals", token, json={"amount": 1})
    assert (plain.status_code, plain.json()["errorCode"]) == (400, "payload.invalid")


async def test_concurrent_requests_never_hold_more_than_the_balance(wallet: WalletClient) -> None:
    _, token, bank = await funded_member(wallet, "ayse", 100_000)
    answers = await asyncio.gather(*(ask(wallet, token, bank, 30_000, f"c{n}") for n in range(10)))
    accepted = [a for a in answers if a.status_code == 200]
    assert len(accepted) == 3
    assert {a.json()["errorCode"] for a in answers if a.status_code != 200} == {"wallet.insufficient_funds"}
    assert (await wallet.balance(token))["wallets"] == [{"wallet": "main", "available": 10_000, "held": 90_000}]
    replay = await ask(wallet, token, bank, 30_000, "c0")
    if answers[0].status_code == 200:  # the same request again: the same withdrawal, no second hold
        assert replay.json()["value"]["withdrawalId"] == answers[0].json()["value"]["withdrawalId"]
    else:  # a refused request wrote nothing, so asking again is asking anew
        assert replay.json()["errorCode"] == "wallet.insufficient_funds"
    assert (await wallet.balance(token))["wallets"][0]["held"] == 90_000


async def paid_withdrawal(wallet: WalletClient, token: str, bank: str, amount: int = 20_000) -> str:
    ops = await wallet.ops()
    withdrawal: str = (await ask(wallet, token, bank, amount)).json()["value"]["withdrawalId"]
    await wallet.call("POST", f"{OPS}/{withdrawal}/approve", ops)
    await wallet.call("POST", f"{OPS}/{withdrawal}/pay", ops)
    return withdrawal


async def confirm(wallet: WalletClient, token: str, withdrawal: str, **body: Any) -> Any:
    return await wallet.call("POST", f"/wps/v2/wallets/withdrawals/{withdrawal}/confirmation", token, json=body)


async def test_not_received_needs_one_to_three_png_or_jpg_proofs_under_5_mb(wallet: WalletClient) -> None:
    _, token, bank = await funded_member(wallet, "ayse")
    _, other = await wallet.member("mehmet")
    withdrawal = await paid_withdrawal(wallet, token, bank)
    big = base64.b64encode(b"\x89PNG\r\n\x1a\n" + b"\x00" * (5 * 1024 * 1024)).decode()
    refusals = {
        "no proof": (await confirm(wallet, token, withdrawal, result="not_received")).json()["errorCode"],
        "gif": (await confirm(wallet, token, withdrawal, result="not_received", proofs=[GIF])).json()["errorCode"],
        "large": (await confirm(wallet, token, withdrawal, result="not_received", proofs=[big])).json()["errorCode"],
        "four": (await confirm(wallet, token, withdrawal, result="not_received", proofs=[PNG] * 4)).status_code,
        "flood": (await confirm(wallet, token, withdrawal, result="not_received", proofs=[big] * 4)).json()[
            "errorCode"
        ],
        "remainder": (await confirm(wallet, token, withdrawal, result="partly", remainder=20_000)).json()["errorCode"],
        "theirs": (await confirm(wallet, other, withdrawal, result="received")).json()["errorCode"],
    }
    assert refusals == {
        "no proof": "proof.required",
        "gif": "proof.type_invalid",
        "large": "proof.too_large",
        "four": 400,
        "flood": "request.too_large",  # over three proofs' worth of bytes: refused before it is parsed
        "remainder": "remainder.invalid",
        "theirs": "withdrawal.not_found",
    }
    accepted = await confirm(wallet, token, withdrawal, result="not_received", proofs=[PNG, JPG])
    assert accepted.json()["value"]["status"] == "not_received"
    twice = await confirm(wallet, token, withdrawal, result="received")
    assert twice.status_code == 409
    cancel = await wallet.call("DELETE", f"/wps/v2/wallets/withdrawals/{withdrawal}", token)
    assert cancel.status_code in (404, 405)  # a player cannot cancel a request


async def test_a_call_without_files_refuses_a_body_over_one_mebibyte(wallet: WalletClient) -> None:
    _, token = await wallet.member("ayse")
    body = {"bankName": "Akbank", "holderName": "A" * (1024 * 1024), "accountNumber": "TR560004600000888000012345"}
    refused = await wallet.call("POST", "/wps/v2/wallets/bank-accounts", token, json=body)
    assert (refused.status_code, refused.json()["errorCode"]) == (413, "request.too_large")
    listed = await wallet.call("GET", "/wps/v2/wallets/bank-accounts", token)
    assert listed.json()["value"] == []


async def test_no_confirmation_before_the_deadline_counts_as_received_and_refunds_nothing(
    wallet: WalletClient,
) -> None:
    _, token, bank = await funded_member(wallet, "ayse")
    withdrawal = await paid_withdrawal(wallet, token, bank)
    async with wallet.db.transaction() as session:
        await session.execute(
            update(Withdrawal)
            .where(Withdrawal.id == withdrawal)
            .values(confirm_deadline=datetime.now(UTC) - timedelta(seconds=1))
        )
    listed = (await wallet.call("GET", "/wps/v2/wallets/withdrawals", token)).json()["value"]
    assert [w["status"] for w in listed] == ["received_auto"]
    late = await confirm(wallet, token, withdrawal, result="not_received", proofs=[PNG])
    assert (late.status_code, late.json()["errorCode"]) == (409, "withdrawal.confirmation_closed")
    assert await sweep_unconfirmed(wallet.db) == 1
    refund = await wallet.call("POST", f"{OPS}/{withdrawal}/refund", await wallet.ops(), json={"reason": "asked"})
    assert (refund.status_code, refund.json()["errorCode"]) == (409, "withdrawal.state_invalid")
    assert await wallet.available(token) == 80_000


async def test_bank_accounts_are_masked_unique_and_bounded(wallet: WalletClient) -> None:
    _, token, bank = await funded_member(wallet, "ayse")
    listed = (await wallet.call("GET", "/wps/v2/wallets/bank-accounts", token)).json()["value"]
    assert listed[0]["accountNumber"].endswith("13ay") and listed[0]["accountNumber"].startswith("****")
    body = {"bankName": "Ziraat", "holderName": "Ayse", "accountNumber": "TR3300061005197864578413ay"}
    duplicate = await bind(wallet, token, body)
    assert (duplicate.status_code, duplicate.json()["errorCode"]) == (400, "bank_account.duplicate")
    for n in range(4):
        await bind(wallet, token, {**body, "accountNumber": f"12345678{n}"})
    sixth = await bind(wallet, token, {**body, "accountNumber": "99999999"})
    assert sixth.json()["errorCode"] == "bank_account.too_many"
    _, other = await wallet.member("mehmet")
    theirs = await ask(wallet, other, bank, 10_000)
    assert (theirs.status_code, theirs.json()["errorCode"]) == (404, "bank_account.not_found")


async def test_a_stolen_session_alone_binds_no_bank_account_and_a_security_change_pauses_withdrawals(
    wallet: WalletClient,
) -> None:
    account, token, bank = await funded_member(wallet, "ayse")
    body = {"bankName": "Akbank", "holderName": "Thief", "accountNumber": "TR560004600000888000099999"}
    plain = await wallet.call(
        "POST", "/wps/v2/wallets/bank-accounts", token, json={**body, "paymentPassword": "246810"}
    )
    assert (plain.status_code, plain.json()["errorCode"]) == (400, "payload.invalid")  # only sealed
    guessed = await bind(wallet, token, body, password="111111")
    assert (guessed.status_code, guessed.json()["errorCode"]) == (400, "payment_password.invalid")
    assert len((await wallet.call("GET", "/wps/v2/wallets/bank-accounts", token)).json()["value"]) == 1

    async with wallet.auth_db.transaction() as session:  # the member's mobile or password changed a moment ago
        await session.execute(
            update(Account).where(Account.id == account).values(security_changed_at=datetime.now(UTC))
        )
    paused = await ask(wallet, token, bank, 10_000)
    assert (paused.status_code, paused.json()["errorCode"]) == (403, "security.cooling_off")
    assert paused.json()["message"].startswith("Your account's security details changed recently")
    assert (await bind(wallet, token, {**body, "holderName": "Ayse"})).json()["errorCode"] == "security.cooling_off"
    assert (await wallet.balance(token))["wallets"][0]["held"] == 0
    async with wallet.auth_db.transaction() as session:  # a day later
        await session.execute(
            update(Account)
            .where(Account.id == account)
            .values(security_changed_at=datetime.now(UTC) - timedelta(days=1, minutes=1))
        )
    assert (await ask(wallet, token, bank, 10_000)).status_code == 200
