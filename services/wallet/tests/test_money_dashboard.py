"""The money dashboard: deposits credited and withdrawals paid counted into their UTC day once per event (a
redelivered event counts once), every day of the range answered, read by the brand's finance readers only."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from datetime import UTC, datetime

import pytest
from wallet_http import MERCHANT, WalletClient

from portal_events import WalletDepositCreditedV1, WalletWithdrawalPaidV1
from portal_kit.messaging.events import new_event
from portal_kit.sessions import OpsRole
from portal_kit.testing.events import consumed, eventually, publish_event
from portal_kit.testing.plugin import reset_streams, running_worker
from wallet_service.settings import WalletSettings
from wallet_service.worker import build_worker

DASHBOARD = f"/wps/ops/wallet/merchants/{MERCHANT}/dashboard/money"


@pytest.fixture
async def worker(wallet: WalletClient, wallet_settings: WalletSettings) -> AsyncIterator[None]:
    await reset_streams(wallet_settings.nats_url)
    async with running_worker(build_worker(wallet_settings)):
        for durable in ("wallet__count_deposit", "wallet__count_withdrawal"):
            await eventually(lambda d=durable: consumed(wallet_settings.nats_url, "WALLET", d, 0), timeout=30)
        yield


def deposit(amount: int, at: datetime) -> WalletDepositCreditedV1:
    data = {"depositId": str(uuid.uuid4()), "accountId": str(uuid.uuid4()), "channel": "SANDBOX", "amount": amount,
            "currency": "TRY", "creditedAt": at.isoformat()}  # fmt: skip
    return new_event(WalletDepositCreditedV1, MERCHANT, data)


def paid(amount: int, at: datetime) -> WalletWithdrawalPaidV1:
    data = {"withdrawalId": str(uuid.uuid4()), "accountId": str(uuid.uuid4()), "amount": amount, "currency": "TRY",
            "paidAt": at.isoformat()}  # fmt: skip
    return new_event(WalletWithdrawalPaidV1, MERCHANT, data)


async def test_each_deposit_and_withdrawal_counts_once_in_its_utc_day(
    wallet: WalletClient, wallet_settings: WalletSettings, worker: None
) -> None:
    url = wallet_settings.nats_url
    late = datetime(2026, 11, 20, 23, 59, 59, 999_999, tzinfo=UTC)  # the last instant of the 20th
    first = deposit(10_000, late)
    for event in (first, deposit(2_500, datetime(2026, 11, 21, 0, 0, tzinfo=UTC)), paid(4_000, late)):
        await publish_event(url, event)
    await publish_event(url, first, msg_id="redelivered")  # the same event again: counted once
    await eventually(lambda: consumed(url, "WALLET", "wallet__count_deposit", 3))
    await eventually(lambda: consumed(url, "WALLET", "wallet__count_withdrawal", 3))

    answer = await wallet.call("GET", f"{DASHBOARD}?startDate=2026-11-19&endDate=2026-11-21", await wallet.ops())
    assert answer.status_code == 200, answer.text
    days = [(d["day"], d["currency"], d["deposits"], d["depositAmount"], d["withdrawals"], d["withdrawalAmount"])
            for d in answer.json()["value"]]  # fmt: skip
    assert days == [
        ("2026-11-19", "TRY", 0, 0, 0, 0),
        ("2026-11-20", "TRY", 1, 10_000, 1, 4_000),
        ("2026-11-21", "TRY", 1, 2_500, 0, 0),
    ]


async def test_only_the_brands_finance_readers_see_the_money(wallet: WalletClient) -> None:
    for roles in ((OpsRole.VIEWER,), (OpsRole.FINANCE_MAKER,), (OpsRole.FINANCE_CHECKER,), (OpsRole.ADMIN,)):
        ops = await wallet.ops("reader", MERCHANT, *roles)
        answer = await wallet.call("GET", DASHBOARD, ops)
        assert answer.status_code == 200, (roles, answer.text)
        assert answer.json()["value"] == []  # no money moved in the last 30 days
    editor = await wallet.ops("editor", MERCHANT, OpsRole.CONTENT)
    other_brand = await wallet.ops("other", "otherbrand", OpsRole.ADMIN)
    member = (await wallet.member("ayse"))[1]
    for token, status, code in ((editor, 403, "ops.role_required"), (other_brand, 403, "access.denied"),
                                (member, 403, "access.denied"), (None, 401, None)):  # fmt: skip
        refused = await wallet.call("GET", DASHBOARD, token)
        assert refused.status_code == status, refused.text
        if code:
            assert refused.json()["errorCode"] == code
    refused = await wallet.call("GET", f"{DASHBOARD}?startDate=2026-13-01", editor)
    assert refused.status_code == 403  # the role is checked before the range


async def test_a_bad_range_is_refused_with_an_envelope(wallet: WalletClient) -> None:
    ops = await wallet.ops()
    for query, code in (("startDate=2026-13-01", "date.invalid"), ("startDate=2026-11-02&endDate=2026-11-01",
                        "date_range.invalid"), ("startDate=2025-01-01&endDate=2026-11-01", "date_range.invalid")):  # fmt: skip
        refused = await wallet.call("GET", f"{DASHBOARD}?{query}", ops, headers={"Language": "TR"})
        assert (refused.status_code, refused.json()["errorCode"]) == (400, code), refused.text
        assert refused.json()["message"] and "{" not in refused.json()["message"]
