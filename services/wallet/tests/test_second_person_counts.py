"""A second person that one admin cannot fake, over HTTP against real servers: raising the brand's dual-control
amount is itself asked by one admin and approved by another; what one ops person moves alone for one member in a
UTC day is counted, so splitting an amount never slips under the threshold, even with the parts sent at once; and
whoever credited a member alone takes no step of that member's withdrawal that needs a second person."""

from __future__ import annotations

import asyncio
import uuid
from typing import Any

import httpx
from sqlalchemy import select
from test_withdrawals import OPS, ask, bind
from wallet_http import MERCHANT, WalletClient

from portal_kit.sessions import OpsRole
from wallet_service.oversight.models import OpsMemberDay

WALLET_OPS = f"/wps/ops/wallet/merchants/{MERCHANT}"
SETTINGS = f"{WALLET_OPS}/settings"
THRESHOLD = 1_000_000  # the default dual-control amount


def refusal(response: httpx.Response) -> tuple[int, str]:
    body = response.json()
    assert body["success"] is False and body["value"] is None, body
    return response.status_code, body["errorCode"]


async def adjust(wallet: WalletClient, account: str, ops: str, amount: int, request_id: str | None = None) -> Any:
    body = {"amount": amount, "reason": "goodwill", "requestId": request_id or str(uuid.uuid4())}
    return await wallet.call("POST", f"{WALLET_OPS}/accounts/{account}/adjustments", ops, json=body)


async def alone_today(wallet: WalletClient, actor: str, account: str) -> tuple[int, int]:
    """``(alone, credited)`` of the actor's day with the member (0, 0 when nothing was counted)."""
    async with wallet.db.reader() as session:
        row = await session.scalar(
            select(OpsMemberDay).where(OpsMemberDay.actor == actor, OpsMemberDay.account_id == account)
        )
    return (row.alone, row.credited) if row else (0, 0)


async def audit(wallet: WalletClient) -> list[dict[str, Any]]:
    answer = await wallet.call("GET", f"{WALLET_OPS}/audit", await wallet.ops("auditor", MERCHANT, OpsRole.VIEWER))
    rows: list[dict[str, Any]] = answer.json()["value"]["list"]
    return rows


