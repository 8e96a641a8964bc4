"""The wallet's ops lists (issue 46, item 3) sorted and filtered on the server: the deposit and withdrawal queues in
their queue order or newest/oldest first, a member's journal by movement type, UTC days and order; a bad value is a
400 envelope."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from wallet_http import MERCHANT, WalletClient

BASE = f"/wps/ops/wallet/merchants/{MERCHANT}"


async def test_the_deposit_queue_and_the_journal_sort_and_filter(wallet: WalletClient) -> None:
    account, token = await wallet.member("ayse")
    ops = await wallet.ops("deniz")
    made = []
    for request, amount in (("q1", 50_000), ("q2", 70_000)):
        body = {"channel": "BANK_TRANSFER", "amount": amount, "requestId": request, "reference": f"EFT-{request}"}
        answer = await wallet.call("POST", "/wps/v2/wallets/deposits", token, json=body)
        made.append(answer.json()["value"]["depositId"])
    first, second = made

    async def queue(query: str) -> list[str]:
        answer = await wallet.call("GET", f"{BASE}/deposits?{query}", ops)
        assert answer.status_code == 200, answer.text
        return [row["depositId"] for row in answer.json()["value"]["list"]]

    assert await queue("status=pending") == [first, second]  # the queue: the longest wait on top
    assert await queue("status=pending&sort=newest") == [second, first]
    assert await queue("sort=queue") == [second, first]  # every state: the newest first
    assert await queue("sort=oldest") == [first, second]
    assert await queue(f"sort=oldest&accountId={account}") == [first, second]

    for deposit in made:
        assert (await wallet.call("POST", f"{BASE}/deposits/{deposit}/approve", ops)).status_code == 200
    journal = f"{BASE}/accounts/{account}/journal"

    async def lines(query: str) -> list[int]:
        answer = await wallet.call("GET", f"{journal}?{query}", ops)
        assert answer.status_code == 200, answer.text
        return [row["amount"] for row in answer.json()["value"]["list"]]

    assert await lines("") == [70_000, 50_000]
    assert await lines("sort=oldest") == [50_000, 70_000]
    assert await lines("type=deposit&sort=oldest") == [50_000, 70_000]
    assert await lines("type=withdrawal") == []
    today = datetime.now(UTC).date()
    tomorrow = (today + timedelta(days=1)).isoformat()
    assert await lines(f"startDate={today.isoformat()}&endDate={today.isoformat()}") == [70_000, 50_000]
    assert await lines(f"startDate={tomorrow}") == []
    backwards = await wallet.call("GET", f"{journal}?startDate={tomorrow}&endDate=2020-01-01", ops)
    assert (backwards.status_code, backwards.json()["errorCode"]) == (400, "date_range.invalid")
    garbled = await wallet.call("GET", f"{journal}?startDate=22-11-2026", ops)
    assert (garbled.status_code, garbled.json()["errorCode"]) == (400, "date.invalid")


async def test_the_withdrawal_queue_takes_an_order(wallet: WalletClient) -> None:
    ops = await wallet.ops("deniz")
    for query in ("sort=queue&status=pending", "sort=newest", "sort=oldest"):
        answer = await wallet.call("GET", f"{BASE}/withdrawals?{query}", ops)
        assert (answer.status_code, answer.json()["value"]["total"]) == (200, 0)


@pytest.mark.parametrize(
    "path",
    [
        "deposits?sort=largest",
        "withdrawals?sort=largest",
        "accounts/someone/journal?sort=largest",
        "accounts/someone/journal?type=casino",
        "accounts/someone/journal?startDate=2026-11-27T00:00",
    ],
)
async def test_a_bad_filter_or_order_is_a_400(wallet: WalletClient, path: str) -> None:
    answer = await wallet.call("GET", f"{BASE}/{path}", await wallet.ops("deniz"))
    assert (answer.status_code, answer.json()["errorCode"]) == (400, "validation.failed")