async def test_raising_the_threshold_takes_a_second_admin_of_the_brand(wallet: WalletClient) -> None:
    asli, burak, cem, deniz = [await wallet.ops(name) for name in ("asli", "burak", "cem", "deniz")]
    raised = await wallet.call("PUT", SETTINGS, asli, json={"dualControlAbove": 2_000_000, "confirmMinutes": 45})
    assert raised.status_code == 200, raised.text
    value = raised.json()["value"]
    assert (value["dualControlAbove"], value["confirmMinutes"]) == (THRESHOLD, 45)  # the rest applies at once
    request = value["dualControlRequest"]
    assert request == request | {"before": THRESHOLD, "dualControlAbove": 2_000_000, "status": "pending",
                                 "requestedBy": "asli", "decidedBy": None}  # fmt: skip
    again = await wallet.call("PUT", SETTINGS, asli, json={"dualControlAbove": 2_000_000})
    assert again.json()["value"]["dualControlRequest"]["requestId"] == request["requestId"]  # the same ask, once
    other = await wallet.call("PUT", SETTINGS, burak, json={"dualControlAbove": 3_000_000, "confirmMinutes": 50})
    assert refusal(other) == (409, "dual_control.request_pending")
    read = (await wallet.call("GET", SETTINGS, burak)).json()["value"]
    assert (read["dualControlAbove"], read["confirmMinutes"]) == (THRESHOLD, 45)  # the refused call wrote nothing
    assert read["dualControlRequest"]["requestId"] == request["requestId"]

    account, token = await wallet.member("ayse")
    waits = await adjust(wallet, account, burak, 1_500_000)  # the raise is not in force before its approval
    assert waits.json()["value"]["status"] == "pending"

    decide = f"{SETTINGS}/dual-control/{request['requestId']}"
    own = await wallet.call("POST", f"{decide}/approve", asli)
    assert refusal(own) == (403, "ops.request.own")
    texts = {
        language: (await wallet.call("POST", f"{decide}/approve", asli, headers={"Language": language})).json()
        for language in ("TR", "EN", "CN")
    }
    assert {t["errorCode"] for t in texts.values()} == {"ops.request.own"}
    assert len({t["message"] for t in texts.values()}) == 3 and "another admin" in texts["EN"]["message"]
    finance = await wallet.ops("mert", MERCHANT, OpsRole.FINANCE_MAKER, OpsRole.FINANCE_CHECKER)
    assert refusal(await wallet.call("POST", f"{decide}/approve", finance)) == (403, "ops.role_required")
    elsewhere = await wallet.ops("osman", "otherbrand")
    assert refusal(await wallet.call("POST", f"{decide}/approve", elsewhere)) == (403, "access.denied")
    unknown = await wallet.call("POST", f"{SETTINGS}/dual-control/nope/approve", burak)
    assert refusal(unknown) == (404, "dual_control.not_found")
    assert (await wallet.call("GET", SETTINGS, burak)).json()["value"]["dualControlAbove"] == THRESHOLD

    answers = await asyncio.gather(*(wallet.call("POST", f"{decide}/approve", a) for a in (burak, cem, deniz)))
    assert sorted(a.status_code for a in answers) == [200, 409, 409]  # approved once, by one of them
    assert {a.json()["errorCode"] for a in answers if a.status_code == 409} == {"dual_control.already_decided"}
    approved = next(a.json()["value"] for a in answers if a.status_code == 200)
    assert approved["status"] == "approved" and approved["decidedBy"] in ("burak", "cem", "deniz")
    read = (await wallet.call("GET", SETTINGS, asli)).json()["value"]
    assert (read["dualControlAbove"], read["dualControlRequest"]) == (2_000_000, None)
    rows = [(a["actor"], a["action"], a["detail"]) for a in await audit(wallet)]
    assert rows[0] == (approved["decidedBy"], "settings.dual_control.approve", {
        "before": {"dualControlAbove": THRESHOLD},
        "after": {"dualControlAbove": 2_000_000, "requestId": request["requestId"], "requestedBy": "asli"},
    })  # fmt: skip
    asked = [r for r in rows if r[1] == "settings.dual_control.request"]
    assert asked == [("asli", "settings.dual_control.request", {
        "before": {"dualControlAbove": THRESHOLD}, "after": {"dualControlAbove": 2_000_000, "status": "pending"},
    })]  # fmt: skip
    listed = (await wallet.call("GET", f"{SETTINGS}/dual-control?status=approved", asli)).json()["value"]
    assert [r["requestId"] for r in listed["list"]] == [request["requestId"]]

    lowered = await wallet.call("PUT", SETTINGS, asli, json={"dualControlAbove": 500_000})  # the safe way: at once
    assert (lowered.json()["value"]["dualControlAbove"], lowered.json()["value"]["dualControlRequest"]) == (
        500_000,
        None,
    )
    assert (await audit(wallet))[0]["detail"] == {
        "before": {"dualControlAbove": 2_000_000},
        "after": {"dualControlAbove": 500_000},
    }
    negative = await wallet.call("PUT", SETTINGS, asli, json={"dualControlAbove": -1})
    assert refusal(negative) == (400, "settings.invalid")
    assert await wallet.available(token) == 0


async def test_a_lowering_supersedes_a_waiting_raise_and_a_maker_may_withdraw_one(wallet: WalletClient) -> None:
    asli, burak = await wallet.ops("asli"), await wallet.ops("burak")
    first = (await wallet.call("PUT", SETTINGS, asli, json={"dualControlAbove": 5_000_000})).json()["value"]
    request = first["dualControlRequest"]["requestId"]
    lowered = await wallet.call("PUT", SETTINGS, burak, json={"dualControlAbove": 800_000})
    assert lowered.json()["value"] == lowered.json()["value"] | {
        "dualControlAbove": 800_000,
        "dualControlRequest": None,
    }
    late = await wallet.call("POST", f"{SETTINGS}/dual-control/{request}/approve", burak)
    assert refusal(late) == (409, "dual_control.already_decided")
    listed = (await wallet.call("GET", f"{SETTINGS}/dual-control", asli)).json()["value"]
    assert [(r["status"], r["decidedBy"]) for r in listed["list"]] == [("superseded", "burak")]

    second = (await wallet.call("PUT", SETTINGS, asli, json={"dualControlAbove": 900_000})).json()["value"]
    request = second["dualControlRequest"]["requestId"]
    no_reason = await wallet.call("POST", f"{SETTINGS}/dual-control/{request}/reject", asli, json={})
    assert refusal(no_reason) == (400, "reason.required")
    withdrawn = await wallet.call("POST", f"{SETTINGS}/dual-control/{request}/reject", asli,
                                  json={"reason": "asked by mistake"})  # fmt: skip
    assert withdrawn.json()["value"] == withdrawn.json()["value"] | {"status": "rejected", "decidedBy": "asli",
                                                                     "reason": "asked by mistake"}  # fmt: skip
    assert (await wallet.call("GET", SETTINGS, burak)).json()["value"]["dualControlAbove"] == 800_000
    actions = [a["action"] for a in await audit(wallet)]
    assert actions[:3] == ["settings.dual_control.reject", "settings.dual_control.request", "settings.change"]
    assert "settings.dual_control.supersede" in actions

    # the raises, paged, filtered and ordered on the server
    async def raises(query: str, ops: str = burak) -> tuple[int, int, int, list[str]]:
        answer = await wallet.call("GET", f"{SETTINGS}/dual-control?{query}", ops)
        assert answer.status_code == 200, answer.text
        page = answer.json()["value"]
        return page["pageNum"], page["total"], page["totalPages"], [r["status"] for r in page["list"]]

    assert await raises("pageSize=1") == (1, 2, 2, ["rejected"])  # the newest first
    assert await raises("pageSize=1&pageNo=2") == (2, 2, 2, ["superseded"])
    assert await raises("sort=oldest") == (1, 2, 1, ["superseded", "rejected"])
    assert await raises("status=rejected&requestedBy=asli") == (1, 1, 1, ["rejected"])
    assert await raises("requestedBy=burak") == (1, 0, 0, [])
    viewer = await wallet.ops("vera", MERCHANT, OpsRole.VIEWER)
    assert (await raises("", viewer))[1] == 2  # any role of the brand reads them, as before
    elsewhere = await wallet.ops("osman", "otherbrand")
    assert refusal(await wallet.call("GET", f"{SETTINGS}/dual-control", elsewhere)) == (403, "access.denied")
    assert (await wallet.call("GET", f"{SETTINGS}/dual-control")).status_code == 401
    assert (await wallet.call("GET", f"{SETTINGS}/dual-control?sort=sideways", asli)).status_code == 400


async def test_a_makers_adjustments_for_a_member_add_up_over_the_day(wallet: WalletClient) -> None:
    account, token = await wallet.member("ayse")
    other_account, _ = await wallet.member("bora")
    mert = await wallet.ops("mert", MERCHANT, OpsRole.FINANCE_MAKER)
    ceren = await wallet.ops("ceren", MERCHANT, OpsRole.FINANCE_MAKER)
    done = await adjust(wallet, account, mert, 600_000, "part-1")
    assert done.json()["value"] == done.json()["value"] | {"status": "done", "balance": 600_000}
    replay = await adjust(wallet, account, mert, 600_000, "part-1")  # a replay answers the original, counts nothing
    assert replay.json()["value"] == replay.json()["value"] | {"status": "done", "balance": 600_000}
    assert await alone_today(wallet, "mert", account) == (600_000, 600_000)
    debit = await adjust(wallet, account, mert, -400_001, "part-2")  # either way counts: 1,000,001 with it
    assert debit.json()["value"]["status"] == "pending"
    exact = await adjust(wallet, account, mert, 400_000, "part-3")  # 1,000,000: not above the amount
    assert exact.json()["value"]["status"] == "done"
    one_more = await adjust(wallet, account, mert, 1, "part-4")
    assert one_more.json()["value"]["status"] == "pending"
    assert (await adjust(wallet, account, ceren, 600_000)).json()["value"]["status"] == "done"  # her own total
    assert (await adjust(wallet, other_account, mert, 600_000)).json()["value"]["status"] == "done"  # another member
    assert await alone_today(wallet, "mert", account) == (THRESHOLD, THRESHOLD)
    assert await wallet.available(token) == 1_600_000

    async def requests(query: str, ops: str = ceren) -> dict[str, Any]:
        answer = await wallet.call("GET", f"{WALLET_OPS}/adjustments?{query}", ops)
        assert answer.status_code == 200, answer.text
        page: dict[str, Any] = answer.json()["value"]
        return page

    first = await requests("status=pending&pageSize=1")  # the newest first, paged on the server
    assert (first["total"], first["totalPages"], [r["amount"] for r in first["list"]]) == (2, 2, [1])
    second = await requests("status=pending&pageSize=1&pageNo=2")
    assert (second["pageNum"], [r["amount"] for r in second["list"]]) == (2, [-400_001])
    pending = (await requests(f"status=pending&sort=oldest&accountId={account}&requestedBy=mert"))["list"]
    assert [(r["amount"], r["requestedBy"]) for r in pending] == [(-400_001, "mert"), (1, "mert")]
    assert (await requests(f"accountId={other_account}"))["total"] == 0  # bora's adjustment moved at once
    assert (await requests("requestedBy=ceren"))["total"] == 0
    elsewhere = await wallet.ops("osman", "otherbrand")
    assert refusal(await wallet.call("GET", f"{WALLET_OPS}/adjustments", elsewhere)) == (403, "access.denied")
    assert (await wallet.call("GET", f"{WALLET_OPS}/adjustments")).status_code == 401
    checker = await wallet.ops("checker", MERCHANT, OpsRole.FINANCE_CHECKER)
    for row in pending:
        decided = await wallet.call("POST", f"{WALLET_OPS}/adjustments/{row['adjustmentId']}/approve", checker)
        assert decided.status_code == 200, decided.text
    assert await wallet.available(token) == 1_600_000 - 400_001 + 1
    assert await alone_today(wallet, "mert", account) == (THRESHOLD, THRESHOLD)  # checked work is nobody's alone
    assert await alone_today(wallet, "checker", account) == (0, 0)
    assert await wallet.reconciled()


async def test_adjustments_sent_at_once_cannot_all_slip_under_the_threshold(wallet: WalletClient) -> None:
    account, token = await wallet.member("ayse")
    mert = await wallet.ops("mert", MERCHANT, OpsRole.FINANCE_MAKER)
    answers = await asyncio.gather(*(adjust(wallet, account, mert, 400_000, f"split-{n}") for n in range(6)))
    assert all(a.status_code == 200 for a in answers), [a.text for a in answers]
    statuses = sorted(a.json()["value"]["status"] for a in answers)
    assert statuses == ["done", "done", "pending", "pending", "pending", "pending"]
    assert await wallet.available(token) == 800_000
    assert await alone_today(wallet, "mert", account) == (800_000, 800_000)
    twins = await asyncio.gather(*(adjust(wallet, account, mert, 150_000, "twin") for _ in range(4)))
    assert {t.json()["value"]["status"] for t in twins} == {"done"}  # one request id: one movement, counted once
    assert await alone_today(wallet, "mert", account) == (950_000, 950_000)
    assert await wallet.available(token) == 950_000
    assert await wallet.reconciled()


async def bank_transfers(wallet: WalletClient, token: str, amounts: list[int]) -> list[str]:
    made = []
    for n, amount in enumerate(amounts):
        asked = await wallet.call("POST", "/wps/v2/wallets/deposits", token, json={
            "channel": "BANK_TRANSFER", "amount": amount, "requestId": f"eft-{n}", "reference": f"EFT-{n}"})  # fmt: skip
        assert asked.status_code == 200, asked.text
        made.append(asked.json()["value"]["depositId"])
    return made


async def test_bank_transfers_approved_at_once_count_toward_the_approver(wallet: WalletClient) -> None:
    account, token = await wallet.member("ayse")
    mert = await wallet.ops("mert", MERCHANT, OpsRole.FINANCE_MAKER)
    deposits = await bank_transfers(wallet, token, [100_000, 500_000, 500_000, 600_000])
    first = await wallet.call("POST", f"{WALLET_OPS}/deposits/{deposits.pop(0)}/approve", mert)
    assert first.json()["value"]["status"] == "credited"  # his day with the member has begun: 100,000
    answers = await asyncio.gather(
        *(wallet.call("POST", f"{WALLET_OPS}/deposits/{d}/approve", mert) for d in deposits[:2])
    )
    got = sorted((a.json()["value"]["status"], a.json()["value"]["firstApprovedBy"]) for a in answers)
    assert got == [("credited", None), ("pending", "mert")]
    assert await wallet.available(token) == 600_000
    assert await alone_today(wallet, "mert", account) == (600_000, 600_000)
    waiting = next(a.json()["value"]["depositId"] for a in answers if a.json()["value"]["status"] == "pending")
    again = await wallet.call("POST", f"{WALLET_OPS}/deposits/{waiting}/approve", mert)
    assert refusal(again) == (403, "ops.same_person")
    ceren = await wallet.ops("ceren", MERCHANT, OpsRole.FINANCE_MAKER)
    assert (await wallet.call("POST", f"{WALLET_OPS}/deposits/{waiting}/approve", ceren)).json()["value"][
        "status"
    ] == "credited"
    third = (await wallet.call("POST", f"{WALLET_OPS}/deposits/{deposits[2]}/approve", ceren)).json()["value"]
    assert third["status"] == "credited"  # ceren's second approval was a check: only this one is hers alone
    assert await wallet.available(token) == 1_700_000
    actions = [(a["actor"], a["action"]) for a in await audit(wallet)]
    assert actions.count(("mert", "deposit.approve.first")) == 1 and actions.count(("ceren", "deposit.approve")) == 2
    assert await wallet.reconciled()


async def member_with_bank(wallet: WalletClient, name: str, funds: int) -> tuple[str, str, str]:
    """A member funded by two people (a request and its approval: nobody's work alone) with a bank account."""
    account, token = await wallet.member(name)
    await wallet.ops_credit(account, funds, await wallet.ops("funder"))
    bound = await bind(wallet, token, {"bankName": "Ziraat", "holderName": name.title(),
                                       "accountNumber": "TR33000610051978645784" + name[:4]})  # fmt: skip
    assert bound.status_code == 200, bound.text
    return account, token, bound.json()["value"]["bankAccountId"]


async def test_whoever_credited_a_member_alone_takes_no_step_of_its_large_withdrawal(wallet: WalletClient) -> None:
    account, token, bank = await member_with_bank(wallet, "konfe", 2_000_000)
    mert = await wallet.ops("mert", MERCHANT, OpsRole.FINANCE_MAKER, OpsRole.FINANCE_CHECKER)
    ceren = await wallet.ops("ceren", MERCHANT, OpsRole.FINANCE_MAKER, OpsRole.FINANCE_CHECKER)
    pelin = await wallet.ops("pelin", MERCHANT, OpsRole.FINANCE_CHECKER)
    assert (await adjust(wallet, account, mert, 900_000)).json()["value"]["status"] == "done"  # the confederate

    small = (await ask(wallet, token, bank, 500_000, "wd-1")).json()["value"]["withdrawalId"]
    refused = await wallet.call("POST", f"{OPS}/{small}/approve", mert)  # 1,400,000 alone with it: two people
    assert refusal(refused) == (403, "ops.own_credit")
    assert await alone_today(wallet, "mert", account) == (900_000, 900_000)  # nothing half-written
    listed = (await wallet.call("GET", f"{OPS}?accountId={account}", ceren)).json()["value"]["list"]
    assert [w["status"] for w in listed] == ["pending"]
    assert "withdrawal.approve" not in [a["action"] for a in await audit(wallet)]

    assert (await wallet.call("POST", f"{OPS}/{small}/approve", ceren)).json()["value"]["status"] == "approved"
    assert (await wallet.call("POST", f"{OPS}/{small}/pay", ceren)).json()["value"]["status"] == "paid"  # hers alone
    assert await alone_today(wallet, "ceren", account) == (500_000, 0)

    large = (await ask(wallet, token, bank, 600_000, "wd-2")).json()["value"]["withdrawalId"]
    assert (await wallet.call("POST", f"{OPS}/{large}/approve", ceren)).json()["value"]["status"] == "approved"
    assert await alone_today(wallet, "ceren", account) == (500_000, 0)  # over her total: a second person pays
    assert refusal(await wallet.call("POST", f"{OPS}/{large}/pay", ceren)) == (403, "ops.same_person")
    assert refusal(await wallet.call("POST", f"{OPS}/{large}/pay", mert)) == (403, "ops.own_credit")
    assert (await wallet.call("POST", f"{OPS}/{large}/pay", pelin)).json()["value"]["status"] == "paid"
    assert await wallet.available(token) == 2_000_000 + 900_000 - 1_100_000
    assert await wallet.reconciled()


async def test_withdrawals_approved_at_once_add_up_for_their_approver(wallet: WalletClient) -> None:
    account, token, bank = await member_with_bank(wallet, "ayse", 2_000_000)
    ceren = await wallet.ops("ceren", MERCHANT, OpsRole.FINANCE_MAKER, OpsRole.FINANCE_CHECKER)
    pelin = await wallet.ops("pelin", MERCHANT, OpsRole.FINANCE_CHECKER)
    ids = [(await ask(wallet, token, bank, amount, f"wd-{n}")).json()["value"]["withdrawalId"]
           for n, amount in enumerate((100_000, 500_000, 500_000))]  # fmt: skip
    small = ids.pop(0)
    assert (await wallet.call("POST", f"{OPS}/{small}/approve", ceren)).json()["value"]["status"] == "approved"
    approved = await asyncio.gather(*(wallet.call("POST", f"{OPS}/{w}/approve", ceren) for w in ids))
    assert [a.json()["value"]["status"] for a in approved] == ["approved", "approved"]
    assert await alone_today(wallet, "ceren", account) == (600_000, 0)  # one of them alone, the other for two
    assert (await wallet.call("POST", f"{OPS}/{small}/pay", ceren)).json()["value"]["status"] == "paid"
    paid = await asyncio.gather(*(wallet.call("POST", f"{OPS}/{w}/pay", ceren) for w in ids))
    assert sorted(p.status_code for p in paid) == [200, 403]
    assert {p.json()["errorCode"] for p in paid if p.status_code == 403} == {"ops.same_person"}
    second = next(w for w, p in zip(ids, paid, strict=True) if p.status_code == 403)
    assert (await wallet.call("POST", f"{OPS}/{second}/pay", pelin)).json()["value"]["status"] == "paid"
    assert (await wallet.balance(token))["wallets"] == [{"wallet": "main", "available": 900_000, "held": 0}]
    assert await wallet.reconciled()


async def test_a_large_refund_waits_for_a_second_person(wallet: WalletClient) -> None:
    account, token, bank = await member_with_bank(wallet, "ayse", 2_000_000)
    ceren = await wallet.ops("ceren", MERCHANT, OpsRole.FINANCE_MAKER, OpsRole.FINANCE_CHECKER)
    pelin = await wallet.ops("pelin", MERCHANT, OpsRole.FINANCE_CHECKER)
    withdrawal = (await ask(wallet, token, bank, 1_200_000, "wd-big")).json()["value"]["withdrawalId"]
    assert (await wallet.call("POST", f"{OPS}/{withdrawal}/approve", ceren)).status_code == 200
    assert (await wallet.call("POST", f"{OPS}/{withdrawal}/pay", pelin)).status_code == 200
    partly = await wallet.call("POST", f"/wps/v2/wallets/withdrawals/{withdrawal}/confirmation", token,
                               json={"result": "partly", "remainder": 1_100_000})  # fmt: skip
    assert partly.json()["value"]["status"] == "partly_received"
    assert await wallet.available(token) == 800_000

    first = await wallet.call("POST", f"{OPS}/{withdrawal}/refund", pelin, json={"reason": "bank returned it"})
    assert first.json()["value"] == first.json()["value"] | {"status": "partly_received", "firstRefundBy": "pelin"}
    assert await wallet.available(token) == 800_000  # nothing moved yet
    again = await wallet.call("POST", f"{OPS}/{withdrawal}/refund", pelin, json={"reason": "again"})
    assert refusal(again) == (403, "ops.same_person")
    done = await wallet.call("POST", f"{OPS}/{withdrawal}/refund", ceren, json={"reason": "checked the statement"})
    assert done.json()["value"]["status"] == "refunded"
    assert await wallet.available(token) == 1_900_000
    actions = [(a["actor"], a["action"]) for a in (await audit(wallet))[:2]]
    assert actions == [("ceren", "withdrawal.refund"), ("pelin", "withdrawal.refund.first")]
    assert await alone_today(wallet, "pelin", account) == (0, 0)
    assert await wallet.reconciled()
